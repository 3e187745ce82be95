// /api/health: answers 200 when the process and its database respond.
import { Hono } from 'hono';
import { pingDatabase } from '../db/ping.ts';
import type { AppEnv } from '../middleware/types.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const ctx = c.get('ctx');
  await pingDatabase(ctx.db);
  return c.json({ status: 'ok' as const, database: ctx.dialect, time: ctx.clock().toISOString() });
});
