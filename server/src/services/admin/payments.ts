// The admin's Payments screen (issue 22): every card order and invoice newest first, filtered and
// searched a page at a time; one order with its history; a full refund through the payment provider
// that then takes the very path a refund made in the provider's dashboard takes
// (payments/payment-reversals.ts); the filtered rows as CSV, streamed; and the revenue per day.
import {
  type AdminPayment,
  type AdminPaymentDetail,
  type AdminPaymentKind,
  type AdminPaymentsResponse,
  adminPaymentMessages,
  type adminPaymentsQuerySchema,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProviderId,
  type PaymentStatus,
  paymentCsvColumns,
  paymentMessages,
  paymentProviderLabels,
  type RevenueResponse,
} from '@starport/api-client/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { listPaymentEvents } from '../../db/repositories/payment-events.ts';
import {
  findPaymentWithPlayer,
  listDeliveriesOfPayment,
  type PaymentListFilter,
  type PaymentListRow,
  pagePayments,
  sumRevenueByDay,
} from '../../db/repositories/payment-list.ts';
import { findUserIdsMatching, userIdsMatching } from '../../db/repositories/users.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { newestFirstAnswer, newestFirstRequest } from '../../lib/page-cursor.ts';
import { centsToUsd } from '../accounts/user-view.ts';
import { PAYMENTS_ACTOR, type Purchase, readPurchase, tierGiftLineName } from '../payments/payment-records.ts';
import { applyRefund } from '../payments/payment-reversals.ts';
import { PaymentProviderError } from '../payments/provider.ts';
import { insertAudit } from './audit.ts';
import { searchOf } from './user-list.ts';

export type AdminPaymentsQueryInput = z.output<typeof adminPaymentsQuerySchema>;

/** The list names its cursors so; a cursor of another list is refused. */
const LIST = 'payments';
/**
 * A search's players are read first, at most this many, and their orders through their own index;
 * a term matching more players than this is common, and the orders are then walked newest first.
 */
const SEARCH_PLAYERS_CAP = 200;
/** Rows per read while the CSV streams: memory stays flat whatever the number of orders. */
const CSV_BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

function kindOf(row: Pick<PaymentListRow, 'kind'>, purchase: Purchase): AdminPaymentKind {
  return purchase.kind === 'tier_gift' ? 'tier_gift' : row.kind;
}

/** What was bought, in a line. */
export function summaryOf(purchase: Purchase): string {
  switch (purchase.kind) {
    case 'items': {
      const lines = purchase.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
      return purchase.giftTo ? `${lines}, a gift for ${purchase.giftTo.username}` : lines;
    }
    case 'tier_gift':
      return tierGiftLineName(purchase.tier.name, purchase.giftTo.username);
    case 'subscription':
      return `${purchase.tier.name} tier, monthly`;
    case 'renewal':
      return purchase.tier ? `${purchase.tier.name} tier, monthly renewal` : 'Monthly renewal';
    case 'tier_change':
      return `${purchase.from.name} tier to ${purchase.to.name} tier`;
  }
}

function toAdminPayment(row: PaymentListRow): AdminPayment {
  const purchase = readPurchase(row);
  return {
    _id: row.id,
    player: { _id: row.user_id, username: row.username },
    kind: kindOf(row, purchase),
    status: row.status as PaymentStatus,
    amount: centsToUsd(Number(row.amount_cents)),
    refunded: centsToUsd(Number(row.refunded_cents)),
    currency: row.currency,
    provider: row.provider,
    summary: summaryOf(purchase),
    createdAt: row.created_at,
    paidAt: row.paid_at,
  };
}

/** The first instant of a UTC day (YYYY-MM-DD), and of the day after. */
const startOfDay = (day: string) => `${day}T00:00:00.000Z`;
const startOfNextDay = (day: string) => toIso(addMs(new Date(startOfDay(day)), DAY_MS));

/** The query's filters as the data layer reads them; the search's players looked up first. */
async function filterOf(ctx: AppContext, query: Omit<AdminPaymentsQueryInput, 'limit' | 'cursor'>) {
  const filter: PaymentListFilter = {
    status: query.status,
    provider: query.provider,
    from: query.from ? startOfDay(query.from) : undefined,
    before: query.to ? startOfNextDay(query.to) : undefined,
  };
  const exact = query.search?.trim() ?? '';
  const match = searchOf(query.search);
  if (!match) return filter;
  const ids = await findUserIdsMatching(ctx.db, ctx.dialect, match, SEARCH_PLAYERS_CAP + 1);
  filter.search = { userIds: ids.length > SEARCH_PLAYERS_CAP ? userIdsMatching(ctx.dialect, match) : ids, exact };
  return filter;
}

export async function listPaymentsForAdmin(
  ctx: AppContext,
  query: AdminPaymentsQueryInput,
): Promise<AdminPaymentsResponse> {
  const request = newestFirstRequest(query, LIST);
  const rows = await pagePayments(ctx.db, await filterOf(ctx, query), request);
  const page = newestFirstAnswer(rows, request, LIST);
  return { payments: page.rows.map(toAdminPayment), nextCursor: page.nextCursor };
}

/** Why an admin's Refund is refused for this payment now; null when it may go ahead. */
function refundRefusalOf(ctx: AppContext, row: PaymentListRow): string | null {
  if (row.status === 'refunded' || row.status === 'dispute_lost') return adminPaymentMessages.alreadyRefunded;
  if (row.status === 'disputed') return adminPaymentMessages.disputed;
  if (row.status !== 'paid' && row.status !== 'partially_refunded') return adminPaymentMessages.notPaid;
  if (!row.payment_intent_id) return adminPaymentMessages.noCharge;
  if (!ctx.payments.providerOf(row.provider)) return adminPaymentMessages.providerMissing;
  return null;
}

/** Who caused an event: a player or admin by name, or (the payment rules acting on its word) the provider. */
const actorLabel = (actor: string | null, name: string | null | undefined, provider: PaymentProviderId) => {
  if (name) return name;
  if (actor === PAYMENTS_ACTOR) return paymentProviderLabels[provider];
  return actor;
};

async function detailOf(ctx: AppContext, row: PaymentListRow): Promise<AdminPaymentDetail> {
  const purchase = readPurchase(row);
  const [recorded, deliveries] = await Promise.all([
    listPaymentEvents(ctx.db, row.id),
    listDeliveriesOfPayment(ctx.db, row.id),
  ]);
  const events: PaymentEvent[] = recorded.map((event) => ({
    _id: event.id,
    type: event.type as PaymentEventType,
    at: event.created_at,
    amount: event.amount_cents === null ? null : centsToUsd(Number(event.amount_cents)),
    by: actorLabel(event.actor, event.actor_name, row.provider),
    note: event.note,
  }));
  for (const delivery of deliveries) {
    const name = (JSON.parse(delivery.item_snapshot) as { name: string }).name;
    events.push({
      _id: `delivery-${delivery.id}`,
      type: 'delivered',
      at: delivery.delivered_at as string,
      amount: null,
      by: null,
      note: `${Number(delivery.quantity)} × ${name} to ${delivery.username}`,
    });
  }
  // Oldest first; the sort is stable, so events of one instant keep the order they were written in.
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const lines =
    purchase.kind === 'items'
      ? purchase.lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          amount: centsToUsd(line.amountCents),
          credits: line.credits,
        }))
      : [{ name: summaryOf(purchase), quantity: 1, amount: centsToUsd(Number(row.amount_cents)), credits: 0 }];
  const giftTo =
    purchase.kind === 'items' || purchase.kind === 'tier_gift' ? (purchase.giftTo?.username ?? null) : null;
  return {
    ...toAdminPayment(row),
    email: row.email,
    lines,
    giftTo,
    paymentIntentId: row.payment_intent_id,
    checkoutSessionId: row.checkout_session_id,
    invoiceId: row.invoice_id,
    subscriptionId: row.subscription_id,
    creditsGranted: Number(row.credits_granted),
    creditsReclaimed: Number(row.credits_reclaimed),
    creditsShortfall: Number(row.credits_shortfall),
    note: row.note,
    refundRefusal: refundRefusalOf(ctx, row),
    events,
  };
}

async function findPayment(ctx: AppContext, id: string): Promise<PaymentListRow> {
  const row = await findPaymentWithPlayer(ctx.db, id);
  if (!row) throw notFound(adminPaymentMessages.notFound);
  return row;
}

export async function getPaymentForAdmin(ctx: AppContext, id: string): Promise<AdminPaymentDetail> {
  return detailOf(ctx, await findPayment(ctx, id));
}

/**
 * The order page's Refund: the whole of what is left of the charge goes back through the provider
 * (one idempotency key per order, so a retry or a second admin's click is the same refund), then the
 * reversal a provider's refund takes: items revoked, credit packs' credits taken back through the
 * ledger, a subscription's tier ended (its Discord role through the role-sync job), a gifted month
 * ended; audited in the same transaction. A payment already refunded (or refunded by a click a moment
 * earlier) is refused with 409 and nothing changes.
 */
export async function refundPaymentAsAdmin(ctx: AppContext, adminId: string, id: string): Promise<AdminPaymentDetail> {
  const row = await findPayment(ctx, id);
  const refusal = refundRefusalOf(ctx, row);
  if (refusal) throw conflict(refusal);
  const provider = ctx.payments.providerOf(row.provider);
  const paymentIntentId = row.payment_intent_id as string;
  if (!provider) throw conflict(adminPaymentMessages.providerMissing);
  try {
    await provider.refundPayment(ctx, {
      paymentIntentId,
      reason: 'requested_by_customer',
      idempotencyKey: `admin-refund-${row.id}`,
      metadata: { paymentId: row.id, userId: row.user_id, refundedBy: adminId },
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.logger.error('payments.provider_failed', { action: 'admin refund', paymentId: row.id, error: error.message });
    throw new AppError('payment_provider_error', paymentMessages.providerUnavailable);
  }
  const outcome = await applyRefund(
    ctx,
    {
      paymentIntentId,
      amountRefundedCents: Number(row.amount_cents),
      fullyRefunded: true,
      actor: adminId,
      note: 'Refunded from the admin Payments screen',
    },
    null,
    (trx) =>
      insertAudit(trx, ctx, adminId, {
        action: 'payments.refund',
        targetType: 'payment',
        targetId: row.id,
        before: { status: row.status, refundedCents: Number(row.refunded_cents) },
        after: { status: 'refunded', refundedCents: Number(row.amount_cents), userId: row.user_id },
      }),
  );
  if (outcome !== 'applied') throw conflict(adminPaymentMessages.alreadyRefunded);
  ctx.logger.info('admin.payment_refunded', { paymentId: row.id, userId: row.user_id, by: adminId });
  return getPaymentForAdmin(ctx, row.id);
}

/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180), a quote doubled. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // A spreadsheet runs a cell starting with = + - @ (or a tab or return) as a formula: such text
  // is written with a leading apostrophe, so a username cannot become one.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

function csvRow(row: PaymentListRow): string {
  const payment = toAdminPayment(row);
  return csvLine([
    payment._id,
    payment.createdAt,
    payment.paidAt,
    payment.player.username,
    payment.player._id,
    row.email,
    payment.kind,
    payment.status,
    (Number(row.amount_cents) / 100).toFixed(2),
    (Number(row.refunded_cents) / 100).toFixed(2),
    payment.currency,
    payment.provider,
    row.payment_intent_id,
    payment.summary,
  ]);
}

/**
 * The filtered orders as CSV, newest first: a header row, then the rows read a batch at a time on
 * the list's keyset as the client takes them (pull), so nothing is built whole in memory.
 */
export async function paymentsCsv(
  ctx: AppContext,
  query: Omit<AdminPaymentsQueryInput, 'limit' | 'cursor'>,
): Promise<ReadableStream<Uint8Array>> {
  const filter = await filterOf(ctx, query);
  const encoder = new TextEncoder();
  let after: { createdAt: string; id: string } | undefined;
  let header = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (header) {
        header = false;
        controller.enqueue(encoder.encode(csvLine([...paymentCsvColumns])));
        return;
      }
      try {
        const rows = await pagePayments(ctx.db, filter, { after, limit: CSV_BATCH });
        if (rows.length > 0) {
          controller.enqueue(encoder.encode(rows.map(csvRow).join('')));
          const last = rows[rows.length - 1] as PaymentListRow;
          after = { createdAt: last.created_at, id: last.id };
        }
        if (rows.length < CSV_BATCH) controller.close();
      } catch (error) {
        // Half a file must not pass for a whole one: the download fails.
        ctx.logger.error('payments.csv_failed', { error: error instanceof Error ? error.message : String(error) });
        controller.error(error);
      }
    },
  });
}

/** The CSV's file name: the day it was made. */
export const paymentsCsvName = (ctx: AppContext) => `payments-${toIso(ctx.clock()).slice(0, 10)}.csv`;

/**
 * Revenue per UTC day for the last `days` days up to today: cents received that day less cents
 * refunded that day (the dashboard's Revenue (30d) counts the same way), and the orders paid that
 * day; a day without either is zero.
 */
export async function getRevenueSeries(ctx: AppContext, days = 30): Promise<RevenueResponse> {
  const today = toIso(ctx.clock()).slice(0, 10);
  const first = toIso(addMs(new Date(startOfDay(today)), -(days - 1) * DAY_MS)).slice(0, 10);
  const { received, refunded } = await sumRevenueByDay(ctx.db, startOfDay(first));
  const cents = new Map<string, number>();
  const orders = new Map<string, number>();
  for (const day of received) {
    cents.set(day.day, (cents.get(day.day) ?? 0) + day.cents);
    orders.set(day.day, day.orders);
  }
  for (const day of refunded) cents.set(day.day, (cents.get(day.day) ?? 0) - day.cents);
  const series = Array.from({ length: days }, (_, index) => {
    const date = toIso(addMs(new Date(startOfDay(first)), index * DAY_MS)).slice(0, 10);
    return { date, revenue: centsToUsd(cents.get(date) ?? 0), orders: orders.get(date) ?? 0 };
  });
  const totalCents = series.reduce((sum, day) => sum + (cents.get(day.date) ?? 0), 0);
  return {
    days: series,
    totalRevenue: centsToUsd(totalCents),
    totalOrders: series.reduce((sum, day) => sum + day.orders, 0),
  };
}
