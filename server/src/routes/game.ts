// /api/game: what the game's servers call, with a game server key: poll the delivery queue,
// acknowledge what they handed over, and send the players' stats for the leaderboard. The OpenAPI document describing them is public.
import {
  ackRequestSchema,
  DELIVERY_LIMIT_MAX,
  gameMessages,
  heartbeatRequestSchema,
  pollDeliveriesRequestSchema,
  statsBatchSchema,
} from '@starport/api-client/contract';
import { Hono } from 'hono';
import { invalid } from '../errors.ts';
import { requireGameServer } from '../middleware/game-auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { gameApiDocument } from '../openapi/document.ts';
import { acknowledgeDeliveries, pollDeliveries } from '../services/game/deliveries.ts';
import { recordHeartbeat } from '../services/game/heartbeats.ts';
import { applyStats, limitStatBatches } from '../services/leaderboard/stats.ts';

export const STATS_PATH = '/api/game/stats';
/** Room for a full batch (1,000 events of at most about 300 bytes each). */
export const STATS_MAX_BYTES = 512 * 1024;

function readLimit(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > DELIVERY_LIMIT_MAX) throw invalid(gameMessages.limitInvalid);
  return limit;
}

function readOnline(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const ids = raw
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length > 1000 || ids.some((id) => id.length > 100)) throw invalid(gameMessages.onlineInvalid);
  return ids;
}

export const gameRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => c.json(gameApiDocument(c.get('ctx').config.publicUrl)))
  .get('/deliveries', requireGameServer, async (c) => {
    const options = { limit: readLimit(c.req.query('limit')), online: readOnline(c.req.query('online')) };
    return c.json({ deliveries: await pollDeliveries(c.get('ctx'), c.get('gameKeyId'), options) });
  })
  .post('/deliveries', requireGameServer, async (c) => {
    const options = await readBody(c, pollDeliveriesRequestSchema);
    return c.json({ deliveries: await pollDeliveries(c.get('ctx'), c.get('gameKeyId'), options) });
  })
  .post('/stats', requireGameServer, async (c) => {
    const ctx = c.get('ctx');
    await limitStatBatches(ctx, c.get('gameKeyId'));
    const { stats } = await readBody(c, statsBatchSchema);
    return c.json({ results: await applyStats(ctx, stats) });
  })
  .post('/deliveries/ack', requireGameServer, async (c) => {
    const { ids } = await readBody(c, ackRequestSchema);
    return c.json(await acknowledgeDeliveries(c.get('ctx'), c.get('gameKeyId'), ids));
  })
  .post('/heartbeat', requireGameServer, async (c) => {
    const beat = await readBody(c, heartbeatRequestSchema);
    return c.json({ server: await recordHeartbeat(c.get('ctx'), c.get('gameKeyId'), beat) });
  })
  .all('*', requireGameServer);
