// /api/auth: register, login, me, logout.
import { loginRequestSchema, registerRequestSchema } from '@starport/api-client/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import { getClientAddress } from '../middleware/client-address.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { login, logout, type RequestMeta, register } from '../services/accounts/accounts.ts';
import { toUserView } from '../services/accounts/user-view.ts';

/** Who is asking, for sign-ins and the account calls: the client address and the browser. */
export function requestMeta(c: Context<AppEnv>): RequestMeta {
  return {
    address: getClientAddress(c, c.get('ctx').config.trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  };
}

export const authRoutes = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const input = await readBody(c, registerRequestSchema);
    return c.json(await register(c.get('ctx'), input, requestMeta(c)), 201);
  })
  .post('/login', async (c) => {
    const input = await readBody(c, loginRequestSchema);
    return c.json(await login(c.get('ctx'), input, requestMeta(c)));
  })
  .get('/me', requireUser, (c) => c.json({ user: toUserView(c.get('user')) }))
  .post('/logout', requireUser, async (c) => {
    await logout(c.get('ctx'), c.get('tokenHash'), c.get('user').id);
    return c.json({ ok: true as const });
  });
