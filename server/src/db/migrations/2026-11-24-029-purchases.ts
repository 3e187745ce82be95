// Issue 22, the player's Purchases page, receipts and the monthly goal:
//
//   credit_purchases   one row per shop purchase paid with credits (for the buyer, or bought for a
//                      friend): the buyer, the item as it was named, the quantity, the credits paid,
//                      the friend it went to, and when. Its id is the inventory entry the purchase
//                      made, which the credit ledger's row names as its reference. Card orders and
//                      invoices need no such row: `payments` holds them, with their lines.
//                      Existing credit purchases are filled in from the ledger (reason
//                      credit_purchase) and the entries they made; an entry given away whole since
//                      is gone, and its purchase is then named from the item ledger and the catalogue.
//   payments           an index for one player's orders newest first, a page at a time (the
//                      player's list reads (user_id, created_at, id)), one on refunded_at for the
//                      month's refunds; `card_brand` and `card_last4`,
//                      the card the provider charged, where it says (Stripe), for the receipt.
//   site_settings      `monthly_goal_cents` and `monthly_goal_text`: the monthly goal (null: none).
//
// Only adds. Frozen once landed.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('credit_purchases')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    // Not a foreign key: the catalogue row may be deleted, the purchase stays as it was.
    .addColumn('item_id', 'text')
    .addColumn('item_name', 'text', (col) => col.notNull())
    .addColumn('quantity', postgres ? 'bigint' : 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('price_credits', postgres ? 'bigint' : 'integer', (col) => col.notNull().check(sql`price_credits >= 0`))
    .addColumn('recipient_id', 'text', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // A player's purchases newest first, a page at a time (created_at, id keyset).
  await sql`create index credit_purchases_user_page on credit_purchases (user_id, created_at, id)`.execute(db);
  await sql`create index payments_user_page on payments (user_id, created_at, id)`.execute(db);
  // The monthly goal subtracts the month's refunds (paid_at has its index since migration 006).
  await sql`create index payments_refunded_at on payments (refunded_at)`.execute(db);

  await db.schema.alterTable('payments').addColumn('card_brand', 'text').execute();
  await db.schema.alterTable('payments').addColumn('card_last4', 'text').execute();
  await db.schema.alterTable('site_settings').addColumn('monthly_goal_cents', 'integer').execute();
  await db.schema.alterTable('site_settings').addColumn('monthly_goal_text', 'text').execute();

  const snapshotName = postgres
    ? sql`(e.item_snapshot::json ->> 'name')`
    : sql`json_extract(e.item_snapshot, '$.name')`;
  await sql`
    insert into credit_purchases (id, user_id, item_id, item_name, quantity, price_credits, recipient_id, created_at)
    select l.reference, l.user_id,
      coalesce(e.shop_item_id, (select il.item_id from item_ledger il where il.entry_id = l.reference
        order by il.created_at, il.id limit 1)),
      coalesce(${snapshotName}, (select s.name from item_ledger il join shop_items s on s.id = il.item_id
        where il.entry_id = l.reference order by il.created_at, il.id limit 1), 'Shop item'),
      1, -l.delta,
      case when e.acquired_method = 'gift' and e.acquired_from = l.user_id then e.user_id else null end,
      l.created_at
    from credit_ledger l
    left join inventory_entries e on e.id = l.reference
    where l.reason = 'credit_purchase' and l.reference is not null and l.delta <= 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('monthly_goal_text').execute();
  await db.schema.alterTable('site_settings').dropColumn('monthly_goal_cents').execute();
  await db.schema.alterTable('payments').dropColumn('card_last4').execute();
  await db.schema.alterTable('payments').dropColumn('card_brand').execute();
  await sql`drop index if exists payments_refunded_at`.execute(db);
  await sql`drop index if exists payments_user_page`.execute(db);
  await db.schema.dropTable('credit_purchases').execute();
}
