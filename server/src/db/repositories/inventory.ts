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

/** Marks what a payment bought as revoked (refund, open dispute); entries already revoked keep their date. */
export async function revokeEntriesOfPayment(db: Executor, paymentId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('inventory_entries')
    .set({ revoked_at: now })
    .where('payment_id', '=', paymentId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives back what a payment bought (a dispute won). */
export async function restoreEntriesOfPayment(db: Executor, paymentId: string): Promise<number> {
  const result = await db
    .updateTable('inventory_entries')
    .set({ revoked_at: null })
    .where('payment_id', '=', paymentId)
    .where('revoked_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
