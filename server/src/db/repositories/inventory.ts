// Data access for inventory entries. Every entry made here also writes its opening row in the item
// ledger (migration 022), so the ledger's sum per entry is always the entry's quantity.
import { type InsertObject, sql } from 'kysely';
import { newId } from '../../lib/ids.ts';
import type { Database, Executor, Flag, NewInventoryEntry } from '../database.ts';
import { isPostgres } from '../dialect.ts';
import { type NewestFirstPage, newestFirst } from '../newest-first.ts';
import { prepared } from '../prepared.ts';

/** Left out, `kept_on_site` is the owner's preference for new items (users.keep_new_items_on_site). */
function entryValues(entry: NewInventoryEntry): InsertObject<Database, 'inventory_entries'> {
  return {
    ...entry,
    kept_on_site:
      entry.kept_on_site ?? sql<Flag>`(select keep_new_items_on_site from users where id = ${entry.user_id})`,
  };
}

type LedgerRowOfEntry = {
  id: string;
  user_id: string;
  item_id: string | null;
  entry_id: string;
  delta: number;
  reason: string;
  transfer_id: string | null;
  created_at: string;
};

const insertEntryRow = prepared((db: Executor, entry: NewInventoryEntry) =>
  db.insertInto('inventory_entries').values(entryValues(entry)).returning('kept_on_site'),
);

const insertLedgerRow = prepared((db: Executor, row: LedgerRowOfEntry) => db.insertInto('item_ledger').values(row));

/** PostgreSQL: the entry and its ledger row in one statement (data-modifying WITH), a round trip fewer. */
const insertEntryWithLedgerRow = prepared((db: Executor, entry: NewInventoryEntry, row: LedgerRowOfEntry) =>
  db
    .with('entry', (qb) => qb.insertInto('inventory_entries').values(entryValues(entry)).returning('kept_on_site'))
    .with('ledger', (qb) => qb.insertInto('item_ledger').values(row))
    .selectFrom('entry')
    .select('kept_on_site'),
);

/**
 * Writes a new entry and its ledger row (reason: how it was acquired; `transferId` when it came from
 * another player). Answers whether it is kept on the site.
 */
export async function insertInventoryEntry(
  db: Executor,
  entry: NewInventoryEntry,
  options: { transferId?: string } = {},
): Promise<{ keptOnSite: boolean }> {
  const row: LedgerRowOfEntry = {
    id: newId(),
    user_id: entry.user_id,
    item_id: entry.shop_item_id ?? null,
    entry_id: entry.id,
    delta: Number(entry.quantity),
    reason: entry.acquired_method,
    transfer_id: options.transferId ?? null,
    created_at: entry.created_at,
  };
  let keptOnSite: unknown;
  if (isPostgres(db)) {
    keptOnSite = (await insertEntryWithLedgerRow(db, entry, row)).rows[0]?.kept_on_site;
  } else {
    keptOnSite = (await insertEntryRow(db, entry)).rows[0]?.kept_on_site;
    await insertLedgerRow(db, row);
  }
  return { keptOnSite: Number(keptOnSite) === 1 };
}

/**
 * A player's entries, newest first (ties by id), each with the username of the player it came from:
 * all of them, or one page (a keyset read on the (user_id, created_at, id) index).
 */
export async function listInventoryEntries(db: Executor, userId: string, page?: NewestFirstPage) {
  const query = db
    .selectFrom('inventory_entries')
    .leftJoin('users as sender', 'sender.id', 'inventory_entries.acquired_from')
    .selectAll('inventory_entries')
    .select('sender.username as acquired_from_name')
    .where('inventory_entries.user_id', '=', userId);
  if (page) return newestFirst(query, 'inventory_entries', page).execute();
  return query.orderBy('inventory_entries.created_at', 'desc').orderBy('inventory_entries.id', 'desc').execute();
}

/** One entry with the username of the player it came from. */
export async function findEntryWithSender(db: Executor, id: string) {
  return db
    .selectFrom('inventory_entries')
    .leftJoin('users as sender', 'sender.id', 'inventory_entries.acquired_from')
    .selectAll('inventory_entries')
    .select('sender.username as acquired_from_name')
    .where('inventory_entries.id', '=', id)
    .executeTakeFirst();
}

/** No game server holds it now: never leased, or its lease has run out. */
const notLeasedAt = (now: string) =>
  sql<boolean>`(inventory_entries.lease_until is null or inventory_entries.lease_until < ${now})`;

/**
 * Keeps an entry on the site or sends it to the game, if it is the owner's, not in the game and not
 * leased right now (checked in the one UPDATE). Returns whether it changed.
 */
export async function setEntryKeptOnSite(
  db: Executor,
  entry: { id: string; userId: string; keep: boolean; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('inventory_entries')
    .set({ kept_on_site: entry.keep ? 1 : 0 })
    .where('id', '=', entry.id)
    .where('user_id', '=', entry.userId)
    .where('delivered_to_game', '=', 0)
    .where(notLeasedAt(entry.now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes `quantity` of an entry for a move to another player, in one conditional statement: only
 * while it is the owner's, holds that much, is on the site or pending (not in the game, not revoked)
 * and no game server leases it. All of it: the entry is deleted (its delivery withdrawn with it).
 * Part of it: the quantity shrinks and an expired lease's holder is forgotten, so a game server
 * whose lease ran out can no longer confirm the old quantity. Returns whether it was taken; two
 * moves at once can never both take the same units.
 */
export async function takeFromEntry(
  db: Executor,
  take: { id: string; ownerId: string; quantity: number; whole: boolean; now: string },
): Promise<boolean> {
  if (take.whole) {
    const result = await db
      .deleteFrom('inventory_entries')
      .where('id', '=', take.id)
      .where('user_id', '=', take.ownerId)
      .where('quantity', '=', take.quantity)
      .where('delivered_to_game', '=', 0)
      .where('revoked_at', 'is', null)
      .where(notLeasedAt(take.now))
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
  const result = await db
    .updateTable('inventory_entries')
    .set((eb) => ({ quantity: eb('quantity', '-', take.quantity), lease_until: null, leased_to: null }))
    .where('id', '=', take.id)
    .where('user_id', '=', take.ownerId)
    .where('quantity', '>', take.quantity)
    .where('delivered_to_game', '=', 0)
    .where('revoked_at', 'is', null)
    .where(notLeasedAt(take.now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
    // Kept on the site by its owner: not for the game until they send it.
    .where('inventory_entries.kept_on_site', '=', 0)
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

/**
 * Leases one delivery to a game server, if nobody holds it. Returns the quantity it holds now (a gift
 * may have taken part of it since it was listed), or null when this caller did not get it.
 */
export async function leaseDelivery(
  db: Executor,
  id: string,
  lease: { keyId: string; until: string; now: string },
): Promise<number | null> {
  const row = await db
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
    // Kept on the site, or given away, since the listing: not handed out either.
    .where('kept_on_site', '=', 0)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', lease.now)]))
    .returning('quantity')
    .executeTakeFirst();
  return row ? Number(row.quantity) : null;
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

/** Whose entries these are and what they hold (a delivery's notice). */
export async function findEntryItems(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('inventory_entries')
    .select(['id', 'user_id', 'item_snapshot', 'quantity'])
    .where('id', 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
