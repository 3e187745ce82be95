// Sales and credit codes (issue 22). /api/admin/sales and /api/admin/credit-codes: administrators
// only; /api/credit-codes/redeem: a signed-in player redeeming a code.
import {
  createCreditCodesRequestSchema,
  creditCodesQuerySchema,
  pageQuerySchema,
  redeemCreditCodeRequestSchema,
  saleChangeSchema,
  saleInputSchema,
} from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { getClientAddress } from '../middleware/client-address.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody, readQuery } from '../middleware/validate.ts';
import { changeSale, createSale, getSale, listSales, removeSale } from '../services/catalogue/sales.ts';
import {
  createCreditCodes,
  listBatchCodes,
  listCreditCodeBatches,
  redeemCreditCode,
} from '../services/purchases/credit-codes.ts';

export const adminSaleRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => c.json(await listSales(c.get('ctx'), readQuery(c, pageQuerySchema))))
  .post('/', async (c) => {
    const input = await readBody(c, saleInputSchema);
    return c.json({ sale: await createSale(c.get('ctx'), c.get('user').id, input) }, 201);
  })
  .get('/:id', async (c) => c.json({ sale: await getSale(c.get('ctx'), c.req.param('id')) }))
  .patch('/:id', async (c) => {
    const change = await readBody(c, saleChangeSchema);
    return c.json({ sale: await changeSale(c.get('ctx'), c.get('user').id, c.req.param('id'), change) });
  })
  .delete('/:id', async (c) => c.json({ sale: await removeSale(c.get('ctx'), c.get('user').id, c.req.param('id')) }));

export const adminCreditCodeRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => c.json(await listCreditCodeBatches(c.get('ctx'), readQuery(c, pageQuerySchema))))
  .post('/', async (c) => {
    const input = await readBody(c, createCreditCodesRequestSchema);
    return c.json(await createCreditCodes(c.get('ctx'), c.get('user').id, input), 201);
  })
  .get('/:id/codes', async (c) =>
    c.json(await listBatchCodes(c.get('ctx'), c.req.param('id'), readQuery(c, creditCodesQuerySchema))),
  );

export const creditCodeRoutes = new Hono<AppEnv>().post('/redeem', requireUser, async (c) => {
  const ctx = c.get('ctx');
  const { code } = await readBody(c, redeemCreditCodeRequestSchema);
  return c.json(await redeemCreditCode(ctx, c.get('user').id, getClientAddress(c, ctx.config.trustProxy), code));
});
