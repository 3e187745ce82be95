// Sign-in and sign-up limits per address, and failed sign-ins per account (SECURITY.md, ASVS 6.1.1);
// the attacker's view of them is in security/v6-authentication-login-throttle.test.ts.

import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteEndedRateLimits } from '../src/db/repositories/rate-limits.ts';
import { addressLimitKey } from '../src/lib/client-address-key.ts';
import { call, newPlayer, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness, type TestInstance } from './helpers/test-context.ts';

const MINUTE = 60_000;
const from = (address: string) => ({ 'X-Forwarded-For': address });

describe.each(dialects)('rate limits on %s', (dialect) => {
  let h: TestHarness;
  // The counters live by the library's clock, Date.now(): it is faked (timers are not) and moved
  // along with the app's.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await h.close();
  });
  const later = (ms: number) => {
    h.clock.advance(ms);
    vi.setSystemTime(Date.now() + ms);
  };

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
      requestId: expect.any(String),
    });
    expect(Number(limited.headers.get('retry-after'))).toBe(300);
    expect((await call(h, 'POST', '/api/auth/login', { body, headers: from('198.51.100.2') })).status).toBe(200);
    later(5 * MINUTE);
    expect((await call(h, 'POST', '/api/auth/login', { body, headers: from('203.0.113.7') })).status).toBe(200);
  });

  it('limits sign-ups per address, and logs the refusal', async () => {
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
    expect(h.logs.some((l) => l.msg === 'auth.register_rate_limited' && l.address === '203.0.113.9')).toBe(true);
  });

  it('stops one address guessing one account for 15 minutes, while the owner elsewhere still gets in', async () => {
    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true', FAILED_LOGIN_LIMIT_PER_ACCOUNT_ADDRESS: '3' } });
    const player = await registerPlayer(h);
    const right = { email: player.user.email, password: player.password };
    for (let i = 0; i < 3; i++) {
      const wrong = await call(h, 'POST', '/api/auth/login', {
        body: { email: player.user.email, password: `guess-${i}-x` },
        headers: from('198.51.100.66'),
      });
      expect(wrong.status).toBe(401);
    }
    // Even the right password waits now from that address, so guessing cannot go on there.
    const limited = await call(h, 'POST', '/api/auth/login', { body: right, headers: from('198.51.100.66') });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe(
      'Too many failed login attempts for this account. Please try again in 15 minutes.',
    );
    // The owner, from their own address, is not locked out by someone else's guessing.
    expect((await call(h, 'POST', '/api/auth/login', { body: right, headers: from('192.0.2.1') })).status).toBe(200);
    later(15 * MINUTE);
    expect((await call(h, 'POST', '/api/auth/login', { body: right, headers: from('198.51.100.66') })).status).toBe(
      200,
    );
  });

  it('over the account-wide ceiling, holds back the addresses that failed until the hour ends, not the others', async () => {
    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true', FAILED_LOGIN_LIMIT_PER_ACCOUNT: '5' } });
    const player = await registerPlayer(h);
    const guess = (address: string, i = 0) =>
      call(h, 'POST', '/api/auth/login', {
        body: { email: player.user.email, password: `parallel-guess-${i}` },
        headers: from(address),
      });
    const addresses = Array.from({ length: 20 }, (_, i) => `198.51.100.${i}`);
    // Each address that has not failed yet has its password checked, even past the ceiling.
    const first = await Promise.all(addresses.map((address, i) => guess(address, i)));
    expect(first.map((g) => g.status)).toEqual(addresses.map(() => 401));
    later(10 * MINUTE);
    const again = await Promise.all(addresses.map((address, i) => guess(address, 20 + i)));
    expect(again.map((g) => g.status)).toEqual(addresses.map(() => 429));
    expect(again[0]?.json.error.message).toBe(
      'Too many failed login attempts for this account. Please try again in 50 minutes.',
    );
    expect(Number(again[0]?.headers.get('retry-after'))).toBe(50 * 60);
    // A new address gets one checked guess; the owner signs in.
    expect((await guess('203.0.113.1')).status).toBe(401);
    expect((await guess('203.0.113.1')).status).toBe(429);
    const right = { email: player.user.email, password: player.password };
    expect((await call(h, 'POST', '/api/auth/login', { body: right, headers: from('192.0.2.1') })).status).toBe(200);
    // Other accounts are not affected.
    const other = await registerPlayer(h);
    const otherLogin = await call(h, 'POST', '/api/auth/login', {
      body: { email: other.user.email, password: other.password },
      headers: from('198.51.100.1'),
    });
    expect(otherLogin.status).toBe(200);
    later(50 * MINUTE);
    expect((await guess('198.51.100.1')).status).toBe(401);
  });

  it('does not let successful sign-ins of the owner give back failures counted for the account', async () => {
    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true', FAILED_LOGIN_LIMIT_PER_ACCOUNT: '3' } });
    const player = await registerPlayer(h);
    const wrong = (i: number) =>
      call(h, 'POST', '/api/auth/login', {
        body: { email: player.user.email, password: `guess-${i}-x` },
        headers: from(`198.51.100.${i}`),
      });
    expect((await wrong(1)).status).toBe(401);
    expect((await wrong(2)).status).toBe(401);
    const right = { email: player.user.email, password: player.password };
    expect((await call(h, 'POST', '/api/auth/login', { body: right, headers: from('192.0.2.1') })).status).toBe(200);
    expect((await wrong(3)).status).toBe(401);
    // Three failures, the ceiling: the first guesser's address now waits.
    expect((await wrong(1)).status).toBe(429);
  });

  it('takes the address our proxy appended (the right-most X-Forwarded-For), not what the client wrote', async () => {
    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true', LOGIN_LIMIT_PER_ADDRESS: '2' } });
    const player = await registerPlayer(h);
    const body = { email: player.user.email, password: player.password };
    for (const spoof of ['1.1.1.1', '2.2.2.2']) {
      const res = await call(h, 'POST', '/api/auth/login', { body, headers: from(`${spoof}, 203.0.113.50`) });
      expect(res.status).toBe(200);
    }
    const third = await call(h, 'POST', '/api/auth/login', { body, headers: from('3.3.3.3, 203.0.113.50') });
    expect(third.status).toBe(429);
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

// N instances on one database (ARCHITECTURE.md, "One process, or many"): a limit of N is N in all,
// not N per instance (SECURITY.md: "Rate limits hold across instances").
describe.runIf(dialects.includes('postgres'))(
  'the PostgreSQL rate-limit store, shared by two instances on one database',
  () => {
    let h: TestHarness;
    let other: TestInstance;
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
    });
    afterEach(async () => {
      vi.useRealTimers();
      await other.close();
      await h.close();
    });
    const later = (ms: number) => {
      h.clock.advance(ms);
      vi.setSystemTime(Date.now() + ms);
    };
    const open = async (env: Record<string, string>) => {
      h = await createHarness('postgres', { env: { TRUST_PROXY: 'true', ...env } });
      other = await h.openInstance();
      // Attempts alternate between the two, as a load balancer would send them.
      return (i: number) => (i % 2 === 0 ? h : other);
    };

    it('counts login attempts per address once for both', async () => {
      const instance = await open({ LOGIN_LIMIT_PER_ADDRESS: '4' });
      const player = await registerPlayer(h);
      const body = { email: player.user.email, password: player.password };
      for (let i = 0; i < 4; i++) {
        const ok = await call(instance(i), 'POST', '/api/auth/login', { body, headers: from('203.0.113.7') });
        expect(ok.status).toBe(200);
      }
      for (const app of [h, other]) {
        const limited = await call(app, 'POST', '/api/auth/login', { body, headers: from('203.0.113.7') });
        expect(limited.status).toBe(429);
        expect(limited.json.error.message).toBe('Too many login attempts. Please try again in 5 minutes.');
        expect(Number(limited.headers.get('retry-after'))).toBe(300);
      }
    });

    it('counts sign-ups per address once for both', async () => {
      const instance = await open({ REGISTER_LIMIT_PER_ADDRESS: '3' });
      for (let i = 0; i < 3; i++) {
        const ok = await call(instance(i), 'POST', '/api/auth/register', {
          body: newPlayer(),
          headers: from('203.0.113.9'),
        });
        expect(ok.status).toBe(201);
      }
      const limited = await call(instance(3), 'POST', '/api/auth/register', {
        body: newPlayer(),
        headers: from('203.0.113.9'),
      });
      expect(limited.status).toBe(429);
      expect(limited.json.error.message).toBe('Too many sign-ups from this address. Please try again in 60 minutes.');
      expect(Number(limited.headers.get('retry-after'))).toBe(3600);
      const count = await h.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(count?.n)).toBe(3);
    });

    it('counts failed logins per account once for both, even with guesses sent to both at once', async () => {
      const instance = await open({ FAILED_LOGIN_LIMIT_PER_ACCOUNT: '5' });
      const player = await registerPlayer(h);
      const guessAll = (round: number) =>
        Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            call(instance(i), 'POST', '/api/auth/login', {
              body: { email: player.user.email, password: `parallel-guess-${round}-${i}` },
              headers: from(`198.51.100.${i}`),
            }),
          ),
        );
      expect((await guessAll(0)).filter((g) => g.status === 401)).toHaveLength(20);
      // Twenty failures counted on one shared ceiling of five: every one of those addresses waits.
      expect((await guessAll(1)).filter((g) => g.status === 429)).toHaveLength(20);
      const right = { email: player.user.email, password: player.password };
      for (const app of [h, other]) {
        expect((await call(app, 'POST', '/api/auth/login', { body: right, headers: from('192.0.2.1') })).status).toBe(
          200,
        );
      }
    });

    it('deletes ended windows in the purge, and keeps live ones', async () => {
      await open({});
      await h.ctx.limiters.loginPerAddress.hit('203.0.113.1');
      later(30 * MINUTE);
      await h.ctx.limiters.registerPerAddress.hit('203.0.113.1');
      await deleteEndedRateLimits(h.ctx.db, h.ctx.dialect, Date.now());
      const rows = await h.ctx.db.selectFrom('rate_limits').select('key').execute();
      expect(rows.map((r) => r.key)).toEqual(['register:203.0.113.1']);
    });

    it('refuses, rather than lets through, when the store fails', async () => {
      await open({});
      const player = await registerPlayer(h);
      await sql`drop table rate_limits`.execute(h.ctx.db);
      const body = { email: player.user.email, password: player.password };
      const res = await call(other, 'POST', '/api/auth/login', { body, headers: from('203.0.113.7') });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.json.token).toBeUndefined();
    });
  },
);

describe('addressLimitKey', () => {
  it('keeps IPv4 as it is, unwraps IPv4-mapped IPv6, and counts IPv6 by its /64', () => {
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('2001:db8:85a3:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:85a3:1::/64');
    expect(addressLimitKey('2001:db8:85a3:1::1')).toBe('2001:db8:85a3:1::/64');
    expect(addressLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(addressLimitKey('unknown')).toBe('unknown');
  });
});
