// The game servers' side: their keys (kept only as hashes), and on each inventory entry the state
// of its delivery into the game: who holds a lease on it until when, and who confirmed it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_server_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // SHA-256 of the key: the key itself is shown once, at creation, and never stored.
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    // The first characters, so an admin can tell keys apart in the list.
    .addColumn('key_prefix', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema.alterTable('inventory_entries').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('inventory_entries').addColumn('leased_to', 'text').execute();
  await db.schema.alterTable('inventory_entries').addColumn('delivered_by', 'text').execute();
  await db.schema
    .alterTable('inventory_entries')
    .addColumn('delivery_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('inventory_entries_undelivered')
    .on('inventory_entries')
    .columns(['delivered_to_game', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('inventory_entries_undelivered').execute();
  for (const column of ['delivery_attempts', 'delivered_by', 'leased_to', 'lease_until']) {
    await db.schema.alterTable('inventory_entries').dropColumn(column).execute();
  }
  await db.schema.dropTable('game_server_keys').execute();
}
