// /api/leaderboard: the public boards (a signed-in caller also gets their own row) and the player's
// "show me on leaderboards" setting.
import { leaderboardPrivacySchema, leaderboardQuerySchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { readOptionalUserId, requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody, readQuery } from '../middleware/validate.ts';
import { listPublicMetrics, readLeaderboard, readPrivacy, setPrivacy } from '../services/leaderboard/boards.ts';

export const leaderboardRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = readQuery(c, leaderboardQuerySchema);
    return c.json(await readLeaderboard(c.get('ctx'), query, await readOptionalUserId(c)));
  })
  .get('/metrics', async (c) => c.json(await listPublicMetrics(c.get('ctx'))))
  .get('/privacy', requireUser, async (c) => c.json(await readPrivacy(c.get('ctx'), c.get('user').id)))
  .patch('/privacy', requireUser, async (c) => {
    const { showOnLeaderboards } = await readBody(c, leaderboardPrivacySchema);
    return c.json(await setPrivacy(c.get('ctx'), c.get('user').id, showOnLeaderboards));
  });
