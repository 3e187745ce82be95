// Card payments (SPEC.md §7 "/stripe/*", §8): checkout for shop items and credit packs, supporter
// subscriptions and tier changes, the customer portal, and the orders the site's own checkout page
// shows (the sandbox without Stripe keys, and the tier-change confirmation).
import { z } from 'zod';
import { couponFieldSchema } from './coupons.ts';
import { economyMessages } from './economy-rules.ts';
import { giftToSchema } from './gift-to.ts';
import { formatLimit, MAX_BALANCE, USERNAME_MAX_LENGTH } from './limits.ts';

/** Most distinct items one checkout may hold, and most of one item. The site sends one of one (SPEC.md §9). */
export const MAX_CHECKOUT_LINES = 10;
export const MAX_CHECKOUT_QUANTITY = 10;

/** Stripe refuses card charges below 50 cents (USD). */
export const MIN_CHARGE_CENTS = 50;

export const paymentMessages = {
  itemsRequired: 'Choose at least one item',
  tooManyItems: `At most ${MAX_CHECKOUT_LINES} different items per checkout`,
  itemIdRequired: 'Item id is required',
  quantityInvalid: `Quantity must be a whole number from 1 to ${MAX_CHECKOUT_QUANTITY}`,
  duplicateItem: 'Each item may appear once; raise its quantity instead',
  itemNotFound: 'Item not found',
  notForCash: 'This item cannot be bought with cash',
  belowMinimum: 'The order total must be at least $0.50',
  balanceLimit: `A balance can hold at most ${formatLimit(MAX_BALANCE)} credits; this order would take yours past that`,
  tierIdRequired: 'Tier id is required',
  tierNotFound: 'Tier not found',
  tierNotForSale: 'This tier cannot be bought',
  alreadySubscribed: 'You already have an active subscription. Change your tier on the Support page instead.',
  alreadyHasTier: 'You already have a supporter tier; change it instead',
  sameTier: 'You already hold this tier',
  orderNotFound: 'Order not found',
  orderClosed: 'This order is no longer open',
  orderNotPayableHere: 'This order is paid on the payment provider’s page',
  noSubscription: 'You have no subscription to manage',
  subscriptionEnding: 'Your subscription is already set to end',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  tierChangeDeclined: 'The payment for the new tier did not go through; your tier is unchanged',
  webhooksOff: 'Stripe webhooks are not configured on this server',
  notConfigured: 'Card payments are not configured on this server',
  tooManySessions: 'Too many payment attempts.',
  tooManySessionsFromAddress: 'Too many payment attempts from this address.',
  badSignature: 'Invalid webhook signature',
} as const;

export const checkoutLineSchema = z.object({
  itemId: z.string({ error: paymentMessages.itemIdRequired }).trim().min(1, paymentMessages.itemIdRequired).max(100),
  quantity: z
    .number({ error: paymentMessages.quantityInvalid })
    .int(paymentMessages.quantityInvalid)
    .min(1, paymentMessages.quantityInvalid)
    .max(MAX_CHECKOUT_QUANTITY, paymentMessages.quantityInvalid)
    .default(1),
});

/** POST /api/stripe/create-checkout-session. */
export const checkoutRequestSchema = z.object({
  items: z
    .array(checkoutLineSchema, { error: paymentMessages.itemsRequired })
    .min(1, paymentMessages.itemsRequired)
    .max(MAX_CHECKOUT_LINES, paymentMessages.tooManyItems)
    .refine((lines) => new Set(lines.map((line) => line.itemId)).size === lines.length, {
      message: paymentMessages.duplicateItem,
    }),
  /** For a friend: the recipient's username; the buyer pays, the items go to them as a gift. */
  giftTo: giftToSchema,
  /** A coupon code (coupons.ts): each unit it reaches is charged less; one use per order. */
  coupon: couponFieldSchema,
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export type CheckoutLine = z.input<typeof checkoutLineSchema>;

const tierIdSchema = z
  .string({ error: paymentMessages.tierIdRequired })
  .trim()
  .min(1, paymentMessages.tierIdRequired)
  .max(100);

/** POST /api/stripe/change-tier. */
export const tierRequestSchema = z.object({ tierId: tierIdSchema });
export type TierRequest = z.input<typeof tierRequestSchema>;

/** POST /api/stripe/subscribe: a coupon for the tier takes its discount off the first month only. */
export const subscribeRequestSchema = z.object({ tierId: tierIdSchema, coupon: couponFieldSchema });
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

/** POST /api/stripe/gift-tier: a month of a tier for another player, one payment (not a subscription). */
export const giftTierRequestSchema = z.object({
  tierId: tierIdSchema,
  giftTo: z
    .string({ error: economyMessages.recipientRequired })
    .trim()
    .min(1, economyMessages.recipientRequired)
    .max(USERNAME_MAX_LENGTH * 5, economyMessages.recipientNotFound),
});
export type GiftTierRequest = z.input<typeof giftTierRequestSchema>;

/** Where the browser goes next: the payment provider, the site's own checkout page, or back. */
export const redirectResponseSchema = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

export const orderKinds = ['items', 'subscription', 'tier_change'] as const;
export type OrderKind = (typeof orderKinds)[number];

export const orderLineSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  /** USD, after the item's discount. */
  unitAmount: z.number(),
  amount: z.number(),
  /** Credits a credit pack line grants in all (0 for other items). */
  credits: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderTierSchema = z.object({ _id: z.string(), name: z.string(), price: z.number() });

/** An order as the site's checkout page shows it (GET /api/stripe/orders/{id}). */
export const orderSchema = z.object({
  _id: z.string(),
  kind: z.enum(orderKinds),
  /** pending until paid or cancelled; then paid, cancelled, failed, refunded… */
  status: z.string(),
  /** True without Stripe keys: no money moves. */
  sandbox: z.boolean(),
  currency: z.string(),
  /** USD charged now: the items, the first month, or the prorated part of a tier change. */
  amount: z.number(),
  lines: z.array(orderLineSchema),
  /** The tier bought or moved to. */
  tier: orderTierSchema.nullable(),
  /** The tier a tier change moves away from. */
  fromTier: orderTierSchema.nullable(),
  createdAt: z.string(),
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderResponseSchema = z.object({ order: orderSchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** A player's supporter subscription, for the dashboard and the sandbox portal. */
export const subscriptionInfoSchema = z.object({
  tier: orderTierSchema.nullable(),
  /** Stripe's status words: active, past_due, trialing. */
  status: z.string(),
  /** When the paid month ends: the next renewal, or the end when cancelAtPeriodEnd. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  sandbox: z.boolean(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;
export const subscriptionResponseSchema = z.object({ subscription: subscriptionInfoSchema.nullable() });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** What the webhook did with an event: Stripe needs only the 200, the outcome is for the log and tests. */
export const webhookOutcomes = ['applied', 'already', 'duplicate', 'unknown', 'refused', 'ignored'] as const;
/** POST /api/stripe/webhook. */
export const webhookResponseSchema = z.object({ received: z.literal(true), outcome: z.enum(webhookOutcomes) });
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;

/** Where each kind of order comes back to: SPEC.md §2's query parameters. */
export const paymentReturnPaths = {
  itemsSuccess: '/shop?payment=success',
  itemsCancelled: '/shop?payment=cancelled',
  subscriptionSuccess: '/tiers?subscription=success',
  subscriptionCancelled: '/tiers',
  portalReturn: '/dashboard',
} as const;
