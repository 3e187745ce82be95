// A player's own purchases (issue 22): credit purchases (credit_purchases) and card orders and
// invoices (payments) as one list, newest first a page at a time, and one purchase with its receipt.
// Each source is read on its own (user_id, created_at, id) index from the cursor on, one row more
// than a page, and the two are merged here: a page costs the same at a hundred thousand purchases as
// at ten. A card order's status is the payment's own, so a refund made anywhere shows at once.
import {
  DEFAULT_PAGE_SIZE,
  type PageQueryInput,
  type Purchase,
  type PurchaseDetailResponse,
  type PurchaseKind,
  type PurchaseLine,
  type PurchaseStatus,
  purchaseMessages,
  type Receipt,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { PaymentRow } from '../../db/database.ts';
import { findRedemptionsByReferences } from '../../db/repositories/coupons.ts';
import {
  type CreditPurchaseRow,
  findCreditPurchaseOfUser,
  findListedPaymentOfUser,
  pageCreditPurchasesOfUser,
  pagePaymentsOfUser,
} from '../../db/repositories/purchases.ts';
import { notFound } from '../../errors.ts';
import { newestFirstAnswer, newestFirstRequest } from '../../lib/page-cursor.ts';
import { centsToUsd, usdToCents } from '../accounts/user-view.ts';
import { STORE_NAME } from '../mail/mail.ts';
import { readPurchase, tierGiftLineName } from '../payments/payment-records.ts';

const LIST = 'purchases';

/** The payment statuses as a player reads them. */
const STATUS_OF_PAYMENT: Record<string, PurchaseStatus> = {
  pending: 'pending',
  paid: 'paid',
  refunded: 'refunded',
  partially_refunded: 'refunded',
  disputed: 'disputed',
  dispute_lost: 'disputed',
  failed: 'failed',
};

/** Statuses whose money was taken: such a card order or invoice has a receipt. */
const RECEIPTED: readonly string[] = ['paid', 'refunded', 'partially_refunded', 'disputed', 'dispute_lost'];

type UsedCoupon = { code: string; discount: number } | null;

export function toCreditPurchaseView(row: CreditPurchaseRow, coupon: UsedCoupon = null): Purchase {
  const price = Number(row.price_credits);
  return {
    _id: row.id,
    kind: row.recipient_username ? 'gift' : 'credit_purchase',
    status: 'paid',
    lines: [{ itemId: row.item_id, name: row.item_name, quantity: Number(row.quantity), amount: price }],
    giftTo: row.recipient_username ?? null,
    hasReceipt: false,
    coupon,
    totalCredits: price,
    createdAt: row.created_at,
  };
}

/** What an invoice of a subscription is for, in words. */
function invoiceLineName(row: PaymentRow, purchase: ReturnType<typeof readPurchase>): string {
  switch (purchase.kind) {
    case 'subscription':
      return `${purchase.tier.name} tier, first month`;
    case 'tier_change':
      return `Change from the ${purchase.from.name} tier to the ${purchase.to.name} tier`;
    case 'renewal': {
      const tier = purchase.tier ? `${purchase.tier.name} tier` : 'Supporter tier';
      return purchase.reason === 'subscription_update'
        ? `${tier}, change of tier (prorated)`
        : `${tier}, monthly renewal`;
    }
    default:
      return row.kind;
  }
}

interface PaymentDetail {
  kind: PurchaseKind;
  lines: PurchaseLine[];
  giftTo: string | null;
  /** The lines at full price, before the items' own discounts. */
  fullPriceCents: number;
  coupon: UsedCoupon;
}

function describePayment(row: PaymentRow): PaymentDetail {
  const purchase = readPurchase(row);
  const amountCents = Number(row.amount_cents);
  if (purchase.kind === 'items') {
    const packsOnly = purchase.lines.every((line) => line.credits > 0);
    const fullPriceCents = purchase.lines.reduce(
      (sum, line) => sum + Math.max(usdToCents(line.snapshot?.priceUSD ?? 0), line.unitAmountCents) * line.quantity,
      0,
    );
    return {
      kind: purchase.giftTo ? 'gift' : packsOnly ? 'credit_pack' : 'card_order',
      lines: purchase.lines.map((line) => ({
        itemId: line.itemId,
        name: line.name,
        quantity: line.quantity,
        amount: centsToUsd(line.amountCents),
      })),
      giftTo: purchase.giftTo?.username ?? null,
      fullPriceCents,
      coupon: purchase.coupon
        ? { code: purchase.coupon.code, discount: centsToUsd(purchase.coupon.discountCents) }
        : null,
    };
  }
  if (purchase.kind === 'tier_gift') {
    return {
      kind: 'gift',
      lines: [
        {
          itemId: purchase.tier.tierId,
          name: tierGiftLineName(purchase.tier.name, purchase.giftTo.username),
          quantity: 1,
          amount: centsToUsd(amountCents),
        },
      ],
      giftTo: purchase.giftTo.username,
      fullPriceCents: amountCents,
      coupon: null,
    };
  }
  const tierId =
    purchase.kind === 'subscription'
      ? purchase.tier.tierId
      : purchase.kind === 'tier_change'
        ? purchase.to.tierId
        : (purchase.tier?.tierId ?? null);
  // Only a subscription's first payment carries a coupon (the month it took off).
  const coupon = purchase.kind === 'subscription' ? (purchase.coupon ?? null) : null;
  return {
    kind: 'subscription',
    lines: [{ itemId: tierId, name: invoiceLineName(row, purchase), quantity: 1, amount: centsToUsd(amountCents) }],
    giftTo: null,
    fullPriceCents: amountCents + (coupon?.discountCents ?? 0),
    coupon: coupon ? { code: coupon.code, discount: centsToUsd(coupon.discountCents) } : null,
  };
}

export function toPaymentPurchaseView(row: PaymentRow, detail: PaymentDetail = describePayment(row)): Purchase {
  return {
    _id: row.id,
    kind: detail.kind,
    status: STATUS_OF_PAYMENT[row.status] ?? 'pending',
    lines: detail.lines,
    giftTo: detail.giftTo,
    hasReceipt: RECEIPTED.includes(row.status) && row.paid_at !== null,
    coupon: detail.coupon,
    totalUSD: centsToUsd(Number(row.amount_cents)),
    createdAt: row.created_at,
  };
}

function toReceipt(row: PaymentRow, detail: PaymentDetail): Receipt {
  const totalCents = Number(row.amount_cents);
  const fullPriceCents = Math.max(detail.fullPriceCents, totalCents);
  return {
    storeName: STORE_NAME,
    orderNumber: row.id,
    subtotalUSD: centsToUsd(fullPriceCents),
    discountUSD: centsToUsd(fullPriceCents - totalCents),
    totalUSD: centsToUsd(totalCents),
    refundedUSD: centsToUsd(Number(row.refunded_cents)),
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    sandbox: row.provider === 'sandbox',
    paidAt: row.paid_at ?? row.created_at,
  };
}

/** Newest first, ties by id, as both indexes read. */
const newerFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.created_at < b.created_at ? 1 : -1;

/** One page of the player's purchases of every kind, newest first, and the cursor of the next. */
export async function listPurchases(
  ctx: AppContext,
  userId: string,
  query: PageQueryInput,
): Promise<{ purchases: Purchase[]; nextCursor: string | null }> {
  const request = newestFirstRequest({ limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor }, LIST);
  const [credits, payments] = await Promise.all([
    pageCreditPurchasesOfUser(ctx.db, userId, request),
    pagePaymentsOfUser(ctx.db, userId, request),
  ]);
  // A credit purchase's coupon is in its redemption (a card order keeps its own in the order).
  const coupons = await findRedemptionsByReferences(
    ctx.db,
    credits.map((row) => row.id),
  );
  const merged = [
    ...credits.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      view: () => toCreditPurchaseView(row, coupons.get(row.id) ?? null),
    })),
    ...payments.map((row) => ({ id: row.id, created_at: row.created_at, view: () => toPaymentPurchaseView(row) })),
  ]
    .sort(newerFirst)
    .slice(0, request.limit);
  const page = newestFirstAnswer(merged, request, LIST);
  return { purchases: page.rows.map((row) => row.view()), nextCursor: page.nextCursor };
}

/** One of the player's own purchases, with its receipt where it has one; another player's is a 404. */
export async function getPurchase(ctx: AppContext, userId: string, id: string): Promise<PurchaseDetailResponse> {
  const credit = await findCreditPurchaseOfUser(ctx.db, userId, id);
  if (credit) {
    const coupon = (await findRedemptionsByReferences(ctx.db, [credit.id])).get(credit.id) ?? null;
    return { purchase: toCreditPurchaseView(credit, coupon), receipt: null };
  }
  const payment = await findListedPaymentOfUser(ctx.db, userId, id);
  if (!payment) throw notFound(purchaseMessages.notFound);
  const detail = describePayment(payment);
  const purchase = toPaymentPurchaseView(payment, detail);
  return { purchase, receipt: purchase.hasReceipt ? toReceipt(payment, detail) : null };
}
