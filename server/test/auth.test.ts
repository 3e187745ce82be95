// Accounts through the real app on a real database: register, login, me, logout, sessions, limits.
import { authResponseSchema, errorEnvelopeSchema, meResponseSchema } from '@starport/api-client/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/services/accounts/passwords.ts';
import { hashToken, purgeExpiredSessions } from '../src/services/accounts/sessions.ts';
import { call, newPlayer, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const DAY = 24 * 60 * 60 * 1000;

async function passwordHashOf(h: TestHarness, userId: string): Promise<string> {
  const row = await h.ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

describe.each(dialects)('accounts on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  describe('POST /api/auth/register', () => {
    it('creates the account and answers {user, token} with the spec fields', async () => {
      const input = newPlayer({ email: 'Nova@Example.com', username: 'NovaPilot' });
      const res = await call(h, 'POST', '/api/auth/register', { body: input });
      expect(res.status).toBe(201);
      authResponseSchema.parse(res.json);
      expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.json.user).toEqual({
        _id: expect.any(String),
        email: 'Nova@Example.com',
        username: 'NovaPilot',
        credits: 0,
        isAdmin: false,
        currentTier: null,
        discordId: null,
        discordUsername: null,
        emailVerified: false,
      });
      const me = await call(h, 'GET', '/api/auth/me', { token: res.json.token });
      expect(me.status).toBe(200);
      expect(meResponseSchema.parse(me.json).user.username).toBe('NovaPilot');
    });

    it.each([
      [{ password: '12345' }, 'Password must be at least 6 characters'],
      [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
      [{ username: 'ab' }, 'Username must be 3 to 20 characters'],
      [{ username: 'a'.repeat(21) }, 'Username must be 3 to 20 characters'],
      [{ username: 'bad name!' }, 'Username may only contain letters, numbers, dots, hyphens and underscores'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ email: '' }, 'Email is required'],
    ])('refuses %j with 400 "%s" and creates nothing', async (override, message) => {
      const res = await call(h, 'POST', '/api/auth/register', { body: newPlayer(override) });
      expect(res.status).toBe(400);
      expect(errorEnvelopeSchema.parse(res.json)).toEqual({
        error: { message, code: 'invalid_request', requestId: expect.any(String) },
      });
      const count = await h.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(count?.n)).toBe(0);
    });

    it('accepts a 64-character pass-phrase and a 6-character password', async () => {
      const long = await call(h, 'POST', '/api/auth/register', {
        body: newPlayer({ password: `${'s'.repeat(60)}-42x` }),
      });
      expect(long.status).toBe(201);
      const short = await call(h, 'POST', '/api/auth/register', { body: newPlayer({ password: 'k7#Qv2' }) });
      expect(short.status).toBe(201);
    });

    it('refuses a missing field and a body that is not an object', async () => {
      const missing = await call(h, 'POST', '/api/auth/register', { body: { email: 'a@b.co', username: 'abc' } });
      expect(missing.status).toBe(400);
      expect(missing.json.error.message).toBe('Password is required');
      const array = await call(h, 'POST', '/api/auth/register', { body: [1, 2] });
      expect(array.status).toBe(400);
      expect(array.json.error.message).toBe('Request body must be a JSON object');
    });

    it('refuses one of the most common passwords', async () => {
      const res = await call(h, 'POST', '/api/auth/register', { body: newPlayer({ password: 'password1' }) });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe('This password is too common. Please choose a less common one');
    });

    it('refuses a taken email or username whatever their case, with 409', async () => {
      await registerPlayer(h, { email: 'ace@example.com', username: 'AcePilot' });
      const sameEmail = await call(h, 'POST', '/api/auth/register', {
        body: newPlayer({ email: 'ACE@Example.COM' }),
      });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.json.error).toEqual({
        message: 'An account with this email already exists',
        code: 'conflict',
        requestId: expect.any(String),
      });
      const sameName = await call(h, 'POST', '/api/auth/register', { body: newPlayer({ username: 'acepilot' }) });
      expect(sameName.status).toBe(409);
      expect(sameName.json.error.message).toBe('This username is already taken');
    });

    it('gives exactly one account when the same sign-up races itself', async () => {
      const input = newPlayer();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => call(h, 'POST', '/api/auth/register', { body: input })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    });

    it('ignores fields a player may not set (isAdmin, credits, currentTier)', async () => {
      const res = await call(h, 'POST', '/api/auth/register', {
        body: { ...newPlayer(), isAdmin: true, credits: 1_000_000, currentTier: 'x', is_admin: 1 },
      });
      expect(res.status).toBe(201);
      expect(res.json.user).toMatchObject({ isAdmin: false, credits: 0, currentTier: null });
    });

    it('stores an argon2id hash, never the password', async () => {
      const player = await registerPlayer(h);
      const stored = await passwordHashOf(h, player.user._id);
      expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(stored).not.toContain(player.password);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the email in any case and gives a new token each time', async () => {
      const player = await registerPlayer(h, { email: 'wing@example.com' });
      const first = await call(h, 'POST', '/api/auth/login', {
        body: { email: 'WING@example.com', password: player.password },
      });
      expect(first.status).toBe(200);
      expect(first.json.user).toEqual(player.user);
      const second = await call(h, 'POST', '/api/auth/login', {
        body: { email: 'wing@example.com', password: player.password },
      });
      expect(second.json.token).not.toBe(first.json.token);
      expect(second.json.token).not.toBe(player.token);
    });

    it('answers a wrong password and an unknown email alike: 401 "Invalid email or password"', async () => {
      const player = await registerPlayer(h);
      const wrong = await call(h, 'POST', '/api/auth/login', {
        body: { email: player.user.email, password: 'nope-nope' },
      });
      const unknown = await call(h, 'POST', '/api/auth/login', {
        body: { email: 'nobody@example.com', password: 'nope-nope' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      // Byte for byte the same answer, but for the id each call gets (which says nothing about the account).
      const withoutId = (res: typeof wrong) => res.text.replace(res.json.error.requestId, '');
      expect(withoutId(wrong)).toBe(withoutId(unknown));
      expect(wrong.json).toEqual({
        error: { message: 'Invalid email or password', code: 'unauthorized', requestId: expect.any(String) },
      });
    });

    it('requires email and password', async () => {
      const res = await call(h, 'POST', '/api/auth/login', { body: { email: 'a@b.co' } });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe('Password is required');
    });

    it('re-writes a hash made with older parameters at the next sign-in', async () => {
      const player = await registerPlayer(h);
      const weak = await hashPassword(player.password, { memoryCost: 8192, timeCost: 1, parallelism: 1 });
      await h.ctx.db.updateTable('users').set({ password_hash: weak }).where('id', '=', player.user._id).execute();
      const res = await call(h, 'POST', '/api/auth/login', {
        body: { email: player.user.email, password: player.password },
      });
      expect(res.status).toBe(200);
      expect(await passwordHashOf(h, player.user._id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('logs successful and failed sign-ins with who and from where, never the password', async () => {
      const player = await registerPlayer(h);
      await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: 'wrong-one' } });
      await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: player.password } });
      const failed = h.logs.find((l) => l.msg === 'auth.login_failed');
      const ok = h.logs.find((l) => l.msg === 'auth.login');
      expect(failed).toMatchObject({ email: player.user.email, address: expect.any(String), time: expect.any(String) });
      expect(ok).toMatchObject({ userId: player.user._id });
      const all = JSON.stringify(h.logs);
      expect(all).not.toContain(player.password);
      expect(all).not.toContain('wrong-one');
      expect(all).not.toContain(player.token);
    });
  });

  describe('sessions', () => {
    it('GET /api/auth/me without a token, or with an unknown one, is 401', async () => {
      const none = await call(h, 'GET', '/api/auth/me');
      expect(none.status).toBe(401);
      expect(none.json).toEqual({
        error: { message: 'Please log in to continue', code: 'unauthorized', requestId: expect.any(String) },
      });
      const bogus = await call(h, 'GET', '/api/auth/me', { token: 'made-up-token' });
      expect(bogus.status).toBe(401);
    });

    it('stores only the hash of the token', async () => {
      const player = await registerPlayer(h);
      const rows = await h.ctx.db.selectFrom('sessions').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(hashToken(player.token));
      expect(JSON.stringify(rows)).not.toContain(player.token);
    });

    it('logout revokes the token and only that one', async () => {
      const player = await registerPlayer(h);
      const other = await call(h, 'POST', '/api/auth/login', {
        body: { email: player.user.email, password: player.password },
      });
      const out = await call(h, 'POST', '/api/auth/logout', { token: player.token });
      expect(out.status).toBe(200);
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(401);
      expect((await call(h, 'POST', '/api/auth/logout', { token: player.token })).status).toBe(401);
      expect((await call(h, 'GET', '/api/auth/me', { token: other.json.token })).status).toBe(200);
    });

    it('expires after 7 idle days, and activity keeps it alive', async () => {
      const player = await registerPlayer(h);
      h.clock.advance(6 * DAY);
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(200);
      h.clock.advance(6 * DAY);
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(200);
      h.clock.advance(7 * DAY + 1000);
      const expired = await call(h, 'GET', '/api/auth/me', { token: player.token });
      expect(expired.status).toBe(401);
      expect(expired.json.error.message).toBe('Your session has expired. Please log in again');
      const rows = await h.ctx.db.selectFrom('sessions').selectAll().execute();
      expect(rows).toHaveLength(0);
    });

    it('expires 30 days after sign-in however active', async () => {
      const player = await registerPlayer(h);
      for (let day = 3; day <= 27; day += 3) {
        h.clock.advance(3 * DAY);
        const res = await call(h, 'GET', '/api/auth/me', { token: player.token });
        expect(res.status, `day ${day}`).toBe(200);
      }
      h.clock.advance(2 * DAY);
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(200);
      h.clock.advance(1 * DAY);
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(401);
    });

    it('purges expired and idle sessions, keeping live ones', async () => {
      const stale = await registerPlayer(h);
      h.clock.advance(8 * DAY);
      const fresh = await registerPlayer(h);
      expect(await purgeExpiredSessions(h.ctx)).toBe(1);
      const left = await h.ctx.db.selectFrom('sessions').select('token_hash').execute();
      expect(left.map((s) => s.token_hash)).toEqual([hashToken(fresh.token)]);
      expect((await call(h, 'GET', '/api/auth/me', { token: stale.token })).status).toBe(401);
      expect((await call(h, 'GET', '/api/auth/me', { token: fresh.token })).status).toBe(200);
    });

    it('shows a tier the user holds on the user object', async () => {
      const player = await registerPlayer(h);
      const now = h.clock().toISOString();
      await h.ctx.db
        .insertInto('tiers')
        .values({
          id: 'tier-1',
          name: 'Captain',
          slug: 'captain',
          price_cents: 999,
          icon: '🚀',
          benefits: '[]',
          popular: 0,
          display_order: 0,
          is_active: 1,
          color_from: '#3b82f6',
          color_to: '#8b5cf6',
          discord_role: 'Captain',
          discord_role_id: '',
          discord_role_color: '#5865F2',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await h.ctx.db
        .updateTable('users')
        .set({ current_tier_id: 'tier-1' })
        .where('id', '=', player.user._id)
        .execute();
      const me = await call(h, 'GET', '/api/auth/me', { token: player.token });
      expect(me.json.user.currentTier).toEqual({ _id: 'tier-1', name: 'Captain', price: 9.99 });
    });
  });

  describe('the database', () => {
    it('refuses a balance below zero', async () => {
      const player = await registerPlayer(h);
      await expect(
        h.ctx.db.updateTable('users').set({ credits: sql`credits - 1` }).where('id', '=', player.user._id).execute(),
      ).rejects.toThrow();
      const row = await h.ctx.db
        .selectFrom('users')
        .select('credits')
        .where('id', '=', player.user._id)
        .executeTakeFirstOrThrow();
      expect(Number(row.credits)).toBe(0);
    });
  });
});
