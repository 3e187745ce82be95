// Stripe's API, behind one small gateway for the Stripe provider (stripe.ts): the official `stripe`
// package, configured from PaymentsConfig (its host, port and protocol point at a local fake in
// tests), answering in plain shapes (provider.ts's where the fulfilment reads them). Nothing here
// touches the database.
import type Stripe from 'stripe';
import type { PaymentsConfig } from '../../../config.ts';
import { loadWhenNeeded } from '../../../lib/load-when-needed.ts';
import {
  type ChargeOutcome,
  type PaymentCard,
  PaymentProviderError,
  type SubscriptionState,
  type WebhookEvent,
  WebhookSignatureError,
} from '../provider.ts';

type StripeModeConfig = Extract<PaymentsConfig, { mode: 'stripe' }>;

export interface CheckoutItemLine {
  itemId: string;
  name: string;
  unitAmountCents: number;
  quantity: number;
}

export interface CheckoutSessionInput {
  customerId: string;
  userId: string;
  /** Our payment row, carried in metadata so fulfilment finds it. */
  paymentId: string;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /** Items for a one-off payment, or the monthly price of a tier. */
  purchase:
    | { mode: 'payment'; lines: CheckoutItemLine[] }
    | {
        mode: 'subscription';
        tierId: string;
        productId: string;
        unitAmountCents: number;
        /** A coupon's discount on the first invoice alone (a one-time Stripe coupon made for the order). */
        firstMonthDiscountCents: number;
      };
}

export interface CheckoutSessionState {
  id: string;
  /** Our payment row's id, from metadata. */
  paymentId: string | null;
  /** payment, subscription or setup. */
  mode: string;
  /** complete, open or expired. */
  status: string | null;
  /** paid, unpaid or no_payment_required: fulfilment acts only on paid. */
  paymentStatus: string;
  /** Before taxes and discounts: what our prices add up to. */
  amountSubtotalCents: number | null;
  /** What discounts (a one-time coupon on a subscription's first month) took off the subtotal. */
  amountDiscountCents: number;
  amountTotalCents: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  customerId: string | null;
  lines: { description: string | null; quantity: number; amountTotalCents: number }[];
}

export interface InvoiceState {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  /** subscription_create, subscription_cycle, subscription_update… */
  billingReason: string | null;
  status: string | null;
  amountPaidCents: number;
  amountDueCents: number;
  currency: string;
  paymentIntentId: string | null;
  periodEnd: string | null;
}

export interface ChargeState {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  amountRefundedCents: number;
  refunded: boolean;
}

export interface DisputeState {
  id: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  /** needs_response, under_review, won, lost… */
  status: string;
}

const TIER_PRODUCT_PREFIX = 'starport_tier_';

/** Subscription statuses from which nothing is billed again. */
const ENDED_STATUSES: string[] = ['canceled', 'incomplete_expired'];

export const tierProductId = (tierId: string): string => `${TIER_PRODUCT_PREFIX}${tierId}`;

const toIsoSeconds = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

function wrap(error: unknown, action: string): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const e = error as { code?: string; statusCode?: number; message?: string };
  const missing = e?.code === 'resource_missing' || e?.statusCode === 404;
  return new PaymentProviderError(`Stripe ${action} failed: ${e?.message ?? String(error)}`, { missing, cause: error });
}

export function toSubscriptionState(sub: Stripe.Subscription): SubscriptionState {
  const item = sub.items?.data?.[0];
  const productId = idOf(item?.price?.product as string | { id: string } | null | undefined);
  const tierFromProduct = productId?.startsWith(TIER_PRODUCT_PREFIX)
    ? productId.slice(TIER_PRODUCT_PREFIX.length)
    : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer as string | { id: string }),
    userId: sub.metadata?.userId ?? null,
    tierId: tierFromProduct ?? sub.metadata?.tierId ?? null,
    itemId: item?.id ?? null,
    productId,
    priceCents: item?.price?.unit_amount ?? 0,
    status: sub.status,
    currentPeriodEnd: toIsoSeconds(item?.current_period_end),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end || sub.cancel_at),
    pendingUpdate: Boolean(sub.pending_update),
  };
}

export interface StripeGateway {
  /** The player's Stripe customer: one per player, made once (the key makes a retry find the same). */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** The product a tier's prices hang on, made on first use with a fixed id. */
  ensureTierProduct(tier: { id: string; name: string }): Promise<string>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionState>;
  retrieveSubscription(id: string): Promise<SubscriptionState>;
  /** Moves a subscription to another monthly price, prorated and invoiced now; applied only once paid. */
  changeSubscriptionPrice(input: {
    subscriptionId: string;
    itemId: string;
    productId: string;
    unitAmountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<SubscriptionState>;
  /** Ends a subscription now (no proration, no further invoice); one already ended is read back as it is. */
  cancelSubscription(id: string): Promise<SubscriptionState>;
  retrieveInvoice(id: string): Promise<InvoiceState>;
  retrieveCharge(id: string): Promise<ChargeState>;
  /** The refunds and dispute of a payment intent's charge; null when nothing was refunded or disputed. */
  retrieveChargeOutcome(paymentIntentId: string): Promise<ChargeOutcome | null>;
  /** The card a payment intent's charge was made with (for the receipt); null when not a card. */
  retrievePaymentCard(paymentIntentId: string): Promise<PaymentCard | null>;
  /** Refunds what is left of a payment intent's charge; the key makes a retry find the same refund. */
  refundPayment(input: {
    paymentIntentId: string;
    reason: 'duplicate' | 'requested_by_customer';
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; chargeId: string | null; amountCents: number }>;
  retrieveDispute(id: string): Promise<DisputeState>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Checks the signature on the raw body (300 s tolerance) and reads the event. */
  verifyWebhook(rawBody: string, signature: string | undefined): WebhookEvent;
}

export function createStripeGateway(config: StripeModeConfig): StripeGateway {
  const StripeClient = loadWhenNeeded('stripe') as typeof Stripe;
  const stripe = new StripeClient(config.secretKey, {
    // Retries are safe: every call that creates something carries an idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(config.apiBase
      ? { host: config.apiBase.host, port: config.apiBase.port, protocol: config.apiBase.protocol }
      : {}),
  });

  return {
    async createCustomer({ userId, email, name }) {
      try {
        const customer = await stripe.customers.create(
          { email, name, metadata: { userId } },
          { idempotencyKey: `customer-${userId}` },
        );
        return customer.id;
      } catch (error) {
        throw wrap(error, 'customer creation');
      }
    },

    async ensureTierProduct(tier) {
      const id = tierProductId(tier.id);
      try {
        await stripe.products.retrieve(id);
        return id;
      } catch (error) {
        const wrapped = wrap(error, 'product lookup');
        if (!wrapped.missing) throw wrapped;
      }
      try {
        await stripe.products.create(
          { id, name: `Starport ${tier.name} tier`, metadata: { tierId: tier.id } },
          { idempotencyKey: `product-${id}` },
        );
        return id;
      } catch (error) {
        throw wrap(error, 'product creation');
      }
    },

    async createCheckoutSession(input) {
      const metadata = { paymentId: input.paymentId, userId: input.userId, kind: input.purchase.mode };
      const base = {
        customer: input.customerId,
        client_reference_id: input.userId,
        metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      };
      const params: Stripe.Checkout.SessionCreateParams =
        input.purchase.mode === 'payment'
          ? {
              ...base,
              mode: 'payment',
              line_items: input.purchase.lines.map((line) => ({
                quantity: line.quantity,
                price_data: {
                  currency: input.currency,
                  unit_amount: line.unitAmountCents,
                  product_data: { name: line.name, metadata: { itemId: line.itemId } },
                },
              })),
              payment_intent_data: { metadata },
            }
          : {
              ...base,
              mode: 'subscription',
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: input.currency,
                    unit_amount: input.purchase.unitAmountCents,
                    product: input.purchase.productId,
                    recurring: { interval: 'month' },
                  },
                },
              ],
              subscription_data: { metadata: { userId: input.userId, tierId: input.purchase.tierId } },
            };
      try {
        const discount = input.purchase.mode === 'subscription' ? input.purchase.firstMonthDiscountCents : 0;
        if (discount > 0) {
          // The first month's discount: a coupon of this order's own, once, usable once.
          const coupon = await stripe.coupons.create(
            {
              amount_off: discount,
              currency: input.currency,
              duration: 'once',
              max_redemptions: 1,
              name: 'First month discount',
              metadata: { paymentId: input.paymentId },
            },
            { idempotencyKey: `coupon-${input.idempotencyKey}` },
          );
          params.discounts = [{ coupon: coupon.id }];
        }
        const session = await stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey });
        if (!session.url) throw new PaymentProviderError('Stripe answered a Checkout Session without a URL');
        return { id: session.id, url: session.url };
      } catch (error) {
        throw wrap(error, 'Checkout Session creation');
      }
    },

    async retrieveCheckoutSession(id) {
      try {
        const session = await stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] });
        return {
          id: session.id,
          paymentId: session.metadata?.paymentId ?? null,
          mode: session.mode,
          status: session.status,
          paymentStatus: session.payment_status,
          amountSubtotalCents: session.amount_subtotal,
          amountDiscountCents: session.total_details?.amount_discount ?? 0,
          amountTotalCents: session.amount_total,
          currency: session.currency,
          paymentIntentId: idOf(session.payment_intent),
          subscriptionId: idOf(session.subscription),
          invoiceId: idOf(session.invoice),
          customerId: idOf(session.customer as string | { id: string } | null),
          lines: (session.line_items?.data ?? []).map((line) => ({
            description: line.description ?? null,
            quantity: line.quantity ?? 0,
            amountTotalCents: line.amount_total,
          })),
        };
      } catch (error) {
        throw wrap(error, 'Checkout Session lookup');
      }
    },

    async retrieveSubscription(id) {
      try {
        return toSubscriptionState(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        throw wrap(error, 'subscription lookup');
      }
    },

    async changeSubscriptionPrice(input) {
      try {
        const sub = await stripe.subscriptions.update(
          input.subscriptionId,
          {
            items: [
              {
                id: input.itemId,
                price_data: {
                  currency: input.currency,
                  product: input.productId,
                  unit_amount: input.unitAmountCents,
                  recurring: { interval: 'month' },
                },
              },
            ],
            // The difference is charged (or credited) at once, and the change waits for that payment.
            proration_behavior: 'always_invoice',
            payment_behavior: 'pending_if_incomplete',
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toSubscriptionState(sub);
      } catch (error) {
        throw wrap(error, 'subscription change');
      }
    },

    async cancelSubscription(id) {
      try {
        return toSubscriptionState(await stripe.subscriptions.cancel(id, { invoice_now: false, prorate: false }));
      } catch (error) {
        // Cancelled already (by another pass, or in the Dashboard): Stripe refuses; its state is the answer.
        const current = await stripe.subscriptions.retrieve(id).catch(() => null);
        if (current && ENDED_STATUSES.includes(current.status)) return toSubscriptionState(current);
        throw wrap(error, 'subscription cancel');
      }
    },

    async retrieveInvoice(id) {
      try {
        const invoice = await stripe.invoices.retrieve(id, { expand: ['payments'] });
        const paid = invoice.payments?.data?.find((p) => p.status === 'paid') ?? invoice.payments?.data?.[0];
        return {
          id: invoice.id as string,
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? null),
          customerId: idOf(invoice.customer as string | { id: string } | null),
          billingReason: invoice.billing_reason,
          status: invoice.status,
          amountPaidCents: invoice.amount_paid,
          amountDueCents: invoice.amount_due,
          currency: invoice.currency,
          paymentIntentId: idOf(paid?.payment?.payment_intent ?? null),
          periodEnd: toIsoSeconds(invoice.period_end),
        };
      } catch (error) {
        throw wrap(error, 'invoice lookup');
      }
    },

    async retrieveCharge(id) {
      try {
        const charge = await stripe.charges.retrieve(id);
        return {
          id: charge.id,
          paymentIntentId: idOf(charge.payment_intent),
          amountCents: charge.amount,
          amountRefundedCents: charge.amount_refunded,
          refunded: charge.refunded,
        };
      } catch (error) {
        throw wrap(error, 'charge lookup');
      }
    },

    async retrieveChargeOutcome(paymentIntentId) {
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
        const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
        if (!charge || (charge.amount_refunded === 0 && !charge.disputed)) return null;
        const disputes = charge.disputed
          ? await stripe.disputes.list({ payment_intent: paymentIntentId, limit: 1 })
          : { data: [] };
        return {
          amountRefundedCents: charge.amount_refunded,
          fullyRefunded: charge.refunded,
          disputeStatus: disputes.data[0]?.status ?? null,
        };
      } catch (error) {
        throw wrap(error, 'payment intent lookup');
      }
    },

    async retrievePaymentCard(paymentIntentId) {
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
        const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
        const card = charge?.payment_method_details?.card;
        return card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null;
      } catch (error) {
        throw wrap(error, 'payment intent lookup');
      }
    },

    async refundPayment(input) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentIntentId, reason: input.reason, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id, chargeId: idOf(refund.charge), amountCents: refund.amount };
      } catch (error) {
        throw wrap(error, 'refund');
      }
    },

    async retrieveDispute(id) {
      try {
        const dispute = await stripe.disputes.retrieve(id);
        return {
          id: dispute.id,
          chargeId: idOf(dispute.charge),
          paymentIntentId: idOf(dispute.payment_intent),
          status: dispute.status,
        };
      } catch (error) {
        throw wrap(error, 'dispute lookup');
      }
    },

    async createPortalSession(customerId, returnUrl) {
      try {
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return session.url;
      } catch (error) {
        throw wrap(error, 'portal session creation');
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      const object = event.data?.object as { id?: unknown } | undefined;
      return { id: event.id, type: event.type, objectId: typeof object?.id === 'string' ? object.id : null };
    },
  };
}
