// Data access for game server keys.
import type { Executor } from '../database.ts';

export async function insertGameServerKey(
  db: Executor,
  key: { id: string; name: string; keyHash: string; keyPrefix: string; createdBy: string; now: string },
): Promise<void> {
  await db
    .insertInto('game_server_keys')
    .values({
      id: key.id,
      name: key.name,
      key_hash: key.keyHash,
      key_prefix: key.keyPrefix,
      created_by: key.createdBy,
      created_at: key.now,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
}

export async function listGameServerKeys(db: Executor) {
  return db.selectFrom('game_server_keys').selectAll().orderBy('created_at', 'desc').execute();
}

export async function findGameServerKeyById(db: Executor, id: string) {
  return db.selectFrom('game_server_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A key that works: known and not revoked. */
export async function findActiveGameServerKey(db: Executor, keyHash: string) {
  return db
    .selectFrom('game_server_keys')
    .selectAll()
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchGameServerKey(db: Executor, id: string, now: string): Promise<void> {
  await db.updateTable('game_server_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}

export async function revokeGameServerKey(db: Executor, id: string, now: string): Promise<void> {
  await db
    .updateTable('game_server_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}
