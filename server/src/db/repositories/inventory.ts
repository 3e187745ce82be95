// Data access for inventory entries.
import type { Executor, NewInventoryEntry } from '../database.ts';

export async function insertInventoryEntry(db: Executor, entry: NewInventoryEntry): Promise<void> {
  await db.insertInto('inventory_entries').values(entry).execute();
}

/** A player's entries, newest first. */
export async function listInventoryEntries(db: Executor, userId: string) {
  return db
    .selectFrom('inventory_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
