// /api/tiers: the supporter tiers on sale (public), and their management (administrators only).
import { tierInputSchema, tierUpdateSchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireAdmin } from '../middleware/auth.ts';
import { sendJsonAnswer } from '../middleware/compression.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { createTier, deleteTierById, listTiersForAdmin, updateTierById } from '../services/admin/tiers.ts';
import { listPublicTiers } from '../services/catalogue/catalogue.ts';
import { cachedAnswer, PUBLIC_KEYS } from '../services/catalogue/public-cache.ts';

export const tierRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const ctx = c.get('ctx');
    return sendJsonAnswer(
      c,
      await cachedAnswer(ctx, PUBLIC_KEYS.tiers, async () => ({ tiers: await listPublicTiers(ctx) })),
    );
  })
  .get('/all', requireAdmin, async (c) => c.json({ tiers: await listTiersForAdmin(c.get('ctx')) }))
  .post('/', requireAdmin, async (c) => {
    const input = await readBody(c, tierInputSchema);
    return c.json({ tier: await createTier(c.get('ctx'), c.get('user').id, input) }, 201);
  })
  .patch('/:id', requireAdmin, async (c) => {
    const input = await readBody(c, tierUpdateSchema);
    return c.json({ tier: await updateTierById(c.get('ctx'), c.get('user').id, c.req.param('id'), input) });
  })
  .delete('/:id', requireAdmin, async (c) =>
    c.json({ tier: await deleteTierById(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  );
