// requireUser and requireAdmin: 401 without a valid session, 403 for a player on admin routes, and
// 403 for an administrator without two-factor sign-in where the site's settings require it.

import { TWO_FACTOR_REQUIRED_CODE, twoFactorMessages } from '@starport/api-client/contract';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError, authMessages, forbidden, unauthorized } from '../errors.ts';
import { isAdminTwoFactorMissing } from '../services/accounts/admin-two-factor.ts';
import { authenticateToken } from '../services/accounts/sessions.ts';
import { getClientAddress } from './client-address.ts';
import { requestHeader } from './request-header.ts';
import type { AppEnv } from './types.ts';

export function readBearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** `fresh`: read from the database even when the session read cache (db/read-cache.ts) holds it. */
function signedIn(fresh: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const ctx = c.get('ctx');
    const token = readBearerToken(requestHeader(c, 'authorization'));
    if (!token) throw unauthorized(authMessages.signInRequired);
    const result = await authenticateToken(ctx, token, {
      fresh,
      address: () => getClientAddress(c, ctx.config.trustProxy),
    });
    if (!result.ok) {
      throw unauthorized(result.reason === 'expired' ? authMessages.sessionExpired : authMessages.signInRequired);
    }
    c.set('user', result.user);
    c.set('tokenHash', result.tokenHash);
    await next();
  });
}

export const requireUser = signedIn(false);

/**
 * For a public call that shows a signed-in caller something of their own (the leaderboard's own
 * row): the caller's user id, or null when signed out or the token is not a working session
 * (never a 401: the public answer stands without it).
 */
export async function readOptionalUserId(c: Context<AppEnv>): Promise<string | null> {
  const ctx = c.get('ctx');
  const token = readBearerToken(requestHeader(c, 'authorization'));
  if (!token) return null;
  const result = await authenticateToken(ctx, token, {
    fresh: false,
    address: () => getClientAddress(c, ctx.config.trustProxy),
  });
  return result.ok ? result.user.id : null;
}
const requireFreshUser = signedIn(true);

/**
 * Reads the user afresh on every call, even past the session read cache, so a demoted admin's next
 * admin call is refused, also when another process (the admin CLI, a second server) demoted them.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  await requireFreshUser(c, async () => {
    const user = c.get('user');
    if (user.is_admin !== 1) {
      c.get('ctx').logger.warn('authz.refused', { userId: user.id, method: c.req.method, path: c.req.path });
      throw forbidden(authMessages.adminRequired);
    }
    if (await isAdminTwoFactorMissing(c.get('ctx'), user.id)) {
      c.get('ctx').logger.warn('authz.refused', {
        userId: user.id,
        method: c.req.method,
        path: c.req.path,
        reason: 'two_factor',
      });
      throw new AppError(TWO_FACTOR_REQUIRED_CODE, twoFactorMessages.adminRequired);
    }
    await next();
  });
});
