// Pilots online: each game server says every minute how many players it has (POST /api/game/heartbeat);
// the site shows the sum over the servers heard from in the last two minutes (GET /api/status).
import {
  type GameServerStatus,
  HEARTBEAT_WINDOW_MS,
  type HeartbeatRequest,
  type HeartbeatResponse,
  heartbeatMessages,
  type StatusResponse,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { listHeartbeats, sumRecentHeartbeats, upsertHeartbeat } from '../../db/repositories/game-heartbeats.ts';
import { rateLimited } from '../../errors.ts';
import { addMs, toIso } from '../../lib/clock.ts';

/** The admin dashboard lists at most this many servers. */
const ADMIN_LIST_LIMIT = 100;

export async function recordHeartbeat(
  ctx: AppContext,
  keyId: string,
  beat: Required<HeartbeatRequest>,
): Promise<HeartbeatResponse['server']> {
  const verdict = await ctx.limiters.gameHeartbeatsPerKey.hit(keyId);
  if (!verdict.allowed) throw rateLimited(heartbeatMessages.tooMany, verdict.retryAfterMs);
  const seenAt = toIso(ctx.clock());
  await upsertHeartbeat(ctx.db, {
    key_id: keyId,
    server_name: beat.serverName,
    players_online: beat.playersOnline,
    seen_at: seenAt,
  });
  return { serverName: beat.serverName, playersOnline: beat.playersOnline, seenAt };
}

export async function getGameStatus(ctx: AppContext): Promise<StatusResponse> {
  const since = toIso(addMs(ctx.clock(), -HEARTBEAT_WINDOW_MS));
  const { players, servers } = await sumRecentHeartbeats(ctx.db, since);
  return { playersOnline: players, servers };
}

export async function listGameServerHeartbeats(ctx: AppContext): Promise<GameServerStatus[]> {
  const rows = await listHeartbeats(ctx.db, ADMIN_LIST_LIMIT);
  return rows.map((row) => ({
    keyName: row.key_name,
    serverName: row.server_name,
    playersOnline: Number(row.players_online),
    seenAt: row.seen_at,
  }));
}
