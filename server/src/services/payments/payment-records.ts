// What a payment bought, as stored in payments.purchase (JSON), and how an order reads on the site's
// checkout page. Prices are integer cents from the database at the time of the order.
import {
  type Order,
  type OrderKind,
  paymentReturnPaths,
  type ShopItem,
  type SubscriptionInfo,
} from '@starport/api-client/contract';
import type { PaymentRow, SubscriptionRow, TierRow } from '../../db/database.ts';
import { centsToUsd } from '../accounts/user-view.ts';
import type { SubscriptionState } from './provider.ts';

export const CURRENCY = 'usd';

/** How inventory entries bought by card are labelled (shown as "cash purchase"). */
export const CASH_PURCHASE = 'cash_purchase';

/** Who the audit log names for what the payment rules do by themselves. */
export const PAYMENTS_ACTOR = 'system:payments';

/** The credit ledger's reasons for what payments add and take back. */
export const LEDGER_REASONS = {
  creditPack: 'credit_pack_purchase',
  reclaimed: 'payment_reversal',
  released: 'dispute_won',
} as const;

export interface PurchaseLine {
  itemId: string;
  name: string;
  category: string;
  quantity: number;
  /** After the item's discount. */
  unitAmountCents: number;
  amountCents: number;
  /** Credits this line grants in all (credit packs); 0 for other items. */
  credits: number;
  /** The item as it was sold: the inventory entry keeps this. */
  snapshot: ShopItem;
}

export interface TierRef {
  tierId: string;
  name: string;
  priceCents: number;
}

/** For a friend (issue 20): who receives what the order buys. */
export interface GiftTo {
  userId: string;
  username: string;
}

/** The coupon an order used (issue 22): its code as entered by the admin, and the cents it took off. */
export interface OrderCoupon {
  code: string;
  discountCents: number;
}

export type Purchase =
  | { kind: 'items'; lines: PurchaseLine[]; giftTo?: GiftTo; coupon?: OrderCoupon }
  /** A month of a tier for another player: one payment, no subscription (payments.kind is `items`). */
  | { kind: 'tier_gift'; tier: TierRef; giftTo: GiftTo }
  /** A coupon on a subscription takes its discount off the first month only; renewals are at the tier's price. */
  | { kind: 'subscription'; tier: TierRef; coupon?: OrderCoupon }
  | {
      kind: 'tier_change';
      from: TierRef;
      to: TierRef;
      /** The subscription it changes (the provider's id). */
      subscriptionId: string;
      /** The prorated difference for the rest of the month, as estimated when ordered (negative: a credit). */
      estimatedCents: number;
    }
  | { kind: 'renewal'; tier: TierRef | null; reason: string };

export function readPurchase(row: Pick<PaymentRow, 'purchase'>): Purchase {
  return JSON.parse(row.purchase) as Purchase;
}

export const tierRef = (tier: Pick<TierRow, 'id' | 'name' | 'price_cents'>): TierRef => ({
  tierId: tier.id,
  name: tier.name,
  priceCents: Number(tier.price_cents),
});

const tierView = (ref: TierRef) => ({ _id: ref.tierId, name: ref.name, price: centsToUsd(ref.priceCents) });

/** How a tier gift reads on the checkout page and at the provider. */
export const tierGiftLineName = (tier: string, recipient: string): string =>
  `${tier} tier for one month, a gift for ${recipient}`;

/** Where the player goes after paying or cancelling, by kind of order (SPEC.md §2's query parameters). */
export function returnPaths(kind: PaymentRow['kind']): { success: string; cancel: string } {
  return kind === 'items'
    ? { success: paymentReturnPaths.itemsSuccess, cancel: paymentReturnPaths.itemsCancelled }
    : { success: paymentReturnPaths.subscriptionSuccess, cancel: paymentReturnPaths.subscriptionCancelled };
}

/** The site's own checkout page for an order: the sandbox's Pay, and the confirmation of a tier change. */
export const siteCheckoutPath = (paymentId: string): string => `/checkout/${paymentId}`;

export function toOrderView(row: PaymentRow): Order {
  const purchase = readPurchase(row);
  const paths = returnPaths(row.kind);
  const base = {
    _id: row.id,
    kind: row.kind as OrderKind,
    status: row.status,
    sandbox: row.provider === 'sandbox',
    currency: row.currency,
    createdAt: row.created_at,
    successUrl: paths.success,
    cancelUrl: paths.cancel,
  };
  switch (purchase.kind) {
    case 'items':
      return {
        ...base,
        amount: centsToUsd(Number(row.amount_cents)),
        lines: purchase.lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          unitAmount: centsToUsd(line.unitAmountCents),
          amount: centsToUsd(line.amountCents),
          credits: line.credits,
        })),
        tier: null,
        fromTier: null,
      };
    case 'tier_gift':
      return {
        ...base,
        amount: centsToUsd(Number(row.amount_cents)),
        lines: [
          {
            name: tierGiftLineName(purchase.tier.name, purchase.giftTo.username),
            quantity: 1,
            unitAmount: centsToUsd(Number(row.amount_cents)),
            amount: centsToUsd(Number(row.amount_cents)),
            credits: 0,
          },
        ],
        tier: tierView(purchase.tier),
        fromTier: null,
      };
    case 'subscription':
      return {
        ...base,
        amount: centsToUsd(Number(row.amount_cents)),
        lines: [],
        tier: tierView(purchase.tier),
        fromTier: null,
      };
    case 'tier_change':
      return {
        ...base,
        amount: centsToUsd(purchase.estimatedCents),
        lines: [],
        tier: tierView(purchase.to),
        fromTier: tierView(purchase.from),
      };
    default:
      return { ...base, amount: centsToUsd(Number(row.amount_cents)), lines: [], tier: null, fromTier: null };
  }
}

export function toSubscriptionInfo(row: SubscriptionRow, tier: TierRow | undefined): SubscriptionInfo {
  return {
    tier: tier ? { _id: tier.id, name: tier.name, price: centsToUsd(Number(row.price_cents)) } : null,
    status: row.status,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    sandbox: row.provider === 'sandbox',
  };
}

/**
 * A stored subscription in the provider's shape, with the changes the server makes to it by itself
 * (the sandbox's renewals and cancels, a tier change confirmed, a hold's cancel).
 */
export function stateOfStoredSubscription(
  row: SubscriptionRow,
  changes: Partial<SubscriptionState> = {},
): SubscriptionState {
  return {
    id: row.provider_subscription_id,
    customerId: row.provider_customer_id,
    userId: row.user_id,
    tierId: row.tier_id,
    itemId: row.provider_item_id,
    productId: null,
    priceCents: Number(row.price_cents),
    status: row.status,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    pendingUpdate: false,
    ...changes,
  };
}

/** One calendar month later, the way card subscriptions bill (Jan 31 → Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The prorated difference for the rest of the paid month when moving from one monthly price to
 * another: positive is charged now, negative is a credit. Mirrors Stripe's time-based proration.
 */
export function prorationCents(fromCents: number, toCents: number, periodEnd: Date | null, now: Date): number {
  if (!periodEnd) return 0;
  const periodStart = addMonths(periodEnd, -1);
  const total = periodEnd.getTime() - periodStart.getTime();
  const left = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), total);
  if (total <= 0) return 0;
  return Math.round(((toCents - fromCents) * left) / total);
}
