// Card payments: every payment (items, subscriptions, renewals, tier changes) with its provider ids,
// the supporter subscriptions, the Stripe events already applied, the Stripe customer of each player,
// and which inventory entries a payment made (so a refund or dispute can revoke them).
// Frozen once landed: later changes get a new migration.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Financial records outlive any tidy-up: no cascade from users.
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider in ('stripe', 'sandbox')`))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('items', 'subscription', 'renewal', 'tier_change')`),
    )
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    /** JSON: what was bought (lines with item snapshots, or the tier). */
    .addColumn('purchase', 'text', (col) => col.notNull())
    /** Derived from the request, so a double click finds the same order. */
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addColumn('checkout_session_id', 'text', (col) => col.unique())
    .addColumn('checkout_url', 'text')
    .addColumn('payment_intent_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('invoice_id', 'text', (col) => col.unique())
    .addColumn('credits_granted', 'integer', (col) => col.notNull().defaultTo(0))
    /** Credits taken back on a refund or an open dispute, and what the balance could not cover. */
    .addColumn('credits_reclaimed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('credits_shortfall', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`refunded_cents >= 0`))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema.createIndex('payments_user').on('payments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payments_payment_intent').on('payments').column('payment_intent_id').execute();
  await db.schema.createIndex('payments_subscription').on('payments').column('subscription_id').execute();
  await db.schema.createIndex('payments_paid_at').on('payments').column('paid_at').execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider in ('stripe', 'sandbox')`))
    .addColumn('provider_subscription_id', 'text', (col) => col.notNull().unique())
    .addColumn('provider_customer_id', 'text')
    .addColumn('provider_item_id', 'text')
    .addColumn('tier_id', 'text', (col) => col.references('tiers.id').onDelete('set null'))
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
    /** Stripe's words: incomplete, active, past_due, canceled, unpaid… */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('current_period_end', 'text')
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
    /** When the state written here was read from the provider: an older read never overwrites a newer one. */
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('subscriptions_user').on('subscriptions').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('processed_events')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('processed_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id'))
    .addColumn('customer_id', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('inventory_entries')
    .addColumn('payment_id', 'text', (col) => col.references('payments.id'))
    .execute();
  await db.schema.alterTable('inventory_entries').addColumn('revoked_at', 'text').execute();
  await db.schema.createIndex('inventory_entries_payment').on('inventory_entries').column('payment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('inventory_entries_payment').execute();
  await db.schema.alterTable('inventory_entries').dropColumn('revoked_at').execute();
  await db.schema.alterTable('inventory_entries').dropColumn('payment_id').execute();
  await db.schema.dropTable('payment_customers').execute();
  await db.schema.dropTable('processed_events').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('payments').execute();
}
