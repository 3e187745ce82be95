// The player economy's ground (issue 20): items kept on the site, where an entry came from, the
// player's default for new items, item transfers between players (gifts now; trades and an admin's
// reversal later) and the append-only item ledger that explains every entry's quantity.
//
// inventory_entries: `kept_on_site` (the delivery queue skips it until the player sends it) and
// `acquired_from` (the id of the player it came from; null for purchases, mail and grants).
// users: `keep_new_items_on_site` (0: new items go to the game at once, as before).
// item_transfers: one row per move between players, with its kind, both players, the sender's
// message, and, for a later reversal, when and by whom.
// item_ledger: one row per change of an entry's quantity, signed, never updated or deleted (a
// trigger refuses both on either dialect). Every entry that exists when this runs gets its opening
// row, so the ledger's sum per entry is its quantity from the start.
//
// Only adds. Frozen once landed.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inventory_entries')
    .addColumn('kept_on_site', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('inventory_entries').addColumn('acquired_from', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('keep_new_items_on_site', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('item_transfers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('from_user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('to_user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('message', 'text')
    // What the move belongs to, e.g. a trade's id.
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('reversed_at', 'text')
    .addColumn('reversed_by', 'text')
    .execute();
  await db.schema
    .createIndex('item_transfers_from')
    .on('item_transfers')
    .columns(['from_user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('item_transfers_to')
    .on('item_transfers')
    .columns(['to_user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('item_ledger')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    // The catalogue item (null once it is deleted from the catalogue, as on the entry).
    .addColumn('item_id', 'text')
    // Not a foreign key: an entry given away whole is deleted, its ledger rows stay.
    .addColumn('entry_id', 'text', (col) => col.notNull())
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('transfer_id', 'text', (col) => col.references('item_transfers.id'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // A player's ledger newest first, a page at a time (created_at, id keyset).
  await db.schema.createIndex('item_ledger_user').on('item_ledger').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('item_ledger_transfer').on('item_ledger').column('transfer_id').execute();
  await db.schema.createIndex('item_ledger_entry').on('item_ledger').column('entry_id').execute();

  // Opening rows: what every existing entry holds, so sums per entry agree with quantities.
  await sql`
    insert into item_ledger (id, user_id, item_id, entry_id, delta, transfer_id, reason, created_at)
    select 'open-' || id, user_id, shop_item_id, id, quantity, null, acquired_method, created_at
    from inventory_entries`.execute(db);

  if (isPostgres(db)) {
    await sql`
      create or replace function item_ledger_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'item_ledger is append-only';
      end $$`.execute(db);
    await sql`
      create trigger item_ledger_append_only before update or delete on item_ledger
      for each row execute function item_ledger_append_only()`.execute(db);
  } else {
    await sql`
      create trigger item_ledger_no_update before update on item_ledger
      begin select raise(abort, 'item_ledger is append-only'); end`.execute(db);
    await sql`
      create trigger item_ledger_no_delete before delete on item_ledger
      begin select raise(abort, 'item_ledger is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists item_ledger_append_only on item_ledger`.execute(db);
    await sql`drop function if exists item_ledger_append_only()`.execute(db);
  }
  await db.schema.dropTable('item_ledger').execute();
  await db.schema.dropTable('item_transfers').execute();
  await db.schema.alterTable('users').dropColumn('keep_new_items_on_site').execute();
  await db.schema.alterTable('inventory_entries').dropColumn('acquired_from').execute();
  await db.schema.alterTable('inventory_entries').dropColumn('kept_on_site').execute();
}
