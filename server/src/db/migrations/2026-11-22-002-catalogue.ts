// Shop categories and shop items (SPEC.md §3), so the first start can seed a living catalogue.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_categories')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('icon', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('shop_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('image_url', 'text')
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('rarity', 'text', (col) => col.notNull().defaultTo('common'))
    .addColumn('discount', 'integer', (col) => col.notNull().defaultTo(0).check(sql`discount between 0 and 100`))
    .addColumn('featured', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('price_credits', 'integer', (col) => col.notNull().defaultTo(0).check(sql`price_credits >= 0`))
    .addColumn('price_usd_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`price_usd_cents >= 0`))
    .addColumn('credit_amount', 'integer', (col) => col.notNull().defaultTo(0).check(sql`credit_amount >= 0`))
    .addColumn('game_items', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('tier_exclusive_id', 'text', (col) => col.references('tiers.id').onDelete('set null'))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('is_tradeable', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('is_giftable', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shop_items_category').on('shop_items').columns(['category', 'is_active']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shop_items').execute();
  await db.schema.dropTable('shop_categories').execute();
}
