// Inventory entries: what a player owns, with the shop item embedded as it was sold, how it was
// acquired, whether the game has delivered it, and until when it is trade-locked.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inventory_entries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The catalogue row may be edited or deleted later; the snapshot keeps what was bought.
    .addColumn('shop_item_id', 'text', (col) => col.references('shop_items.id').onDelete('set null'))
    .addColumn('item_snapshot', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('acquired_method', 'text', (col) => col.notNull())
    .addColumn('delivered_to_game', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('delivered_at', 'text')
    .addColumn('trade_locked_until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('inventory_entries_user')
    .on('inventory_entries')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inventory_entries').execute();
}
