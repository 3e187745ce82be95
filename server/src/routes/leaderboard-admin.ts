// /api/admin/leaderboard: administrators only. The metrics, a new season, and hidden players.
import { hidePlayerRequestSchema, metricInputSchema, metricUpdateSchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireAdmin } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import {
  createMetric,
  deleteMetricByKey,
  listHiddenPlayersForAdmin,
  listMetricsForAdmin,
  setPlayerHiddenByAdmin,
  startNewSeason,
  updateMetricByKey,
} from '../services/leaderboard/leaderboard-admin.ts';

export const leaderboardAdminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/metrics', async (c) => c.json({ metrics: await listMetricsForAdmin(c.get('ctx')) }))
  .post('/metrics', async (c) => {
    const input = await readBody(c, metricInputSchema);
    return c.json({ metric: await createMetric(c.get('ctx'), c.get('user').id, input) }, 201);
  })
  .patch('/metrics/:key', async (c) => {
    const input = await readBody(c, metricUpdateSchema);
    return c.json({ metric: await updateMetricByKey(c.get('ctx'), c.get('user').id, c.req.param('key'), input) });
  })
  .delete('/metrics/:key', async (c) =>
    c.json({ metric: await deleteMetricByKey(c.get('ctx'), c.get('user').id, c.req.param('key')) }),
  )
  .post('/seasons', async (c) => c.json({ season: await startNewSeason(c.get('ctx'), c.get('user').id) }, 201))
  .get('/hidden-players', async (c) => c.json({ players: await listHiddenPlayersForAdmin(c.get('ctx')) }))
  .post('/hidden-players', async (c) => {
    const input = await readBody(c, hidePlayerRequestSchema);
    return c.json({ players: await setPlayerHiddenByAdmin(c.get('ctx'), c.get('user').id, input) });
  });
