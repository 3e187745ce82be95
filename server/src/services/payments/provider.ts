// What a payment provider does for the shop, as one interface with one file per provider
// (providers/stripe.ts, providers/sandbox.ts). boot.ts chooses the provider once, at start, and the
// services reach it as ctx.payments: they hold the rules and never ask which provider runs. A provider
// answers plainly for what it does not do (the sandbox takes no webhooks; Stripe pays nothing on the
// site's own checkout page; with card payments off every payment call is "not configured").
// The shapes here are what a provider reports, in the terms the fulfilment applies.
import type { AppContext } from '../../context.ts';
import type { PaymentProviderName, PaymentRow, SubscriptionRow, TierRow } from '../../db/database.ts';
import type { UserWithTier } from '../../db/repositories/users.ts';
import type { ApplyOutcome } from './event-transaction.ts';
import type { PurchaseLine } from './payment-records.ts';

/** The provider could not be reached or refused the call; `missing` when the object does not exist. */
export class PaymentProviderError extends Error {
  readonly missing: boolean;
  constructor(message: string, options: { missing?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'PaymentProviderError';
    this.missing = options.missing ?? false;
  }
}

/** The webhook's signature did not match its raw body and secret, or was too old. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A subscription as its provider has it. */
export interface SubscriptionState {
  id: string;
  customerId: string | null;
  /** From the subscription's metadata. */
  userId: string | null;
  /** From the price's product (starport_tier_<id>), falling back to metadata. */
  tierId: string | null;
  itemId: string | null;
  productId: string | null;
  priceCents: number;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** A tier change waiting for its payment (pending_if_incomplete). */
  pendingUpdate: boolean;
}

/** What became of a payment intent's charge: refunds so far, and its latest dispute's status if any. */
export interface ChargeOutcome {
  amountRefundedCents: number;
  fullyRefunded: boolean;
  /** needs_response, won, lost…; null when the charge was never disputed. */
  disputeStatus: string | null;
}

/** The card a payment was made with, as a receipt names it (Stripe's charge says; the sandbox has none). */
export interface PaymentCard {
  brand: string;
  last4: string;
}

/** A checkout the provider says is paid, with what it reported, read before the transaction. */
export interface PaidCheckout {
  paymentId: string;
  checkoutSessionId: string | null;
  /** What the provider charged before tax, checked against the order; null where it does not say. */
  amountTotalCents: number | null;
  /** The quantities of the session's line items, checked against the order's; null where none. */
  lineQuantities: number[] | null;
  currency: string | null;
  paymentIntentId: string | null;
  invoiceId: string | null;
  /** For a subscription order: the subscription as the provider has it now. */
  subscription: SubscriptionState | null;
  /** When the provider was read: an older read never overwrites a newer one. */
  readAt: string;
  /** A refund or dispute of the charge that reached the provider before this payment reached us. */
  chargeOutcome?: ChargeOutcome | null;
  /** The card charged, where the provider says. */
  card?: PaymentCard | null;
  /**
   * No money has moved (the sandbox's Pay): a second subscription is then simply not sold, where one
   * already charged is kept as a duplicate to cancel and refund.
   */
  uncharged?: boolean;
}

/** A webhook event as verified: what the provider says changed, by the id of the object. */
export interface WebhookEvent {
  id: string;
  type: string;
  /** The id of the object the event is about (a session, subscription, invoice, charge, dispute). */
  objectId: string | null;
}

/** A new order the player is sent to pay: items (credit packs among them) or a tier's monthly price. */
export interface CheckoutOrder {
  user: UserWithTier;
  payment: PaymentRow;
  /** The same for the same order: a double click finds the session the first click made. */
  idempotencyKey: string;
  /** The site's paths the player comes back to. */
  paths: { success: string; cancel: string };
  purchase:
    | { kind: 'items'; lines: PurchaseLine[] }
    /** `firstMonthDiscountCents`: a coupon's discount on the first month alone (the provider's one-time discount). */
    | { kind: 'subscription'; tier: TierRow; firstMonthDiscountCents: number }
    /** A month of a tier for another player, paid once like items. */
    | { kind: 'tier_gift'; tier: TierRow; recipient: string };
}

export interface TierChange {
  subscription: SubscriptionRow;
  tier: TierRow;
  priceCents: number;
  currency: string;
  idempotencyKey: string;
}

export interface Refund {
  paymentIntentId: string;
  reason: 'duplicate' | 'requested_by_customer';
  /** The same refund however often it is asked for. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  /** Stored on the payments and subscriptions it makes. */
  readonly name: PaymentProviderName;
  /** Refuses (503, not configured) where card payments are off; nothing where they are on. */
  requireCardPayments(): void;
  /** Where the player pays a new order: the provider's own page (its session kept on the order) or the site's. */
  openCheckout(ctx: AppContext, order: CheckoutOrder): Promise<{ sessionId: string | null; url: string }>;
  /** The site's checkout page's Pay, as fulfilment takes it; refused (409) where payment happens on the provider's page. */
  payOnSite(ctx: AppContext, payment: PaymentRow): PaidCheckout;
  /** What a tier-change order itself charges, from the prorated estimate (negative: a credit). */
  tierChangeChargeCents(estimatedCents: number): number;
  /** Moves a subscription to another tier's monthly price, prorated; the state to apply (pendingUpdate until paid). */
  changeSubscriptionTier(ctx: AppContext, change: TierChange): Promise<SubscriptionState>;
  /** The site's billing page's Cancel, ending at the end of the paid month; refused (404) where the provider's portal does it. */
  cancelAtPeriodEnd(subscription: SubscriptionRow): SubscriptionState;
  /** Ends a subscription now (no proration, no further invoice); one already ended is read back as it is. */
  cancelSubscription(ctx: AppContext, subscription: SubscriptionRow): Promise<SubscriptionState>;
  /** Gives back what is left of a charge; the key makes a retry the same refund. */
  refundPayment(ctx: AppContext, refund: Refund): Promise<void>;
  /** Where the player manages their subscription: the provider's portal, or the site's billing page. */
  openPortal(ctx: AppContext, subscription: SubscriptionRow): Promise<string>;
  /** Checks a webhook's signature on its raw body and reads the event; refused (404) by a provider that sends none. */
  verifyEvent(rawBody: string, signature: string | undefined): WebhookEvent;
  /** Reads what a verified event is about back from the provider, and applies it once. */
  applyEvent(ctx: AppContext, event: WebhookEvent): Promise<ApplyOutcome | 'ignored'>;
  /** Renews (or ends) the subscriptions whose paid month is over and that the provider leaves to the server. */
  renewDueSubscriptions(ctx: AppContext): Promise<{ renewed: number; ended: number }>;
  /**
   * The provider that acts here on a stored subscription of `name` (ends it, refunds its payments):
   * this one for its own; the sandbox's for the sandbox's, which live only in this database; none
   * for Stripe's on a server without Stripe (they wait for one with it).
   */
  providerOf(name: PaymentProviderName): PaymentProvider | null;
}
