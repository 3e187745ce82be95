// Data access for payments, the Stripe events already applied, and each player's Stripe customer;
// with the two figures the admin dashboard reads (revenue and active subscriptions).
import type { Executor, NewPayment, PaymentRow, PaymentUpdate } from '../database.ts';
import { HOLDING_STATUSES } from './subscriptions.ts';

export async function insertPayment(db: Executor, payment: NewPayment): Promise<void> {
  await db.insertInto('payments').values(payment).execute();
}

export async function findPaymentById(db: Executor, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The payment, locked against concurrent change (where the dialect has row locks: SQLite writes one at a time). */
export async function lockPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findPaymentByIdempotencyKey(db: Executor, key: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export async function findPaymentByCheckoutSession(db: Executor, sessionId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('checkout_session_id', '=', sessionId).executeTakeFirst();
}

/** The first payment of a charge (its payment intent). */
export async function findPaymentByPaymentIntent(
  db: Executor,
  paymentIntentId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .orderBy('created_at')
    .executeTakeFirst();
}

export async function findPaymentByInvoice(db: Executor, invoiceId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
}

/** The payment that started a subscription (its first month). */
export async function findStartingPayment(db: Executor, subscriptionId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('kind', '=', 'subscription')
    .executeTakeFirst();
}

/** The last payment of a subscription that is paid and not refunded: the month a duplicate gets back. */
export async function findLatestPaidPayment(db: Executor, subscriptionId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('kind', 'in', ['subscription', 'renewal'])
    .where('status', '=', 'paid')
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Whether a payment of the subscription is under an open dispute. */
export async function hasDisputedPayment(db: Executor, subscriptionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'disputed')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePayment(db: Executor, id: string, changes: PaymentUpdate): Promise<void> {
  await db.updateTable('payments').set(changes).where('id', '=', id).execute();
}

/**
 * Moves a payment on only from one of the given statuses: the guard that makes fulfilment, a refund
 * or a dispute act once however often (or however concurrently) it is asked. True when it moved.
 */
export async function transitionPayment(
  db: Executor,
  id: string,
  from: readonly string[],
  changes: PaymentUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listPaymentsOfUser(db: Executor, userId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function isEventProcessed(db: Executor, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('processed_events')
    .select('event_id')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Throws a unique violation when the event was already applied: the caller's transaction then rolls back. */
export async function insertProcessedEvent(db: Executor, eventId: string, type: string, now: string): Promise<void> {
  await db.insertInto('processed_events').values({ event_id: eventId, type, processed_at: now }).execute();
}

export async function findCustomerId(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('payment_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

export async function findUserIdByCustomer(db: Executor, customerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('payment_customers')
    .select('user_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Remembers a player's customer; a second writer (a double click) leaves the first in place. */
export async function saveCustomerId(db: Executor, userId: string, customerId: string, now: string): Promise<void> {
  await db
    .insertInto('payment_customers')
    .values({ user_id: userId, customer_id: customerId, created_at: now })
    // Any unique key: two first checkouts at once get the same customer from Stripe (one idempotency
    // key), and on PostgreSQL the second insert can meet customer_id's key before user_id's.
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Statuses of payments whose money was received at paid_at (some may have been refunded since). */
export const RECEIVED_STATUSES = ['paid', 'refunded', 'partially_refunded', 'disputed', 'dispute_lost'] as const;

/**
 * Cents received since a moment, less the cents refunded since then: what the admin dashboard's
 * "Revenue (30d)" shows. A refund counts when it happens, so a month's figure never changes later.
 */
export async function sumRevenueCentsSince(db: Executor, sinceIso: string): Promise<number> {
  const received = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.val(0)).as('total'))
    .where('status', 'in', RECEIVED_STATUSES)
    .where('paid_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  const refunded = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('refunded_cents'), eb.val(0)).as('total'))
    .where('refunded_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(received.total) - Number(refunded.total);
}

/** Subscriptions that give a tier now: active, trialing, or past due while the card is retried, and not held. */
export async function countActiveSubscriptions(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', 'in', HOLDING_STATUSES)
    .where('hold', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Orders still waiting for payment on a provider's page opened before `before` (the sandbox's, whose
 * checkout never expires by itself), oldest first, a batch at a time (index payments_status_created).
 */
export async function listStalePendingOrders(
  db: Executor,
  provider: PaymentRow['provider'],
  before: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .where('provider', '=', provider)
    .where('kind', 'in', ['items', 'subscription'])
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
