// Data access for a player's purchases (issue 22): the credit purchases (migration 029) and the
// player's card orders and invoices in `payments`, each read newest first a page at a time on its
// (user_id, created_at, id) index, and this month's card revenue for the monthly goal.
import type { Insertable } from 'kysely';
import type { CreditPurchasesTable, Executor } from '../database.ts';
import { type NewestFirstPage, newestFirst } from '../newest-first.ts';
import { prepared } from '../prepared.ts';
import { RECEIVED_STATUSES } from './payments.ts';

/** Orders a player never paid and that can no longer be paid: not purchases, never listed. */
export const UNLISTED_PAYMENT_STATUSES = ['cancelled', 'expired'] as const;

/** Written by every credit purchase: compiled once (db/prepared.ts). */
const insertCreditPurchaseRow = prepared((db: Executor, row: Insertable<CreditPurchasesTable>) =>
  db.insertInto('credit_purchases').values(row),
);

export async function insertCreditPurchase(db: Executor, row: Insertable<CreditPurchasesTable>): Promise<void> {
  await insertCreditPurchaseRow(db, row);
}

const creditPurchaseColumns = [
  'credit_purchases.id',
  'credit_purchases.user_id',
  'credit_purchases.item_id',
  'credit_purchases.item_name',
  'credit_purchases.quantity',
  'credit_purchases.price_credits',
  'credit_purchases.created_at',
] as const;

function creditPurchasesOf(db: Executor, userId: string) {
  return db
    .selectFrom('credit_purchases')
    .leftJoin('users as recipient', 'recipient.id', 'credit_purchases.recipient_id')
    .select([...creditPurchaseColumns, 'recipient.username as recipient_username'])
    .where('credit_purchases.user_id', '=', userId);
}

export type CreditPurchaseRow = NonNullable<Awaited<ReturnType<typeof findCreditPurchaseOfUser>>>;

/** The read of a page of a player's credit purchases, newest first (its plan is tested). */
export const creditPurchasesPageQuery = (db: Executor, userId: string, page: NewestFirstPage) =>
  newestFirst(creditPurchasesOf(db, userId), 'credit_purchases', page);

export async function pageCreditPurchasesOfUser(db: Executor, userId: string, page: NewestFirstPage) {
  return creditPurchasesPageQuery(db, userId, page).execute();
}

export async function findCreditPurchaseOfUser(db: Executor, userId: string, id: string) {
  return creditPurchasesOf(db, userId).where('credit_purchases.id', '=', id).executeTakeFirst();
}

function listedPaymentsOf(db: Executor, userId: string) {
  return db
    .selectFrom('payments')
    .selectAll('payments')
    .where('payments.user_id', '=', userId)
    .where('payments.status', 'not in', UNLISTED_PAYMENT_STATUSES);
}

/** The read of a page of a player's card orders and invoices, newest first (those never paid and closed left out). */
export const paymentsPageQuery = (db: Executor, userId: string, page: NewestFirstPage) =>
  newestFirst(listedPaymentsOf(db, userId), 'payments', page);

export async function pagePaymentsOfUser(db: Executor, userId: string, page: NewestFirstPage) {
  return paymentsPageQuery(db, userId, page).execute();
}

export async function findListedPaymentOfUser(db: Executor, userId: string, id: string) {
  return listedPaymentsOf(db, userId).where('payments.id', '=', id).executeTakeFirst();
}

/**
 * Card revenue in [from, to): cents received in it, less cents refunded in it (a refund counts in the
 * month it is made, so a month's figure never changes once it is over).
 */
export async function sumCardRevenueCentsBetween(db: Executor, fromIso: string, toIso: string): Promise<number> {
  const received = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.val(0)).as('total'))
    .where('status', 'in', RECEIVED_STATUSES)
    .where('paid_at', '>=', fromIso)
    .where('paid_at', '<', toIso)
    .executeTakeFirstOrThrow();
  const refunded = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('refunded_cents'), eb.val(0)).as('total'))
    .where('refunded_at', '>=', fromIso)
    .where('refunded_at', '<', toIso)
    .executeTakeFirstOrThrow();
  return Number(received.total) - Number(refunded.total);
}
