// /api/account/2fa: the signed-in player's two-factor sign-in: its status, setup (a QR code),
// turning it on with a first code (answering the recovery codes) and off with password and code.
// Reachable by an administrator whom the admin rule refuses elsewhere: this is where they comply.
import { twoFactorDisableRequestSchema, twoFactorEnableRequestSchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import { getClientAddress } from '../middleware/client-address.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  startTwoFactorSetup,
} from '../services/accounts/two-factor.ts';

export const twoFactorRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await getTwoFactorStatus(c.get('ctx'), c.get('user').id)))
  .post('/setup', async (c) => c.json(await startTwoFactorSetup(c.get('ctx'), c.get('user'))))
  .post('/enable', async (c) => {
    const { code } = await readBody(c, twoFactorEnableRequestSchema);
    return c.json({ recoveryCodes: await enableTwoFactor(c.get('ctx'), c.get('user'), code) });
  })
  .post('/disable', async (c) => {
    const ctx = c.get('ctx');
    const input = await readBody(c, twoFactorDisableRequestSchema);
    await disableTwoFactor(ctx, c.get('user'), input, getClientAddress(c, ctx.config.trustProxy));
    return c.json(await getTwoFactorStatus(ctx, c.get('user').id));
  });
