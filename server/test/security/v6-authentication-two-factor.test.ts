// V6 Authentication (6.5 general multi-factor, 6.6 out-of-band and time-based codes; issue 19):
// "a code from the authenticator app is accepted once (the last time step used is kept), also when
// sent twice at once"; "the step between the password and the code is a random challenge, stored only
// as a hash, single use, bound to its account, good for 5 minutes and 5 codes, and finished by any
// instance"; "wrong codes count against the sign-in throttle like wrong passwords"; "recovery codes
// carry 120 random bits, are stored only as hashes and work once" (SECURITY.md).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/lib/ids.ts';
import { call, registerPlayer } from '../helpers/http.ts';
import { createHarness, dialects, type TestHarness } from '../helpers/test-context.ts';
import { appCode, passwordStep, turnOnTwoFactor } from '../helpers/two-factor.ts';

const codeStep = (h: TestHarness, challenge: string, code: string) =>
  call(h, 'POST', '/api/auth/login/2fa', { body: { challenge, code } });

describe.each(dialects)('two-factor sign-in, security, on %s', (dialect) => {
  let h: TestHarness;
  afterEach(() => h.close());

  describe('with generous limits', () => {
    beforeEach(async () => {
      h = await createHarness(dialect);
    });

    it('accepts an app code once: replayed on a new challenge, or sent twice at once, it signs in once', async () => {
      const player = await registerPlayer(h);
      const { secret } = await turnOnTwoFactor(h, player.token);
      const code = appCode(h, secret);
      expect((await codeStep(h, await passwordStep(h, player), code)).status).toBe(200);
      const replay = await codeStep(h, await passwordStep(h, player), code);
      expect(replay.status).toBe(401);
      // An older step's code (still inside the drift window) is no better than the same one.
      expect((await codeStep(h, await passwordStep(h, player), appCode(h, secret, -1))).status).toBe(401);

      h.clock.advance(30_000);
      const [first, second] = [await passwordStep(h, player), await passwordStep(h, player)];
      const next = appCode(h, secret);
      const answers = await Promise.all([codeStep(h, first, next), codeStep(h, second, next)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    });

    it('keeps the challenge only as a hash, uses it once, and binds it to its account', async () => {
      const player = await registerPlayer(h);
      const other = await registerPlayer(h);
      const { secret } = await turnOnTwoFactor(h, player.token);
      const otherFactor = await turnOnTwoFactor(h, other.token);

      const challenge = await passwordStep(h, player);
      const rows = await h.ctx.db.selectFrom('login_challenges').selectAll().execute();
      expect(rows.map((row) => row.challenge_hash)).toContain(sha256Hex(challenge));
      expect(JSON.stringify(rows)).not.toContain(challenge);
      expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // The other account's right code does nothing for this account's challenge.
      const crossed = await codeStep(h, challenge, appCode(h, otherFactor.secret));
      expect(crossed.status).toBe(401);

      const done = await codeStep(h, challenge, appCode(h, secret));
      expect(done.status).toBe(200);
      expect(done.json.user._id).toBe(player.user._id);
      h.clock.advance(30_000);
      const reused = await codeStep(h, challenge, appCode(h, secret));
      expect(reused.status).toBe(401);
      expect(reused.json.error.message).toBe('Your sign-in has expired. Please log in again');
    });

    it('lets a challenge expire after 5 minutes, and end after 5 codes even if the next is right', async () => {
      const player = await registerPlayer(h);
      const { secret } = await turnOnTwoFactor(h, player.token);

      const stale = await passwordStep(h, player);
      h.clock.advance(5 * 60_000 + 1000);
      expect((await codeStep(h, stale, appCode(h, secret))).status).toBe(401);

      const guessed = await passwordStep(h, player);
      for (let i = 0; i < 5; i++) {
        const wrong = await codeStep(h, guessed, String(100000 + i));
        expect(wrong.status).toBe(401);
      }
      const right = await codeStep(h, guessed, appCode(h, secret));
      expect(right.status).toBe(401);
      expect(right.json.error.message).toBe('Your sign-in has expired. Please log in again');
      expect(await h.ctx.db.selectFrom('login_challenges').selectAll().execute()).toEqual([]);
    });

    it('is finished by another instance than the one that checked the password', async () => {
      const player = await registerPlayer(h);
      const { secret } = await turnOnTwoFactor(h, player.token);
      const challenge = await passwordStep(h, player);
      const second = await h.openInstance();
      const done = await codeStep(second as unknown as TestHarness, challenge, appCode(h, secret));
      expect(done.status).toBe(200);
    });

    it('stores recovery codes only as hashes of 120 random bits, each working once', async () => {
      const player = await registerPlayer(h);
      const { recoveryCodes } = await turnOnTwoFactor(h, player.token);
      const stored = await h.ctx.db.selectFrom('two_factor_recovery_codes').select('code_hash').execute();
      expect(stored).toHaveLength(10);
      const text = JSON.stringify(stored);
      for (const code of recoveryCodes) {
        expect(text).not.toContain(code);
        expect(text).not.toContain(code.replaceAll('-', ''));
        // 24 characters of a 32-letter alphabet: 120 bits.
        expect(code.replaceAll('-', '')).toHaveLength(24);
      }
      const code = recoveryCodes[0] as string;
      const answers = await Promise.all([
        codeStep(h, await passwordStep(h, player), code),
        codeStep(h, await passwordStep(h, player), code),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    });
  });

  it('counts wrong codes against the sign-in throttle for the account and address, across challenges', async () => {
    h = await createHarness(dialect, { env: { FAILED_LOGIN_LIMIT_PER_ACCOUNT_ADDRESS: '3' } });
    const player = await registerPlayer(h);
    const { secret } = await turnOnTwoFactor(h, player.token);
    const kept = await passwordStep(h, player);
    for (let i = 0; i < 3; i++) {
      expect((await codeStep(h, await passwordStep(h, player), String(200000 + i))).status).toBe(401);
    }
    // Even the right code, for a challenge got before, waits now; and so does the password step.
    const late = await codeStep(h, kept, appCode(h, secret));
    expect(late.status).toBe(429);
    expect(late.json.error.message).toMatch(/^Too many failed login attempts for this account\./);
    const refused = await call(h, 'POST', '/api/auth/login', {
      body: { email: player.user.email, password: player.password },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
