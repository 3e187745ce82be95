// /api/tiers: the supporter tiers on sale (the admin calls come with the admin area).
import { Hono } from 'hono';
import type { AppEnv } from '../middleware/types.ts';
import { listPublicTiers } from '../services/catalogue.ts';

export const tierRoutes = new Hono<AppEnv>().get('/', async (c) =>
  c.json({ tiers: await listPublicTiers(c.get('ctx')) }),
);
