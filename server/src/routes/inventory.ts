// /api/inventory: what a player does with an entry of their inventory (issue 20): keep it on the
// site or send it to the game, and give it to another player.
import { giftRequestSchema, keepOnSiteRequestSchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { giftEntry } from '../services/economy/gifts.ts';
import { setKeepOnSite } from '../services/economy/keep-on-site.ts';

export const inventoryRoutes = new Hono<AppEnv>()
  .patch('/:id', requireUser, async (c) => {
    const input = await readBody(c, keepOnSiteRequestSchema);
    const entry = await setKeepOnSite(c.get('ctx'), c.get('user').id, c.req.param('id'), input.keepOnSite);
    return c.json({ entry });
  })
  .post('/:id/gift', requireUser, async (c) => {
    const input = await readBody(c, giftRequestSchema);
    return c.json(await giftEntry(c.get('ctx'), c.get('user').id, c.req.param('id'), input));
  });
