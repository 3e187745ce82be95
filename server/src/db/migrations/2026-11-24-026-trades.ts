// Trades between players (issue 20): an offer frozen when sent, and whether credits may be part of one.
//
// trade_offers: who offers whom, its status (open, accepted, declined, cancelled, expired, or invalid
// with the reason found at acceptance), the credits each side gives, an optional message, when it
// was made, when it expires (7 days on) and when it was decided.
// trade_offer_lines: what moves each way (`side` give: from the sender; get: from the recipient),
// naming the entry and the item as it was when the offer was sent (name and image frozen), with the
// quantity.
// site_settings.credits_in_trades: 1 (the default) lets an offer carry credits.
//
// Only adds. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trade_offers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('from_user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('to_user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('invalid_reason', 'text')
    .addColumn('give_credits', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('get_credits', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  // A player's open offers both ways (and the count of those sent).
  await db.schema
    .createIndex('trade_offers_from')
    .on('trade_offers')
    .columns(['from_user_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('trade_offers_to')
    .on('trade_offers')
    .columns(['to_user_id', 'status', 'created_at'])
    .execute();
  // A player's history both ways, a page at a time, latest decided first ((decided_at, id) keyset).
  await db.schema
    .createIndex('trade_offers_from_decided')
    .on('trade_offers')
    .columns(['from_user_id', 'decided_at', 'id'])
    .execute();
  await db.schema
    .createIndex('trade_offers_to_decided')
    .on('trade_offers')
    .columns(['to_user_id', 'decided_at', 'id'])
    .execute();
  // The expiry pass: open offers by when they run out.
  await db.schema.createIndex('trade_offers_expiry').on('trade_offers').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('trade_offer_lines')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('offer_id', 'text', (col) => col.notNull().references('trade_offers.id'))
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    // Not a foreign key: the entry may be traded, gifted or used up later; the offer keeps what it said.
    .addColumn('entry_id', 'text', (col) => col.notNull())
    .addColumn('item_id', 'text')
    .addColumn('item_name', 'text', (col) => col.notNull())
    .addColumn('item_image', 'text')
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('trade_offer_lines_offer')
    .on('trade_offer_lines')
    .columns(['offer_id', 'position'])
    .execute();

  await db.schema
    .alterTable('site_settings')
    .addColumn('credits_in_trades', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('credits_in_trades').execute();
  await db.schema.dropTable('trade_offer_lines').execute();
  await db.schema.dropTable('trade_offers').execute();
}
