// Data access for the admin's Payments screen (issue 22): every order and invoice newest first, a
// page at a time on the (created_at, id) keyset, filtered by status (its own index), provider, a
// range of days and a search; and the revenue per day the dashboard's chart draws. The indexes are
// migration 031's (payments_created, payments_status_created, payments_refunded_at) and 006's
// (payments_user, payments_paid_at and the provider ids).
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../database.ts';
import { type NewestFirstPage, newestFirst } from '../newest-first.ts';
import { RECEIVED_STATUSES } from './payments.ts';

export interface PaymentListFilter {
  status?: string;
  provider?: string;
  /** created_at at or after this instant. */
  from?: string;
  /** created_at before this instant. */
  before?: string;
  /**
   * A search: orders of these players (a list of ids, or a subquery of them), or whose own id or
   * provider id is `exact`.
   */
  search?: { userIds: string[] | RawBuilder<unknown>; exact: string };
}

export function paymentListQuery(db: Executor, filter: PaymentListFilter, page: NewestFirstPage) {
  let query = db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .selectAll('payments')
    .select(['users.username', 'users.email']);
  if (filter.status) query = query.where('payments.status', '=', filter.status);
  if (filter.provider) query = query.where('payments.provider', '=', filter.provider as 'stripe' | 'sandbox');
  if (filter.from) query = query.where('payments.created_at', '>=', filter.from);
  if (filter.before) query = query.where('payments.created_at', '<', filter.before);
  const { search } = filter;
  if (search) {
    const { userIds, exact } = search;
    query = query.where((eb) => {
      const byId = [
        eb('payments.id', '=', exact),
        eb('payments.payment_intent_id', '=', exact),
        eb('payments.checkout_session_id', '=', exact),
        eb('payments.invoice_id', '=', exact),
      ];
      if (Array.isArray(userIds)) {
        return eb.or(userIds.length > 0 ? [eb('payments.user_id', 'in', userIds), ...byId] : byId);
      }
      return eb.or([sql<boolean>`payments.user_id in (${userIds})`, ...byId]);
    });
  }
  return newestFirst(query, 'payments', page);
}

export type PaymentListRow = Awaited<ReturnType<ReturnType<typeof paymentListQuery>['execute']>>[number];

export async function pagePayments(db: Executor, filter: PaymentListFilter, page: NewestFirstPage) {
  return paymentListQuery(db, filter, page).execute();
}

/** One payment with its player's username and email. */
export async function findPaymentWithPlayer(db: Executor, id: string): Promise<PaymentListRow | undefined> {
  return db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .selectAll('payments')
    .select(['users.username', 'users.email'])
    .where('payments.id', '=', id)
    .executeTakeFirst();
}

/** What a payment's entries became: each delivered one with when, to whom and what. */
export async function listDeliveriesOfPayment(db: Executor, paymentId: string) {
  return db
    .selectFrom('inventory_entries')
    .innerJoin('users', 'users.id', 'inventory_entries.user_id')
    .select([
      'inventory_entries.id',
      'inventory_entries.item_snapshot',
      'inventory_entries.quantity',
      'inventory_entries.delivered_at',
      'users.username',
    ])
    .where('inventory_entries.payment_id', '=', paymentId)
    .where('inventory_entries.delivered_at', 'is not', null)
    .orderBy('inventory_entries.delivered_at')
    .orderBy('inventory_entries.id')
    .execute();
}

/**
 * Per UTC day from `since` (an instant at the start of a day): cents received and orders paid that
 * day, and cents refunded that day. Days without either are absent; the caller fills them in.
 */
export async function sumRevenueByDay(db: Executor, since: string) {
  const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  const received = await db
    .selectFrom('payments')
    .select([
      day('paid_at').as('day'),
      (eb) => eb.fn.sum<number | string>('amount_cents').as('cents'),
      (eb) => eb.fn.countAll<number | string>().as('orders'),
    ])
    .where('status', 'in', RECEIVED_STATUSES)
    .where('paid_at', '>=', since)
    .groupBy(day('paid_at'))
    .execute();
  const refunded = await db
    .selectFrom('payments')
    .select([day('refunded_at').as('day'), (eb) => eb.fn.sum<number | string>('refunded_cents').as('cents')])
    .where('refunded_at', '>=', since)
    .groupBy(day('refunded_at'))
    .execute();
  return {
    received: received.map((row) => ({ day: row.day, cents: Number(row.cents), orders: Number(row.orders) })),
    refunded: refunded.map((row) => ({ day: row.day, cents: Number(row.cents) })),
  };
}
