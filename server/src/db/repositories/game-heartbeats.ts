// Data access for game server heartbeats (migration 025): one row per key and server name.
import type { Executor } from '../database.ts';

export async function upsertHeartbeat(
  db: Executor,
  row: { key_id: string; server_name: string; players_online: number; seen_at: string },
): Promise<void> {
  await db
    .insertInto('game_heartbeats')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['key_id', 'server_name']).doUpdateSet({ players_online: row.players_online, seen_at: row.seen_at }),
    )
    .execute();
}

/** The players on the servers heard from since `since`, and how many servers that is. */
export async function sumRecentHeartbeats(db: Executor, since: string): Promise<{ players: number; servers: number }> {
  const row = await db
    .selectFrom('game_heartbeats')
    .select((eb) => [
      eb.fn.sum<string | number | null>('players_online').as('players'),
      eb.fn.countAll<string | number>().as('servers'),
    ])
    .where('seen_at', '>=', since)
    .executeTakeFirst();
  return { players: Number(row?.players ?? 0), servers: Number(row?.servers ?? 0) };
}

/** Every server that has reported, the most recently heard first, with its key's name. */
export async function listHeartbeats(db: Executor, limit: number) {
  return db
    .selectFrom('game_heartbeats')
    .innerJoin('game_server_keys', 'game_server_keys.id', 'game_heartbeats.key_id')
    .select([
      'game_server_keys.name as key_name',
      'game_heartbeats.server_name',
      'game_heartbeats.players_online',
      'game_heartbeats.seen_at',
    ])
    .orderBy('game_heartbeats.seen_at', 'desc')
    .limit(limit)
    .execute();
}
