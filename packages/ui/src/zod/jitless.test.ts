// The CSPs forbid eval: zod on the site and in the console must skip its `new Function('')` probe (see jitless.ts).
import { describe, expect, it } from 'vitest';
import './jitless.ts';
import { config, z } from 'zod/mini';

describe('zod in the browser', () => {
  it('runs jitless, so it never probes for eval', () => {
    expect(config().jitless).toBe(true);
  });

  it('still validates objects (without compiled parsers)', () => {
    const schema = z.object({ email: z.string() });
    expect(schema.safeParse({ email: 'a@b.c' }).success).toBe(true);
    expect(schema.safeParse({ email: 1 }).success).toBe(false);
  });
});
