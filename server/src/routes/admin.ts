// /api/admin: administrators only (401 signed out, 403 for players, whatever the path).
import {
  setUserCreditsRequestSchema,
  setUserTierRequestSchema,
  updateSiteSettingsRequestSchema,
} from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireAdmin } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { setUserCredits, setUserTier } from '../services/admin-users.ts';
import { getSiteSettings, updateSiteSettings } from '../services/site-settings.ts';

export const adminRoutes = new Hono<AppEnv>()
  // Before any route, so an unknown /api/admin path is refused like a known one, never a 404 hint.
  .use('*', requireAdmin)
  .patch('/users/:id/credits', async (c) => {
    const { credits } = await readBody(c, setUserCreditsRequestSchema);
    const user = await setUserCredits(c.get('ctx'), c.get('user').id, c.req.param('id'), credits);
    return c.json({ user });
  })
  .patch('/users/:id/tier', async (c) => {
    const { tierId } = await readBody(c, setUserTierRequestSchema);
    const user = await setUserTier(c.get('ctx'), c.get('user').id, c.req.param('id'), tierId);
    return c.json({ user });
  })
  .get('/site-settings', async (c) => c.json({ settings: await getSiteSettings(c.get('ctx')) }))
  .patch('/site-settings', async (c) => {
    const change = await readBody(c, updateSiteSettingsRequestSchema);
    return c.json({ settings: await updateSiteSettings(c.get('ctx'), c.get('user').id, change) });
  });
