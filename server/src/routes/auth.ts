// /api/auth: register, login (with its two-factor step and the Discord ticket), me, logout.
import {
  discordLoginRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  twoFactorLoginRequestSchema,
} from '@starport/api-client/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import { getClientAddress } from '../middleware/client-address.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { login, logout, type RequestMeta, register } from '../services/accounts/accounts.ts';
import { completeTwoFactorLogin, redeemDiscordTicket } from '../services/accounts/login-challenges.ts';
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
  .post('/login/2fa', async (c) => {
    const input = await readBody(c, twoFactorLoginRequestSchema);
    return c.json(await completeTwoFactorLogin(c.get('ctx'), input, requestMeta(c)));
  })
  .post('/login/discord', async (c) => {
    const input = await readBody(c, discordLoginRequestSchema);
    return c.json(await redeemDiscordTicket(c.get('ctx'), input.ticket, requestMeta(c)));
  })
  .get('/me', requireUser, (c) => c.json({ user: toUserView(c.get('user')) }))
  .post('/logout', requireUser, async (c) => {
    await logout(c.get('ctx'), c.get('tokenHash'), c.get('user').id);
    return c.json({ ok: true as const });
  });
