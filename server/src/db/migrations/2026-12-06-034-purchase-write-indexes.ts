// Issue 18, a purchase's writes again: every index a row enters is a page written at its commit (on
// SQLite a page of log each, about 8 µs on this VM's disk), and a credit purchase wrote three that no
// read needs.
//
//   item_ledger_entry           (entry_id): no statement reads the ledger by entry (an entry's history
//                               is read by player, item_ledger_user; a move's rows by transfer). Dropped.
//   item_ledger_transfer        (transfer_id): read only for one transfer's rows (a gift, a trade, an
//                               admin's reversal); a purchase's or a delivery's row has none, and each
//                               such null was an entry. Now item_ledger_by_transfer, only the rows that
//                               have one.
//   inventory_entries_payment   (payment_id): read only for one card payment's entries (its refund, its
//                               receipt); an entry bought with credits, won or given has none. Now
//                               inventory_entries_by_payment, only the entries that have one.
//
// A statement `where transfer_id = ?` (or payment_id) can only match a row that has one, so both
// databases read the partial index for it (server/test/scale-indexes.test.ts shows the plans).
// On PostgreSQL a big table's new index is left to start-up, built concurrently, and the index it
// replaces dropped only once it is there (db/index-builds.ts): the reads are never without one. A
// build from before reads the same statements the same way. Frozen once landed.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { createIndexesWhileSmall, type IndexDefinition } from '../index-builds.ts';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** This migration's indexes (db/online-indexes.ts builds on PostgreSQL any left for start). */
export const POSTGRES_INDEXES: readonly IndexDefinition[] = [
  {
    name: 'item_ledger_by_transfer',
    table: 'item_ledger',
    on: '(transfer_id) where transfer_id is not null',
    replaces: 'item_ledger_transfer',
  },
  {
    name: 'inventory_entries_by_payment',
    table: 'inventory_entries',
    on: '(payment_id) where payment_id is not null',
    replaces: 'inventory_entries_payment',
  },
];

const DROPPED = { name: 'item_ledger_entry', table: 'item_ledger', column: 'entry_id' };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(DROPPED.name).ifExists().execute();
  if (isPostgres(db)) {
    await createIndexesWhileSmall(db, POSTGRES_INDEXES);
    return;
  }
  for (const index of POSTGRES_INDEXES) {
    await db.schema
      .dropIndex(index.replaces as string)
      .ifExists()
      .execute();
    await sql.raw(`create index if not exists "${index.name}" on "${index.table}" ${index.on}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of POSTGRES_INDEXES) {
    await db.schema.dropIndex(index.name).ifExists().execute();
  }
  await db.schema.createIndex('item_ledger_transfer').ifNotExists().on('item_ledger').column('transfer_id').execute();
  await db.schema
    .createIndex('inventory_entries_payment')
    .ifNotExists()
    .on('inventory_entries')
    .column('payment_id')
    .execute();
  await db.schema.createIndex(DROPPED.name).ifNotExists().on(DROPPED.table).column(DROPPED.column).execute();
}
