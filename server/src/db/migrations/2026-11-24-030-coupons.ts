// Coupons (issue 22): the codes admins define, and each use of one. `code_key` is the code in lower
// case, unique, so codes are unique without regard to case. `uses` counts the redemptions not given
// back; a purchase takes one with a conditional update of the coupon's row (its lock on PostgreSQL,
// SQLite's single writer), so concurrent purchases never pass max_uses. A redemption names what it paid
// for: the inventory entry of a credit purchase, or the card order (payments.id); a refunded order
// gives its use back (released_at). Redemptions outlive their coupon (no foreign key to it).
//
// Only adds. Frozen once landed.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('code_key', 'text', (col) => col.notNull().unique())
    .addColumn('percent_off', 'integer', (col) => col.check(sql`percent_off between 1 and 100`))
    .addColumn('amount_off', 'bigint', (col) => col.check(sql`amount_off >= 1`))
    // JSON: {"all":true} or {"categoryIds":[…],"itemIds":[…],"tierIds":[…]}.
    .addColumn('applies_to', 'text', (col) => col.notNull())
    .addColumn('min_spend', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_player', 'integer')
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('coupons_one_kind', sql`(percent_off is null) <> (amount_off is null)`)
    .execute();

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('coupon_id', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    // credit_purchase (reference: the inventory entry) or card (reference: payments.id).
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('credit_purchase', 'card')`))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    // Credits (a credit purchase) or cents (a card order) the code took off.
    .addColumn('discount', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('released_at', 'text')
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_player')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('coupons').execute();
}
