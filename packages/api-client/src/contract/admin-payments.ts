// The admin's Payments screen (issue 22): every card order and subscription invoice, a page at a time
// (contract/paging.ts), filtered and searched; one order with its history; a full refund through the
// payment provider; the same rows as CSV; and the dashboard's revenue per day.
import { z } from 'zod';
import { nextCursorSchema, pageCursorSchema, pageLimitSchema } from './paging.ts';

/** What a payment is in the database's words (payments.status). */
export const paymentStatuses = [
  'pending',
  'paid',
  'partially_refunded',
  'refunded',
  'disputed',
  'dispute_lost',
  'failed',
  'cancelled',
  'expired',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** How each status reads on the screen. */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  disputed: 'Disputed',
  dispute_lost: 'Dispute lost',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const paymentProviders = ['stripe', 'sandbox'] as const;
export type PaymentProviderId = (typeof paymentProviders)[number];
export const paymentProviderLabels: Record<PaymentProviderId, string> = { stripe: 'Stripe', sandbox: 'Sandbox' };

/** What was paid for: items (credit packs among them), a month of a tier as a gift, a subscription's first month, a renewal, a tier change. */
export const adminPaymentKinds = ['items', 'tier_gift', 'subscription', 'renewal', 'tier_change'] as const;
export type AdminPaymentKind = (typeof adminPaymentKinds)[number];
export const adminPaymentKindLabels: Record<AdminPaymentKind, string> = {
  items: 'Items',
  tier_gift: 'Tier gift',
  subscription: 'Subscription',
  renewal: 'Renewal',
  tier_change: 'Tier change',
};

/** The longest search term. */
export const MAX_PAYMENT_SEARCH = 200;

export const adminPaymentMessages = {
  badStatus: `status must be one of ${paymentStatuses.join(', ')}`,
  badProvider: `provider must be one of ${paymentProviders.join(', ')}`,
  badDate: 'Dates are written YYYY-MM-DD',
  badRange: 'The start date must not be after the end date',
  searchTooLong: `search must be at most ${MAX_PAYMENT_SEARCH} characters`,
  badDays: 'days must be 30 or 90',
  notFound: 'Payment not found',
  alreadyRefunded: 'This payment has already been refunded',
  notPaid: 'Only a paid payment can be refunded',
  disputed: 'This payment is under dispute: it is settled through the dispute, not refunded',
  noCharge: 'This payment has no charge at the provider to refund',
  providerMissing: 'This payment was made through a payment provider that is not configured on this server',
  refunded: 'Payment refunded',
} as const;

const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, adminPaymentMessages.badDate)
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), adminPaymentMessages.badDate);

/**
 * The list's query (the CSV takes the same, without limit and cursor): each optional. `from` and `to`
 * are UTC days, both included. `search`, ignoring case: the player's username or email containing the
 * term (3 characters or more; a shorter one matches their start), or an order's id or its provider's
 * payment, session or invoice id exactly.
 */
export const adminPaymentsQuerySchema = z
  .object({
    status: z.enum(paymentStatuses, { error: adminPaymentMessages.badStatus }).optional(),
    provider: z.enum(paymentProviders, { error: adminPaymentMessages.badProvider }).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    search: z.string().max(MAX_PAYMENT_SEARCH, adminPaymentMessages.searchTooLong).optional(),
    limit: pageLimitSchema,
    cursor: pageCursorSchema,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: adminPaymentMessages.badRange,
    path: ['from'],
  });
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const adminPaymentSchema = z.object({
  _id: z.string(),
  /** The player who paid; their username as it is now ("deleted player" names stay as anonymised). */
  player: z.object({ _id: z.string(), username: z.string() }),
  kind: z.enum(adminPaymentKinds),
  status: z.enum(paymentStatuses),
  /** USD charged. */
  amount: z.number(),
  /** USD given back so far. */
  refunded: z.number(),
  currency: z.string(),
  provider: z.enum(paymentProviders),
  /** What was bought, in words: "2 × Frigate, 1 × 500 Credits", "Gold tier, monthly". */
  summary: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsResponseSchema = z.object({
  payments: z.array(adminPaymentSchema),
  nextCursor: nextCursorSchema,
});
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;

export const paymentEventTypes = [
  'checkout',
  'paid',
  'refund_requested',
  'partially_refunded',
  'refunded',
  'disputed',
  'dispute_won',
  'dispute_lost',
  'delivered',
] as const;
export type PaymentEventType = (typeof paymentEventTypes)[number];
export const paymentEventLabels: Record<PaymentEventType, string> = {
  checkout: 'Checkout opened',
  paid: 'Paid',
  refund_requested: 'Refund asked of the provider',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  disputed: 'Disputed',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
  delivered: 'Delivered to the game',
};

export const paymentEventSchema = z.object({
  _id: z.string(),
  type: z.enum(paymentEventTypes),
  at: z.string(),
  /** USD moved, where the event moved money. */
  amount: z.number().nullable(),
  /** Who did it: a player or admin by username, or the payment rules ("Payments", "Stripe"). */
  by: z.string().nullable(),
  /** What else is worth knowing: the item delivered, why a refund was made. */
  note: z.string().nullable(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

export const adminPaymentLineSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
  /** Credits a credit pack line adds. */
  credits: z.number().int(),
});

export const adminPaymentDetailSchema = adminPaymentSchema.extend({
  email: z.string(),
  lines: z.array(adminPaymentLineSchema),
  /** For a friend: who received what was bought. */
  giftTo: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  checkoutSessionId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  creditsGranted: z.number().int(),
  creditsReclaimed: z.number().int(),
  /** Credits a refund could not take back (the player had spent them). */
  creditsShortfall: z.number().int(),
  note: z.string().nullable(),
  /** Why Refund is not offered now (the words of the refusal); null when it is. */
  refundRefusal: z.string().nullable(),
  /** Oldest first. */
  events: z.array(paymentEventSchema),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;
export const adminPaymentResponseSchema = z.object({ payment: adminPaymentDetailSchema });
export type AdminPaymentResponse = z.infer<typeof adminPaymentResponseSchema>;

/** The CSV's header row, in order (GET /api/admin/payments.csv). */
export const paymentCsvColumns = [
  'Order',
  'Created (UTC)',
  'Paid (UTC)',
  'Player',
  'Player id',
  'Email',
  'Kind',
  'Status',
  'Amount (USD)',
  'Refunded (USD)',
  'Currency',
  'Provider',
  'Provider payment',
  'Items',
] as const;

export const revenueDaysOptions = [30, 90] as const;
export const revenueQuerySchema = z.object({
  days: z.enum(['30', '90'], { error: adminPaymentMessages.badDays }).transform(Number).optional(),
});
export type RevenueQuery = z.input<typeof revenueQuerySchema>;

export const revenueDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.string(),
  /** USD received that day less USD refunded that day (may be negative). */
  revenue: z.number(),
  /** Card orders and invoices paid that day. */
  orders: z.number().int(),
});
export type RevenueDay = z.infer<typeof revenueDaySchema>;

export const revenueResponseSchema = z.object({
  /** Oldest first, one per day up to today, days without payments as zero. */
  days: z.array(revenueDaySchema),
  totalRevenue: z.number(),
  totalOrders: z.number().int(),
});
export type RevenueResponse = z.infer<typeof revenueResponseSchema>;
