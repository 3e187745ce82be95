// Data access for inventory entries.
import type { Executor, NewInventoryEntry } from '../database.ts';
import { type NewestFirstPage, newestFirst } from '../newest-first.ts';
import { prepared } from '../prepared.ts';

const insertEntryRow = prepared((db: Executor, entry: NewInventoryEntry) =>
  db.insertInto('inventory_entries').values(entry),
);

export async function insertInventoryEntry(db: Executor, entry: NewInventoryEntry): Promise<void> {
  await insertEntryRow(db, entry);
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

/**
 * Deliveries a game server may take now: not yet in the game, not revoked, not leased to anyone, and
 * either of a kind that needs nobody online (`offlineMethods`, acquired methods) or of a player the
 * server names online.
 */
export async function listDeliveryCandidates(
  db: Executor,
  now: string,
  limit: number,
  who: { onlineUserIds: string[]; offlineMethods: readonly string[] },
) {
  const { onlineUserIds, offlineMethods } = who;
  let query = db
    .selectFrom('inventory_entries')
    .innerJoin('users', 'users.id', 'inventory_entries.user_id')
    .leftJoin('mails', 'mails.id', 'inventory_entries.mail_id')
    .select([
      'inventory_entries.id',
      'inventory_entries.user_id',
      'inventory_entries.item_snapshot',
      'inventory_entries.quantity',
      'inventory_entries.acquired_method',
      'inventory_entries.created_at',
      'inventory_entries.delivery_attempts',
      'inventory_entries.lease_until',
      'users.username',
      'users.discord_id',
      'mails.sender_name',
      'mails.subject',
      'mails.message',
    ])
    .where('inventory_entries.delivered_to_game', '=', 0)
    .where('inventory_entries.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([eb('inventory_entries.lease_until', 'is', null), eb('inventory_entries.lease_until', '<', now)]),
    )
    .where((eb) =>
      onlineUserIds.length > 0
        ? eb.or([
            eb('inventory_entries.acquired_method', 'in', offlineMethods),
            eb('inventory_entries.user_id', 'in', onlineUserIds),
          ])
        : eb('inventory_entries.acquired_method', 'in', offlineMethods),
    );
  // Players the game server says are online first, then everyone else, oldest first.
  if (onlineUserIds.length > 0) {
    query = query.orderBy((eb) =>
      eb.case().when('inventory_entries.user_id', 'in', onlineUserIds).then(0).else(1).end(),
    );
  }
  return query.orderBy('inventory_entries.created_at').orderBy('inventory_entries.id').limit(limit).execute();
}

/** Leases one delivery to a game server, if nobody holds it. Returns whether this caller got it. */
export async function leaseDelivery(
  db: Executor,
  id: string,
  lease: { keyId: string; until: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('inventory_entries')
    .set((eb) => ({
      lease_until: lease.until,
      leased_to: lease.keyId,
      delivery_attempts: eb('delivery_attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('delivered_to_game', '=', 0)
    // Revoked between the listing and now (a refund webhook, say): never handed out.
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', lease.now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks deliveries done, those this key holds the lease on and that are not revoked; returns the ids
 * this call changed. The conditions sit in the one UPDATE, so a lease or a revocation committed
 * meanwhile wins over it (PostgreSQL re-checks them on the row's latest version).
 */
export async function markDelivered(db: Executor, ids: string[], keyId: string, now: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('inventory_entries')
    .set({ delivered_to_game: 1, delivered_at: now, delivered_by: keyId, lease_until: null })
    .where('id', 'in', ids)
    .where('delivered_to_game', '=', 0)
    // The lease holder, even after its lease ran out, as long as no other key leased it since.
    .where('leased_to', '=', keyId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** What an ack needs to say why an id was not confirmed: its delivery state and its payment's. */
export async function findDeliveryStates(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('inventory_entries')
    .leftJoin('payments', 'payments.id', 'inventory_entries.payment_id')
    .select([
      'inventory_entries.id',
      'inventory_entries.delivered_to_game',
      'inventory_entries.delivered_by',
      'inventory_entries.leased_to',
      'inventory_entries.revoked_at',
      'payments.status as payment_status',
    ])
    .where('inventory_entries.id', 'in', ids)
    .execute();
}

/** A player's entries with their delivery state, newest first, for the admin's view. */
/** A page of a player's deliveries, newest first (created_at, then id: index of migration 015). */
export async function listDeliveriesOfUser(db: Executor, userId: string, page: NewestFirstPage) {
  const query = db
    .selectFrom('inventory_entries')
    .leftJoin('game_server_keys', 'game_server_keys.id', 'inventory_entries.delivered_by')
    .select([
      'inventory_entries.id',
      'inventory_entries.item_snapshot',
      'inventory_entries.quantity',
      'inventory_entries.acquired_method',
      'inventory_entries.created_at',
      'inventory_entries.delivered_to_game',
      'inventory_entries.delivered_at',
      'inventory_entries.lease_until',
      'inventory_entries.delivery_attempts',
      'inventory_entries.revoked_at',
      'game_server_keys.name as delivered_by_name',
    ])
    .where('inventory_entries.user_id', '=', userId);
  return newestFirst(query, 'inventory_entries', page).execute();
}

export async function findEntryById(db: Executor, id: string) {
  return db.selectFrom('inventory_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Puts a delivery back in the queue (the game lost it, say): Pending again, no lease. */
export async function requeueDelivery(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('inventory_entries')
    .set({ delivered_to_game: 0, delivered_at: null, delivered_by: null, lease_until: null, leased_to: null })
    .where('id', '=', id)
    .execute();
}
