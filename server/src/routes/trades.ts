// /api/trades: trade offers between players (issue 20): the player's offers, sending one, and
// accepting, declining or cancelling one.
import { createTradeRequestSchema, pageQuerySchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody, readQuery } from '../middleware/validate.ts';
import {
  acceptTrade,
  cancelTrade,
  declineTrade,
  listHistory,
  listTrades,
  sendTrade,
} from '../services/economy/trades.ts';

export const tradeRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await listTrades(c.get('ctx'), c.get('user').id)))
  .get('/history', requireUser, async (c) =>
    c.json(await listHistory(c.get('ctx'), c.get('user').id, readQuery(c, pageQuerySchema))),
  )
  .post('/', requireUser, async (c) => {
    const input = await readBody(c, createTradeRequestSchema);
    return c.json({ trade: await sendTrade(c.get('ctx'), c.get('user').id, input) }, 201);
  })
  .post('/:id/accept', requireUser, async (c) =>
    c.json({ trade: await acceptTrade(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  )
  .post('/:id/decline', requireUser, async (c) =>
    c.json({ trade: await declineTrade(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  )
  .post('/:id/cancel', requireUser, async (c) =>
    c.json({ trade: await cancelTrade(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  );
