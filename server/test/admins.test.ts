// Administrators: ADMIN_EMAIL at start, grant and revoke, and the requireUser/requireAdmin guards.
import { errorEnvelopeSchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { handleError } from '../src/app.ts';
import { prepareData } from '../src/boot.ts';
import { AppError } from '../src/errors.ts';
import { requireAdmin, requireUser } from '../src/middleware/auth.ts';
import type { AppEnv } from '../src/middleware/types.ts';
import { ensureConfiguredAdmin, grantAdmin, revokeAdmin } from '../src/services/admin/administrators.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('administrators on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('ADMIN_EMAIL and ADMIN_PASSWORD create an administrator who can sign in', async () => {
    h = await createHarness(dialect, {
      env: { ADMIN_EMAIL: 'Chief@Starport.test', ADMIN_PASSWORD: 'Nebula-Command-77' },
    });
    await prepareData(h.ctx);
    const res = await call(h, 'POST', '/api/auth/login', {
      body: { email: 'chief@starport.test', password: 'Nebula-Command-77' },
    });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ isAdmin: true, username: 'Chief', email: 'Chief@Starport.test' });
    expect(h.logs.find((l) => l.msg === 'admin.created')).toMatchObject({ by: 'ADMIN_EMAIL' });
    // A second start changes nothing.
    expect(await ensureConfiguredAdmin(h.ctx)).toBe('unchanged');
  });

  // ADMIN_EMAIL naming an account that already exists: security/v6-authentication-admin-email.test.ts.

  it('refuses to start with an unusable ADMIN_EMAIL or ADMIN_PASSWORD', async () => {
    h = await createHarness(dialect, { env: { ADMIN_EMAIL: 'chief@starport.test' } });
    await expect(ensureConfiguredAdmin(h.ctx)).rejects.toThrow('ADMIN_PASSWORD is needed');
    h.ctx.config = { ...h.ctx.config, adminPassword: '123' };
    await expect(ensureConfiguredAdmin(h.ctx)).rejects.toThrow('Password must be at least 6 characters');
    h.ctx.config = { ...h.ctx.config, adminPassword: 'password1' };
    await expect(ensureConfiguredAdmin(h.ctx)).rejects.toThrow('This password is too common');
    h.ctx.config = { ...h.ctx.config, adminEmail: 'not an email', adminPassword: 'Nebula-Command-77' };
    await expect(ensureConfiguredAdmin(h.ctx)).rejects.toThrow('ADMIN_EMAIL is not a valid email');
  });

  it('grants and revokes with an audit line, but never revokes the last administrator', async () => {
    h = await createHarness(dialect);
    const a = await registerPlayer(h);
    const b = await registerPlayer(h);
    expect(await grantAdmin(h.ctx, a.user.email, 'cli:ops')).toEqual({ changed: true });
    expect(await grantAdmin(h.ctx, a.user.email, 'cli:ops')).toEqual({ changed: false });
    await expect(revokeAdmin(h.ctx, a.user.email, 'cli:ops')).rejects.toThrow(
      'The last administrator cannot be revoked',
    );
    await grantAdmin(h.ctx, b.user.email, 'cli:ops');
    expect(await revokeAdmin(h.ctx, a.user.email, 'cli:ops')).toEqual({ changed: true });
    expect(await revokeAdmin(h.ctx, a.user.email, 'cli:ops')).toEqual({ changed: false });
    const me = await call(h, 'GET', '/api/auth/me', { token: a.token });
    expect(me.json.user.isAdmin).toBe(false);
    expect(h.logs.filter((l) => l.msg === 'admin.granted')).toHaveLength(2);
    expect(h.logs.find((l) => l.msg === 'admin.revoked')).toMatchObject({ userId: a.user._id, by: 'cli:ops' });
    await expect(grantAdmin(h.ctx, 'nobody@example.com', 'cli:ops')).rejects.toBeInstanceOf(AppError);
  });

  it('leaves one administrator when every administrator is revoked at the same moment', async () => {
    h = await createHarness(dialect);
    const admins = await Promise.all(Array.from({ length: 6 }, () => registerPlayer(h)));
    for (const admin of admins) await grantAdmin(h.ctx, admin.user.email, 'test');
    const results = await Promise.allSettled(admins.map((admin) => revokeAdmin(h.ctx, admin.user.email, 'test')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const left = await h.ctx.db.selectFrom('users').select('id').where('is_admin', '=', 1).execute();
    expect(left).toHaveLength(1);
  });

  it('requireUser is 401 for guests; requireAdmin is 403 for players and for a demoted admin at once', async () => {
    h = await createHarness(dialect);
    const guarded = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('ctx', h.ctx);
        await next();
      })
      .get('/mine', requireUser, (c) => c.json({ id: c.get('user').id }))
      .get('/admin-only', requireAdmin, (c) => c.json({ ok: true }))
      .onError(handleError(h.ctx));
    const ask = async (path: string, token?: string) => {
      const res = await guarded.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      return { status: res.status, json: (await res.json()) as any };
    };
    const guest = await ask('/admin-only');
    expect(guest.status).toBe(401);
    expect(errorEnvelopeSchema.parse(guest.json).error).toEqual({
      message: 'Please log in to continue',
      code: 'unauthorized',
      requestId: expect.any(String),
    });
    expect((await ask('/mine')).status).toBe(401);
    const player = await registerPlayer(h);
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    await grantAdmin(h.ctx, player.user.email, 'test');
    expect((await ask('/mine', player.token)).status).toBe(200);
    expect((await ask('/admin-only', player.token)).status).toBe(200);
    await revokeAdmin(h.ctx, player.user.email, 'test');
    const refused = await ask('/admin-only', player.token);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toEqual({
      message: 'Administrator access required',
      code: 'forbidden',
      requestId: expect.any(String),
    });
    expect(h.logs.some((l) => l.msg === 'authz.refused' && l.userId === player.user._id)).toBe(true);
    expect((await ask('/admin-only', admin.token)).status).toBe(200);
  });
});
