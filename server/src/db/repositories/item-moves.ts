// Data access for moves of items between players (migration 022): the transfer rows and the
// append-only item ledger. Taking items from an entry is inventory.ts's takeFromEntry.
import type { Executor } from '../database.ts';
import { type NewestFirstPage, newestFirst } from '../newest-first.ts';

export interface NewItemTransfer {
  id: string;
  kind: string;
  fromUserId: string;
  toUserId: string;
  message: string | null;
  reference: string | null;
  now: string;
}

export async function insertItemTransfer(db: Executor, transfer: NewItemTransfer): Promise<void> {
  await db
    .insertInto('item_transfers')
    .values({
      id: transfer.id,
      kind: transfer.kind,
      from_user_id: transfer.fromUserId,
      to_user_id: transfer.toUserId,
      message: transfer.message,
      reference: transfer.reference,
      created_at: transfer.now,
    })
    .execute();
}

export interface NewItemLedgerRow {
  id: string;
  userId: string;
  itemId: string | null;
  entryId: string;
  delta: number;
  transferId: string | null;
  reason: string;
  now: string;
}

export async function insertItemLedgerRow(db: Executor, row: NewItemLedgerRow): Promise<void> {
  await db
    .insertInto('item_ledger')
    .values({
      id: row.id,
      user_id: row.userId,
      item_id: row.itemId,
      entry_id: row.entryId,
      delta: row.delta,
      transfer_id: row.transferId,
      reason: row.reason,
      created_at: row.now,
    })
    .execute();
}

/** A player's whole item ledger, oldest first (their data download). */
export async function listItemLedgerOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('item_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every transfer a player sent or received, newest first, with both usernames. */
export async function listTransfersOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('item_transfers')
    .innerJoin('users as sender', 'sender.id', 'item_transfers.from_user_id')
    .innerJoin('users as recipient', 'recipient.id', 'item_transfers.to_user_id')
    .selectAll('item_transfers')
    .select(['sender.username as from_username', 'recipient.username as to_username'])
    .where((eb) =>
      eb.or([eb('item_transfers.from_user_id', '=', userId), eb('item_transfers.to_user_id', '=', userId)]),
    )
    .orderBy('item_transfers.created_at', 'desc')
    .orderBy('item_transfers.id', 'desc')
    .execute();
}

/** Erases the messages a player wrote (their account is being deleted); the moves themselves stay. */
export async function eraseTransferMessagesOf(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('item_transfers')
    .set({ message: null })
    .where('from_user_id', '=', userId)
    .where('message', 'is not', null)
    .execute();
}

export async function findItemTransfer(db: Executor, id: string) {
  return db.selectFrom('item_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The transfers of one trade (its legs), by the trade's id in `reference`. */
export async function listTransfersByReference(db: Executor, kind: string, reference: string) {
  return db
    .selectFrom('item_transfers')
    .selectAll()
    .where('kind', '=', kind)
    .where('reference', '=', reference)
    .orderBy('id')
    .execute();
}

/** Marks a transfer reversed; false when it already was (a reversal happens once, however many race). */
export async function markTransferReversed(db: Executor, id: string, by: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('item_transfers')
    .set({ reversed_at: now, reversed_by: by })
    .where('id', '=', id)
    .where('reversed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a transfer gave: its positive item-ledger rows (the recipient's new entries). */
export async function listReceivedLinesOfTransfer(db: Executor, transferId: string) {
  return db
    .selectFrom('item_ledger')
    .select(['entry_id', 'delta', 'user_id'])
    .where('transfer_id', '=', transferId)
    .where('delta', '>', 0)
    .orderBy('id')
    .execute();
}

/** A page of a player's item ledger, newest first, each row with its transfer and both usernames. */
export async function pageItemLedgerOfUser(
  db: Executor,
  userId: string,
  page: NewestFirstPage,
  transferKind: string | undefined,
) {
  let query = db
    .selectFrom('item_ledger')
    .leftJoin('item_transfers', 'item_transfers.id', 'item_ledger.transfer_id')
    .leftJoin('users as sender', 'sender.id', 'item_transfers.from_user_id')
    .leftJoin('users as recipient', 'recipient.id', 'item_transfers.to_user_id')
    .leftJoin('shop_items', 'shop_items.id', 'item_ledger.item_id')
    .selectAll('item_ledger')
    .select([
      'shop_items.name as item_name',
      'item_transfers.kind as transfer_kind',
      'item_transfers.message as transfer_message',
      'item_transfers.reference as transfer_reference',
      'item_transfers.created_at as transfer_created_at',
      'item_transfers.reversed_at as transfer_reversed_at',
      'sender.username as from_username',
      'recipient.username as to_username',
    ])
    .where('item_ledger.user_id', '=', userId);
  if (transferKind) query = query.where('item_transfers.kind', '=', transferKind);
  return newestFirst(query, 'item_ledger', page).execute();
}
