// The admin's Payments screen (issue 22): each order's history, and the indexes its list, filters
// and revenue chart read at a million orders.
//
// payment_events: one row per thing that happened to an order (checkout opened, paid, refunded,
// disputed, dispute closed), written in the same transaction as the change, append-only (a trigger
// refuses updates and deletes on both dialects). Orders made before this migration get their history
// from the columns that recorded it (created_at, paid_at, refunded_at), so every order has one.
//
// Only adds. Frozen once landed.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Financial history outlives any tidy-up: no cascade.
    .addColumn('payment_id', 'text', (col) => col.notNull().references('payments.id'))
    /** checkout, paid, refunded, partially_refunded, disputed, dispute_won, dispute_lost, refund_requested. */
    .addColumn('type', 'text', (col) => col.notNull())
    /** Cents the event moved (a payment, a refund), when it moved money. */
    .addColumn('amount_cents', 'bigint')
    /** A user id, or system:… for what the payment rules and the provider did. */
    .addColumn('actor', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_events_payment')
    .on('payment_events')
    .columns(['payment_id', 'created_at', 'id'])
    .execute();

  // History of orders made before: what their own columns recorded.
  await sql`
    insert into payment_events (id, payment_id, type, amount_cents, actor, note, created_at)
    select 'legacy-checkout-' || id, id, 'checkout', amount_cents, user_id, null, created_at from payments`.execute(db);
  await sql`
    insert into payment_events (id, payment_id, type, amount_cents, actor, note, created_at)
    select 'legacy-paid-' || id, id, 'paid', amount_cents, 'system:payments', null, paid_at
    from payments where paid_at is not null`.execute(db);
  await sql`
    insert into payment_events (id, payment_id, type, amount_cents, actor, note, created_at)
    select 'legacy-refunded-' || id, id,
      case when status = 'partially_refunded' then 'partially_refunded' else 'refunded' end,
      refunded_cents, 'system:payments', null, refunded_at
    from payments where refunded_at is not null and status in ('refunded', 'partially_refunded')`.execute(db);
  await sql`
    insert into payment_events (id, payment_id, type, amount_cents, actor, note, created_at)
    select 'legacy-dispute-' || id, id, case when status = 'dispute_lost' then 'dispute_lost' else 'disputed' end,
      amount_cents, 'system:payments', null, updated_at
    from payments where status in ('disputed', 'dispute_lost')`.execute(db);

  if (isPostgres(db)) {
    await sql`
      create or replace function payment_events_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'payment_events is append-only';
      end $$`.execute(db);
    await sql`
      create trigger payment_events_append_only before update or delete on payment_events
      for each row execute function payment_events_append_only()`.execute(db);
  } else {
    await sql`
      create trigger payment_events_no_update before update on payment_events
      begin select raise(abort, 'payment_events is append-only'); end`.execute(db);
    await sql`
      create trigger payment_events_no_delete before delete on payment_events
      begin select raise(abort, 'payment_events is append-only'); end`.execute(db);
  }

  // The admin's list newest first (created_at, id keyset) and by status; the revenue chart reads refunds
  // through payments_refunded_at, which migration 029 makes for the monthly goal.
  await db.schema.createIndex('payments_created').on('payments').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('payments_status_created')
    .on('payments')
    .columns(['status', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_status_created').execute();
  await db.schema.dropIndex('payments_created').execute();
  if (isPostgres(db)) {
    await sql`drop trigger if exists payment_events_append_only on payment_events`.execute(db);
    await sql`drop function if exists payment_events_append_only()`.execute(db);
  }
  await db.schema.dropTable('payment_events').execute();
}
