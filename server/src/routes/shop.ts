// /api/shop: the public shop calls (site settings for now; the catalogue comes with its issue).
import { Hono } from 'hono';
import type { AppEnv } from '../middleware/types.ts';
import { getSiteSettings } from '../services/site-settings.ts';

export const shopRoutes = new Hono<AppEnv>().get('/site-settings', async (c) =>
  c.json({ settings: await getSiteSettings(c.get('ctx')) }),
);
