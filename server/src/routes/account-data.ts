// /api/account: the player's profile, their data downloaded, and deleting the account.
import { deleteAccountRequestSchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { deleteAccount } from '../services/accounts/account-deletion.ts';
import { exportAccountData, exportFileName } from '../services/accounts/account-export.ts';
import { requestMeta } from './auth.ts';

export const accountDataRoutes = new Hono<AppEnv>()
  .get('/profile', requireUser, (c) => {
    const user = c.get('user');
    return c.json({
      profile: { _id: user.id, username: user.username, email: user.email, createdAt: user.created_at },
    });
  })
  .get('/export', requireUser, async (c) => {
    const ctx = c.get('ctx');
    const data = await exportAccountData(ctx, c.get('user').id, c.get('tokenHash'));
    ctx.logger.info('account.exported', { userId: c.get('user').id });
    // A download, named by the day it was made; never kept by a cache (the API's Cache-Control: no-store).
    c.header('Content-Disposition', `attachment; filename="${exportFileName(new Date(data.exportedAt))}"`);
    return c.json(data);
  })
  .post('/delete', requireUser, async (c) => {
    const input = await readBody(c, deleteAccountRequestSchema);
    await deleteAccount(c.get('ctx'), c.get('user'), input, requestMeta(c));
    return c.json({ deleted: true as const });
  });
