// /api/admin/coupons: the admins' coupon codes (issue 22), every change audited. The shop's check of
// a code is POST /api/shop/coupons/check (routes/shop.ts).
import { couponChangeSchema, couponInputSchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireAdmin } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { changeCoupon, createCoupon, listCouponsForAdmin, removeCoupon } from '../services/coupons/coupons.ts';

export const adminCouponRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => c.json({ coupons: await listCouponsForAdmin(c.get('ctx')) }))
  .post('/', async (c) => {
    const input = await readBody(c, couponInputSchema);
    return c.json({ coupon: await createCoupon(c.get('ctx'), c.get('user').id, input) }, 201);
  })
  .patch('/:id', async (c) => {
    const change = await readBody(c, couponChangeSchema);
    return c.json({ coupon: await changeCoupon(c.get('ctx'), c.get('user').id, c.req.param('id'), change) });
  })
  .delete('/:id', async (c) =>
    c.json({ coupon: await removeCoupon(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  );
