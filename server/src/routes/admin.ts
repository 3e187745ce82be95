// /api/admin: administrators only (401 signed out, 403 for players, for every path under it):
// users, mail, categories, site settings, the dashboard figures, and the background jobs that died.
import {
  adminJobsQuerySchema,
  adminPaymentsQuerySchema,
  adminUsersQuerySchema,
  auditQuerySchema,
  categoryInputSchema,
  categoryUpdateSchema,
  createGameServerKeyRequestSchema,
  itemLedgerQuerySchema,
  pageQuerySchema,
  revenueQuerySchema,
  sendMailRequestSchema,
  setUserAdminRequestSchema,
  setUserCreditsRequestSchema,
  setUserTierRequestSchema,
  updateSiteSettingsRequestSchema,
} from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireAdmin } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody, readQuery } from '../middleware/validate.ts';
import { createResetLinkForUser } from '../services/accounts/password-reset.ts';
import {
  createCategory,
  deleteCategoryById,
  listCategoriesForAdmin,
  updateCategoryById,
} from '../services/admin/categories.ts';
import { listAuditLog, listUserLedger } from '../services/admin/history.ts';
import { listUserItemLedger, reverseTransfer } from '../services/admin/item-transfers.ts';
import { sendMail } from '../services/admin/mail.ts';
import {
  getPaymentForAdmin,
  getRevenueSeries,
  listPaymentsForAdmin,
  paymentsCsv,
  paymentsCsvName,
  refundPaymentAsAdmin,
} from '../services/admin/payments.ts';
import { getAdminStats } from '../services/admin/stats.ts';
import { listUsersForAdmin } from '../services/admin/user-list.ts';
import { setUserAdmin, setUserCredits, setUserTier } from '../services/admin/users.ts';
import { getAdminSiteSettings, updateSiteSettings } from '../services/catalogue/site-settings.ts';
import { listGuildRolesForAdmin, listRoleSyncProblems, requestRoleResync } from '../services/discord/roles.ts';
import { createKey, listKeys, listUserDeliveries, requeue, revokeKey } from '../services/game/deliveries.ts';
import { listGameServerHeartbeats } from '../services/game/heartbeats.ts';
import { listDeadJobsForAdmin, retryDeadJob } from '../services/jobs/dead-letters.ts';

export const adminRoutes = new Hono<AppEnv>()
  // Before any route, so an unknown /api/admin path is refused like a known one, never a 404 hint.
  .use('*', requireAdmin)
  .get('/stats', async (c) => c.json({ stats: await getAdminStats(c.get('ctx')) }))
  .get('/stats/revenue', async (c) => {
    const { days } = readQuery(c, revenueQuerySchema);
    return c.json(await getRevenueSeries(c.get('ctx'), days));
  })
  .get('/payments', async (c) =>
    c.json(await listPaymentsForAdmin(c.get('ctx'), readQuery(c, adminPaymentsQuerySchema))),
  )
  .get('/payments.csv', async (c) => {
    const { limit: _limit, cursor: _cursor, ...filters } = readQuery(c, adminPaymentsQuerySchema);
    const ctx = c.get('ctx');
    return c.body(await paymentsCsv(ctx, filters), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${paymentsCsvName(ctx)}"`,
      'Cache-Control': 'no-store',
    });
  })
  .get('/payments/:id', async (c) => c.json({ payment: await getPaymentForAdmin(c.get('ctx'), c.req.param('id')) }))
  .post('/payments/:id/refund', async (c) =>
    c.json({ payment: await refundPaymentAsAdmin(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  )
  .get('/users', async (c) => c.json(await listUsersForAdmin(c.get('ctx'), readQuery(c, adminUsersQuerySchema))))
  .patch('/users/:id/credits', async (c) => {
    const { credits } = await readBody(c, setUserCreditsRequestSchema);
    return c.json({ user: await setUserCredits(c.get('ctx'), c.get('user').id, c.req.param('id'), credits) });
  })
  .patch('/users/:id/tier', async (c) => {
    const { tierId } = await readBody(c, setUserTierRequestSchema);
    return c.json({ user: await setUserTier(c.get('ctx'), c.get('user').id, c.req.param('id'), tierId) });
  })
  .patch('/users/:id/admin', async (c) => {
    const { isAdmin } = await readBody(c, setUserAdminRequestSchema);
    return c.json({ user: await setUserAdmin(c.get('ctx'), c.get('user').id, c.req.param('id'), isAdmin) });
  })
  .post('/send-mail', async (c) => {
    const input = await readBody(c, sendMailRequestSchema);
    return c.json({ mail: await sendMail(c.get('ctx'), c.get('user').id, input) }, 201);
  })
  .get('/categories', async (c) => c.json({ categories: await listCategoriesForAdmin(c.get('ctx')) }))
  .post('/categories', async (c) => {
    const input = await readBody(c, categoryInputSchema);
    return c.json({ category: await createCategory(c.get('ctx'), c.get('user').id, input) }, 201);
  })
  .patch('/categories/:id', async (c) => {
    const input = await readBody(c, categoryUpdateSchema);
    return c.json({ category: await updateCategoryById(c.get('ctx'), c.get('user').id, c.req.param('id'), input) });
  })
  .delete('/categories/:id', async (c) =>
    c.json({ category: await deleteCategoryById(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  )
  .post('/users/:id/reset-link', async (c) =>
    c.json(await createResetLinkForUser(c.get('ctx'), c.get('user').id, c.req.param('id'))),
  )
  .post('/users/:id/discord-resync', async (c) =>
    c.json({ queued: await requestRoleResync(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  )
  .post('/discord/resync', async (c) =>
    c.json({ queued: await requestRoleResync(c.get('ctx'), c.get('user').id, null) }),
  )
  .get('/discord/problems', async (c) => c.json({ problems: await listRoleSyncProblems(c.get('ctx')) }))
  .get('/discord/roles', async (c) => c.json({ roles: await listGuildRolesForAdmin(c.get('ctx')) }))
  .get('/jobs', async (c) => {
    readQuery(c, adminJobsQuerySchema);
    return c.json({ jobs: await listDeadJobsForAdmin(c.get('ctx')) });
  })
  .post('/jobs/:id/retry', async (c) =>
    c.json({ job: await retryDeadJob(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  )
  .get('/game-servers', async (c) => c.json({ keys: await listKeys(c.get('ctx')) }))
  .get('/game-heartbeats', async (c) => c.json({ servers: await listGameServerHeartbeats(c.get('ctx')) }))
  .post('/game-servers', async (c) => {
    const { name } = await readBody(c, createGameServerKeyRequestSchema);
    return c.json(await createKey(c.get('ctx'), c.get('user').id, name), 201);
  })
  .delete('/game-servers/:id', async (c) =>
    c.json({ key: await revokeKey(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  )
  .get('/audit', async (c) => c.json(await listAuditLog(c.get('ctx'), readQuery(c, auditQuerySchema))))
  .get('/users/:id/ledger', async (c) =>
    c.json(await listUserLedger(c.get('ctx'), c.req.param('id'), readQuery(c, pageQuerySchema))),
  )
  .get('/users/:id/item-ledger', async (c) =>
    c.json(await listUserItemLedger(c.get('ctx'), c.req.param('id'), readQuery(c, itemLedgerQuerySchema))),
  )
  .post('/transfers/:id/reverse', async (c) =>
    c.json(await reverseTransfer(c.get('ctx'), c.get('user').id, c.req.param('id'))),
  )
  .get('/users/:id/deliveries', async (c) =>
    c.json(await listUserDeliveries(c.get('ctx'), c.req.param('id'), readQuery(c, pageQuerySchema))),
  )
  .post('/deliveries/:id/requeue', async (c) => {
    await requeue(c.get('ctx'), c.get('user').id, c.req.param('id'));
    return c.json({ requeued: c.req.param('id') });
  })
  .get('/site-settings', async (c) => c.json({ settings: await getAdminSiteSettings(c.get('ctx')) }))
  .patch('/site-settings', async (c) => {
    const change = await readBody(c, updateSiteSettingsRequestSchema);
    return c.json({ settings: await updateSiteSettings(c.get('ctx'), c.get('user').id, change) });
  });
