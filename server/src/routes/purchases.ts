// /api/purchases: the signed-in player's own purchases of every kind, a page at a time, and one of
// them with its receipt (issue 22).
import { purchasesQuerySchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readQuery } from '../middleware/validate.ts';
import { getPurchase, listPurchases } from '../services/purchases/purchase-history.ts';

export const purchaseRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) =>
    c.json(await listPurchases(c.get('ctx'), c.get('user').id, readQuery(c, purchasesQuerySchema))),
  )
  .get('/:id', requireUser, async (c) => c.json(await getPurchase(c.get('ctx'), c.get('user').id, c.req.param('id'))));
