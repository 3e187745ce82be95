// /api/shop: the public shop (site settings, categories, items), a player's inventory and buying
// with credits.
import { categoryQuerySchema, purchaseRequestSchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { invalid } from '../errors.ts';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { listPublicCategories, listPublicItems } from '../services/catalogue.ts';
import { listInventory, purchaseWithCredits } from '../services/purchases.ts';
import { getSiteSettings } from '../services/site-settings.ts';

export const shopRoutes = new Hono<AppEnv>()
  .get('/site-settings', async (c) => c.json({ settings: await getSiteSettings(c.get('ctx')) }))
  .get('/categories', async (c) => c.json({ categories: await listPublicCategories(c.get('ctx')) }))
  .get('/items', async (c) => {
    const raw = c.req.query('category');
    let category: string | undefined;
    if (raw !== undefined) {
      const parsed = categoryQuerySchema.safeParse(raw);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid category');
      category = parsed.data || undefined;
    }
    return c.json({ items: await listPublicItems(c.get('ctx'), category) });
  })
  .get('/user/inventory', requireUser, async (c) =>
    c.json({ inventory: await listInventory(c.get('ctx'), c.get('user').id) }),
  )
  .post('/purchase', requireUser, async (c) => {
    const input = await readBody(c, purchaseRequestSchema);
    return c.json(await purchaseWithCredits(c.get('ctx'), c.get('user').id, input.itemId));
  });
