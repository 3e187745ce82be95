// A player's own purchases (issue 22): every shop purchase with credits, card order, credit pack,
// gift bought for a friend and subscription invoice, newest first a page at a time
// (GET /api/purchases), one of them with its receipt (GET /api/purchases/{id}), and the monthly goal
// (GET /api/shop/goal). Amounts are credits (totalCredits) or USD with two decimals (totalUSD).
import { z } from 'zod';
import { nextCursorSchema, pageQuerySchema } from './paging.ts';

/**
 * credit_purchase: a shop item paid with credits; card_order: items paid by card; credit_pack: credit
 * packs paid by card; gift: bought for a friend (items with credits or by card, or a month of a tier);
 * subscription: a supporter subscription's invoice (the first month, a renewal, a change of tier).
 */
export const purchaseKinds = ['credit_purchase', 'card_order', 'credit_pack', 'gift', 'subscription'] as const;
export type PurchaseKind = (typeof purchaseKinds)[number];

export const purchaseStatuses = ['paid', 'pending', 'refunded', 'disputed', 'failed'] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];

export const purchaseMessages = {
  notFound: 'Purchase not found',
  noReceipt: 'This purchase has no receipt: only paid card orders and invoices do',
} as const;

export const purchaseLineSchema = z.object({
  /** The shop item (or, for a tier, the tier) it was; null where the catalogue never had one. */
  itemId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** The line's amount, in the purchase's own money: credits, or USD. */
  amount: z.number(),
});
export type PurchaseLine = z.infer<typeof purchaseLineSchema>;

const purchaseBase = {
  _id: z.string(),
  kind: z.enum(purchaseKinds),
  status: z.enum(purchaseStatuses),
  lines: z.array(purchaseLineSchema),
  /** The friend's username, for a gift; null otherwise. */
  giftTo: z.string().nullable(),
  /** Whether it has a receipt page: a card order or invoice that was paid. */
  hasReceipt: z.boolean(),
  /** The coupon code used and what it took off, in the purchase's own money (credits, or USD); null without one. */
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  createdAt: z.string(),
};

export const purchaseSchema = z.union([
  z.object({ ...purchaseBase, totalCredits: z.number().int() }),
  z.object({ ...purchaseBase, totalUSD: z.number() }),
]);
export type Purchase = z.infer<typeof purchaseSchema>;

/** GET /api/purchases?cursor=&limit= */
export const purchasesQuerySchema = pageQuerySchema;
export const purchasesResponseSchema = z.object({ purchases: z.array(purchaseSchema), nextCursor: nextCursorSchema });
export type PurchasesResponse = z.infer<typeof purchasesResponseSchema>;

/** What a receipt prints beside the purchase (a paid card order or invoice only). */
export const receiptSchema = z.object({
  storeName: z.string(),
  /** The order number: the order's id, as the store's admins search for it. */
  orderNumber: z.string(),
  /** USD before discounts: the lines at their full prices. */
  subtotalUSD: z.number(),
  /** USD taken off the full prices (the items' own discounts, a sale and a coupon); 0 when none. */
  discountUSD: z.number(),
  totalUSD: z.number(),
  /** USD given back so far. */
  refundedUSD: z.number(),
  /** The card charged, where the payment provider says; null otherwise (the sandbox). */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** True on the sandbox: no money moved. */
  sandbox: z.boolean(),
  paidAt: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** GET /api/purchases/{id} */
export const purchaseDetailResponseSchema = z.object({ purchase: purchaseSchema, receipt: receiptSchema.nullable() });
export type PurchaseDetailResponse = z.infer<typeof purchaseDetailResponseSchema>;

/** GET /api/shop/goal: this calendar month's (UTC) card revenue, refunds subtracted, against the goal. */
export const goalResponseSchema = z.object({
  /** Null: no goal is set (the site shows no bar). */
  goalUSD: z.number().nullable(),
  raisedUSD: z.number(),
  text: z.string(),
});
export type GoalResponse = z.infer<typeof goalResponseSchema>;
