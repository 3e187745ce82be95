// ASVS 5.0 V2 (anti-automation): SECURITY.md "no request input creates unbounded state" for the session read cache (db/read-cache.ts).
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionCacheUsage } from '../../src/services/accounts/sessions.ts';
import { call, callAll, registerPlayer } from '../helpers/http.ts';
import { createHarness, dialects, type TestHarness } from '../helpers/test-context.ts';

describe.each(dialects)('the session read cache under a flood of made-up tokens on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('answers 10,000 random bearer tokens 401 and keeps nothing for them, while a real session stays kept', async () => {
    const player = await registerPlayer(h);
    // On PostgreSQL reads are kept once the listening connection is up (db/read-cache.ts).
    await expect
      .poll(async () => {
        expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(200);
        return sessionCacheUsage(h.ctx).entries;
      })
      .toBe(1);
    const before = sessionCacheUsage(h.ctx);

    const answers = await callAll(
      h,
      Array.from(
        { length: 10_000 },
        () => ['GET', '/api/auth/me', { token: randomBytes(32).toString('base64url') }] as const,
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([401]));
    // Nothing was added. (On PostgreSQL a notice from another test file's schema may empty it: the
    // channel is database-wide, so only "no more than before" is certain.)
    const after = sessionCacheUsage(h.ctx);
    expect(after.entries).toBeLessThanOrEqual(before.entries);
    expect(after.bytes).toBeLessThanOrEqual(before.bytes);
    expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user.username).toBe(
      player.user.username,
    );
  });
});
