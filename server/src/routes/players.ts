// /api/players: usernames for the pickers of gifts and trades (issue 20), signed-in only.
import { playerSearchQuerySchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readQuery } from '../middleware/validate.ts';
import { searchPlayers } from '../services/economy/player-search.ts';
import { listTradeable } from '../services/economy/trades.ts';

export const playerRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    const { search } = readQuery(c, playerSearchQuerySchema);
    return c.json({ players: await searchPlayers(c.get('ctx'), c.get('user').id, search) });
  })
  // What a player could trade now, for the New trade form (issue 20).
  .get('/:username/tradeable', requireUser, async (c) =>
    c.json(await listTradeable(c.get('ctx'), c.get('user').id, c.req.param('username'))),
  );
