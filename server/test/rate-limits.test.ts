// Sign-in and sign-up limits per address, and failed sign-ins per account (SECURITY.md, ASVS 6.1.1).
import { afterEach, describe, expect, it } from 'vitest';
import { call, newPlayer, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const MINUTE = 60_000;

describe.each(dialects)('rate limits on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  const from = (address: string) => ({ 'X-Forwarded-For': address });

  it('limits login attempts per address with 429 and Retry-After, other addresses unaffected', async () => {
    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true', LOGIN_LIMIT_PER_ADDRESS: '3' } });
    const player = await registerPlayer(h);
    const body = { email: player.user.email, password: player.password };
    for (let i = 0; i < 3; i++) {
      expect((await call(h, 'POST', '/api/auth/login', { body, headers: from('203.0.113.7') })).status).toBe(200);
    }
    const limited = await call(h, 'POST', '/api/auth/login', { body, headers: from('203.0.113.7') });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({
      message: 'Too many login attempts. Please try again in 5 minutes.',
      code: 'rate_limited',
    });
    expect(Number(limited.headers.get('retry-after'))).toBe(300);
    expect((await call(h, 'POST', '/api/auth/login', { body, headers: from('198.51.100.2') })).status).toBe(200);
    h.clock.advance(5 * MINUTE);
    expect((await call(h, 'POST', '/api/auth/login', { body, headers: from('203.0.113.7') })).status).toBe(200);
  });

  it('limits sign-ups per address', async () => {
    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true', REGISTER_LIMIT_PER_ADDRESS: '2' } });
    for (let i = 0; i < 2; i++) {
      const ok = await call(h, 'POST', '/api/auth/register', { body: newPlayer(), headers: from('203.0.113.9') });
      expect(ok.status).toBe(201);
    }
    const limited = await call(h, 'POST', '/api/auth/register', { body: newPlayer(), headers: from('203.0.113.9') });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe('Too many sign-ups from this address. Please try again in 60 minutes.');
    const count = await h.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(2);
  });

  it('stops guessing one account from many addresses, for 15 minutes only', async () => {
    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true', FAILED_LOGIN_LIMIT_PER_ACCOUNT: '3' } });
    const player = await registerPlayer(h);
    for (let i = 0; i < 3; i++) {
      const wrong = await call(h, 'POST', '/api/auth/login', {
        body: { email: player.user.email, password: `guess-${i}-x` },
        headers: from(`198.51.100.${i}`),
      });
      expect(wrong.status).toBe(401);
    }
    // Even the right password waits now, so guessing cannot go on; the window is short, so a
    // victim is not locked out for long.
    const right = { email: player.user.email, password: player.password };
    const limited = await call(h, 'POST', '/api/auth/login', { body: right, headers: from('192.0.2.1') });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe(
      'Too many failed login attempts for this account. Please try again in 15 minutes.',
    );
    // Other accounts are not affected.
    const other = await registerPlayer(h);
    const otherLogin = await call(h, 'POST', '/api/auth/login', {
      body: { email: other.user.email, password: other.password },
      headers: from('192.0.2.1'),
    });
    expect(otherLogin.status).toBe(200);
    h.clock.advance(15 * 60_000);
    expect((await call(h, 'POST', '/api/auth/login', { body: right, headers: from('192.0.2.1') })).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    h = await createHarness(dialect, { env: { LOGIN_LIMIT_PER_ADDRESS: '2' } });
    const player = await registerPlayer(h);
    const body = { email: player.user.email, password: player.password };
    await call(h, 'POST', '/api/auth/login', { body, headers: from('10.0.0.1') });
    await call(h, 'POST', '/api/auth/login', { body, headers: from('10.0.0.2') });
    const third = await call(h, 'POST', '/api/auth/login', { body, headers: from('10.0.0.3') });
    expect(third.status).toBe(429);
  });
});
