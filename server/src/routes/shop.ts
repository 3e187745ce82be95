// /api/shop: the public shop (site settings with what Discord can do on this server, the monthly goal,
// categories, items), a player's inventory, buying with credits and checking a coupon.
import {
  categoryQuerySchema,
  couponCheckRequestSchema,
  inventoryQuerySchema,
  purchaseRequestSchema,
} from '@starport/api-client/contract';
import { Hono } from 'hono';
import { invalid } from '../errors.ts';
import { requireUser } from '../middleware/auth.ts';
import { sendJsonAnswer } from '../middleware/compression.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody, readQuery } from '../middleware/validate.ts';
import { listPublicCategories, publicItemsAnswer } from '../services/catalogue/catalogue.ts';
import { cachedAnswer, PUBLIC_KEYS } from '../services/catalogue/public-cache.ts';
import { publicSiteSettingsAnswer } from '../services/catalogue/site-settings.ts';
import { checkCoupon } from '../services/coupons/coupons.ts';
import { getMonthlyGoal, monthOf } from '../services/purchases/monthly-goal.ts';
import { listInventory, purchaseWithCredits } from '../services/purchases/purchases.ts';

export const shopRoutes = new Hono<AppEnv>()
  // The public reads come from the in-memory cache (services/catalogue/public-cache.ts) as ready JSON
  // text and, when large, compressed forms.
  .get('/site-settings', async (c) => {
    const ctx = c.get('ctx');
    return sendJsonAnswer(c, await publicSiteSettingsAnswer(ctx));
  })
  // Every visitor's home page asks: from the cache, keyed by the month (UTC) it sums.
  .get('/goal', async (c) => {
    const ctx = c.get('ctx');
    const month = monthOf(ctx.clock());
    return sendJsonAnswer(c, await cachedAnswer(ctx, `goal:${month.key}`, () => getMonthlyGoal(ctx, month)));
  })
  .get('/categories', async (c) => {
    const ctx = c.get('ctx');
    return sendJsonAnswer(
      c,
      await cachedAnswer(ctx, PUBLIC_KEYS.categories, async () => ({ categories: await listPublicCategories(ctx) })),
    );
  })
  .get('/items', async (c) => {
    const raw = c.req.query('category');
    let category: string | undefined;
    if (raw !== undefined) {
      const parsed = categoryQuerySchema.safeParse(raw);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid category');
      category = parsed.data || undefined;
    }
    return sendJsonAnswer(c, await publicItemsAnswer(c.get('ctx'), category));
  })
  .get('/user/inventory', requireUser, async (c) =>
    c.json(await listInventory(c.get('ctx'), c.get('user').id, readQuery(c, inventoryQuerySchema))),
  )
  .post('/purchase', requireUser, async (c) => {
    const input = await readBody(c, purchaseRequestSchema);
    return c.json(await purchaseWithCredits(c.get('ctx'), c.get('user').id, input.itemId, input.giftTo, input.coupon));
  })
  .post('/coupons/check', requireUser, async (c) => {
    const input = await readBody(c, couponCheckRequestSchema);
    return c.json(await checkCoupon(c.get('ctx'), c.get('user').id, input));
  });
