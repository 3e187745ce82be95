// Administrators: ADMIN_EMAIL at start, grant and revoke, and the requireUser/requireAdmin guards.
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareData } from '../src/boot.ts';
import { AppError } from '../src/errors.ts';
import { requireAdmin, requireUser } from '../src/middleware/auth.ts';
import type { AppEnv } from '../src/middleware/types.ts';
import { ensureConfiguredAdmin, grantAdmin, revokeAdmin } from '../src/services/admins.ts';
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
    // A second start changes nothing.
    expect(await ensureConfiguredAdmin(h.ctx)).toBe('unchanged');
  });

  it('ADMIN_EMAIL promotes an existing player and leaves their password alone', async () => {
    h = await createHarness(dialect);
    const player = await registerPlayer(h);
    h.ctx.config = { ...h.ctx.config, adminEmail: player.user.email.toUpperCase(), adminPassword: 'Other-Pass-99' };
    expect(await ensureConfiguredAdmin(h.ctx)).toBe('promoted');
    const me = await call(h, 'GET', '/api/auth/me', { token: player.token });
    expect(me.json.user.isAdmin).toBe(true);
    const login = await call(h, 'POST', '/api/auth/login', {
      body: { email: player.user.email, password: player.password },
    });
    expect(login.status).toBe(200);
  });

  it('refuses to start with an ADMIN_EMAIL to create but no usable ADMIN_PASSWORD', async () => {
    h = await createHarness(dialect, { env: { ADMIN_EMAIL: 'chief@starport.test' } });
    await expect(ensureConfiguredAdmin(h.ctx)).rejects.toThrow('ADMIN_PASSWORD is needed');
    h.ctx.config = { ...h.ctx.config, adminPassword: '123' };
    await expect(ensureConfiguredAdmin(h.ctx)).rejects.toThrow('Password must be at least 6 characters');
  });

  it('grants and revokes, but never revokes the last administrator', async () => {
    h = await createHarness(dialect);
    const a = await registerPlayer(h);
    const b = await registerPlayer(h);
    expect(await grantAdmin(h.ctx, a.user.email)).toEqual({ changed: true });
    expect(await grantAdmin(h.ctx, a.user.email)).toEqual({ changed: false });
    await expect(revokeAdmin(h.ctx, a.user.email)).rejects.toThrow('The last administrator cannot be revoked');
    await grantAdmin(h.ctx, b.user.email);
    expect(await revokeAdmin(h.ctx, a.user.email)).toEqual({ changed: true });
    const me = await call(h, 'GET', '/api/auth/me', { token: a.token });
    expect(me.json.user.isAdmin).toBe(false);
    await expect(grantAdmin(h.ctx, 'nobody@example.com')).rejects.toBeInstanceOf(AppError);
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
      .onError((error, c) =>
        error instanceof AppError
          ? c.json({ error: { message: error.message, code: error.code } }, error.status)
          : c.json({ error: { message: 'boom' } }, 500),
      );
    const ask = async (path: string, token?: string) => {
      const res = await guarded.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      return { status: res.status, json: (await res.json()) as { error?: { message: string } } };
    };
    expect((await ask('/mine')).status).toBe(401);
    expect((await ask('/admin-only')).status).toBe(401);
    const player = await registerPlayer(h);
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email);
    await grantAdmin(h.ctx, player.user.email);
    expect((await ask('/mine', player.token)).status).toBe(200);
    expect((await ask('/admin-only', player.token)).status).toBe(200);
    await revokeAdmin(h.ctx, player.user.email);
    const refused = await ask('/admin-only', player.token);
    expect(refused.status).toBe(403);
    expect(refused.json.error?.message).toBe('Administrator access required');
    expect(h.logs.some((l) => l.msg === 'authz.refused' && l.userId === player.user._id)).toBe(true);
    expect((await ask('/admin-only', admin.token)).status).toBe(200);
  });
});
