// requireGameServer: the /api/game calls take a game server key, and only a key. A player's session
// token is refused here, as a key is refused everywhere else (it matches no session).
import { gameMessages } from '@starport/api-client/contract';
import { createMiddleware } from 'hono/factory';
import { unauthorized } from '../errors.ts';
import { authenticateGameKey } from '../services/game/deliveries.ts';
import { readBearerToken } from './auth.ts';
import type { AppEnv } from './types.ts';

export const requireGameServer = createMiddleware<AppEnv>(async (c, next) => {
  const ctx = c.get('ctx');
  const secret = readBearerToken(c.req.header('authorization'));
  if (!secret) throw unauthorized(gameMessages.keyRequired);
  const keyId = await authenticateGameKey(ctx, secret);
  if (!keyId) {
    ctx.logger.warn('game.key_refused', { path: c.req.path });
    throw unauthorized(gameMessages.keyInvalid);
  }
  c.set('gameKeyId', keyId);
  await next();
});
