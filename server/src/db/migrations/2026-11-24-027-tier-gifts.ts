// Tiers given as a gift (issue 20, "Buy as a gift"): a buyer pays once, by card, for a month of a
// tier for another player. One row per gift: who paid, who holds it, which tier, the order that paid
// it, and its month (starts_at to ends_at). `ended_at` is set once the scheduled job has ended it
// (tier_gifts.end), so a gift ends once however often the job runs.
//
// Only adds. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tier_gifts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('buyer_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('recipient_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('tier_id', 'text', (col) => col.notNull())
    // The payment (order) that paid for it: one gift per order.
    .addColumn('order_ref', 'text', (col) => col.notNull().unique())
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  // The job's read: gifts still running whose month is over.
  await db.schema.createIndex('tier_gifts_running').on('tier_gifts').columns(['ended_at', 'ends_at']).execute();
  await db.schema.createIndex('tier_gifts_recipient').on('tier_gifts').columns(['recipient_id', 'ends_at']).execute();
  await db.schema.createIndex('tier_gifts_buyer').on('tier_gifts').column('buyer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tier_gifts').execute();
}
