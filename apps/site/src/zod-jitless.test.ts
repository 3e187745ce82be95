// The CSP forbids eval: zod on the site must skip its `new Function('')` probe (see zod-jitless.ts).
import { describe, expect, it } from 'vitest';
import './zod-jitless.ts';
import { config, z } from 'zod/mini';

describe('zod on the site', () => {
  it('runs jitless, so it never probes for eval', () => {
    expect(config().jitless).toBe(true);
  });

  it('still validates objects (without compiled parsers)', () => {
    const schema = z.object({ email: z.string() });
    expect(schema.safeParse({ email: 'a@b.c' }).success).toBe(true);
    expect(schema.safeParse({ email: 1 }).success).toBe(false);
  });
});
