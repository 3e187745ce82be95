// PostgreSQL only: money and counts that can grow become 64-bit (`integer` there is 32-bit, so a
// display order of 2147483648 or a balance past 2^31 failed). SQLite's integers are 64-bit already.
// Only widens: a build from before reads and writes the same values (node-postgres hands it int8 as
// strings, which it already passes through Number()). Frozen once landed.
//
// Widened, column by column:
//   users.credits                                       a balance
//   credit_ledger.delta, credit_ledger.balance_after    ledger amounts and the balance they leave
//   tiers.price_cents, subscriptions.price_cents        prices (cents)
//   tiers.display_order, shop_categories.sort_order     orders an admin types freely
//   shop_items.price_credits, shop_items.price_usd_cents, shop_items.credit_amount
//                                                       prices and a credit pack's credits
//   payments.amount_cents, payments.refunded_cents      money charged and refunded
//   payments.credits_granted, credits_reclaimed, credits_shortfall
//                                                       a payment's credits: packs times quantities
//   inventory_entries.quantity                          quantities (mail sends up to a million)
//   inventory_entries.delivery_attempts                 a count that grows for as long as an entry waits
// Left 32-bit: shop_items.discount (0 to 100), jobs.attempts (bounded by the job runner's retries),
// and the 0/1 flags.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const WIDENED: Record<string, string[]> = {
  users: ['credits'],
  credit_ledger: ['delta', 'balance_after'],
  tiers: ['price_cents', 'display_order'],
  subscriptions: ['price_cents'],
  shop_categories: ['sort_order'],
  shop_items: ['price_credits', 'price_usd_cents', 'credit_amount'],
  payments: ['amount_cents', 'refunded_cents', 'credits_granted', 'credits_reclaimed', 'credits_shortfall'],
  inventory_entries: ['quantity', 'delivery_attempts'],
};

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** One statement per table, so each table is rewritten once. */
async function setType(db: Kysely<unknown>, type: 'bigint' | 'integer'): Promise<void> {
  for (const [table, columns] of Object.entries(WIDENED)) {
    const changes = columns.map((column) => sql`alter column ${sql.ref(column)} type ${sql.raw(type)}`);
    await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await setType(db, 'bigint');
}

/** Narrows back; fails (and changes nothing) while any value is past 32 bits. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await setType(db, 'integer');
}
