// The Stripe provider (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET): Checkout for orders, the Customer
// Portal for subscriptions, subscription changes, cancels and refunds through Stripe's API
// (stripe-client.ts), and webhooks verified and read back (stripe-events.ts). A call made for a
// request that fails is logged with its cause and shown as "try again".
import { paymentMessages, paymentReturnPaths } from '@starport/api-client/contract';
import type { PaymentsConfig } from '../../../config.ts';
import type { AppContext } from '../../../context.ts';
import { findCustomerId, saveCustomerId } from '../../../db/repositories/payments.ts';
import type { UserWithTier } from '../../../db/repositories/users.ts';
import { AppError, conflict, notFound } from '../../../errors.ts';
import { toIso } from '../../../lib/clock.ts';
import { CURRENCY, tierGiftLineName } from '../payment-records.ts';
import { type CheckoutOrder, type PaymentProvider, PaymentProviderError } from '../provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { type CheckoutSessionInput, createStripeGateway, type StripeGateway } from './stripe-client.ts';
import { applyStripeEvent } from './stripe-events.ts';

/** Stripe calls from a request: a failure is logged with its cause and shown as "try again". */
async function viaStripe<T>(ctx: AppContext, action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.logger.error('payments.provider_failed', {
      action,
      error: error instanceof Error ? error.message : String(error),
      missing: error instanceof PaymentProviderError ? error.missing : undefined,
    });
    throw new AppError('payment_provider_error', paymentMessages.providerUnavailable);
  }
}

const absolute = (ctx: AppContext, path: string) => `${ctx.config.publicUrl}${path}`;

/** The player's Stripe customer, made on first need and kept. */
async function ensureCustomer(ctx: AppContext, stripe: StripeGateway, user: UserWithTier): Promise<string> {
  const known = await findCustomerId(ctx.db, user.id);
  if (known) return known;
  const created = await viaStripe(ctx, 'customer', () =>
    stripe.createCustomer({ userId: user.id, email: user.email, name: user.username }),
  );
  await saveCustomerId(ctx.db, user.id, created, toIso(ctx.clock()));
  return (await findCustomerId(ctx.db, user.id)) ?? created;
}

/** A Checkout Session for the order: its items, or its tier's monthly price on the tier's product. */
async function openCheckoutSession(ctx: AppContext, stripe: StripeGateway, order: CheckoutOrder) {
  const { user, payment, purchase } = order;
  const customerId = await ensureCustomer(ctx, stripe, user);
  const bought: CheckoutSessionInput['purchase'] =
    purchase.kind === 'tier_gift'
      ? {
          mode: 'payment',
          lines: [
            {
              itemId: `tier_gift_${purchase.tier.id}`,
              name: tierGiftLineName(purchase.tier.name, purchase.recipient),
              unitAmountCents: Number(purchase.tier.price_cents),
              quantity: 1,
            },
          ],
        }
      : purchase.kind === 'items'
        ? {
            mode: 'payment',
            lines: purchase.lines.map(({ itemId, name, unitAmountCents, quantity }) => ({
              itemId,
              name,
              unitAmountCents,
              quantity,
            })),
          }
        : {
            mode: 'subscription',
            tierId: purchase.tier.id,
            productId: await viaStripe(ctx, 'product', () => stripe.ensureTierProduct(purchase.tier)),
            unitAmountCents: Number(purchase.tier.price_cents),
            firstMonthDiscountCents: purchase.firstMonthDiscountCents,
          };
  const session = await viaStripe(ctx, 'checkout', () =>
    stripe.createCheckoutSession({
      customerId,
      userId: user.id,
      paymentId: payment.id,
      currency: CURRENCY,
      successUrl: absolute(ctx, order.paths.success),
      cancelUrl: absolute(ctx, order.paths.cancel),
      idempotencyKey: order.idempotencyKey,
      purchase: bought,
    }),
  );
  return { sessionId: session.id, url: session.url };
}

export function createStripeProvider(config: Extract<PaymentsConfig, { mode: 'stripe' }>): PaymentProvider {
  const stripe = createStripeGateway(config);
  // Subscriptions the sandbox made before Stripe was configured live only in this database.
  const storedSandbox = createSandboxProvider({ cardPayments: false });
  const provider: PaymentProvider = {
    name: 'stripe',
    requireCardPayments() {},
    openCheckout: (ctx, order) => openCheckoutSession(ctx, stripe, order),
    payOnSite() {
      // Paid on Stripe's page only: nothing here may hand an order out for free.
      throw conflict(paymentMessages.orderNotPayableHere);
    },
    // The prorated amount arrives as an invoice of its own (recorded as it is paid), not on the order.
    tierChangeChargeCents: () => 0,
    async changeSubscriptionTier(ctx, change) {
      const itemId = change.subscription.provider_item_id;
      if (!itemId) throw conflict(paymentMessages.orderNotPayableHere);
      const productId = await viaStripe(ctx, 'product', () => stripe.ensureTierProduct(change.tier));
      return viaStripe(ctx, 'subscription change', () =>
        stripe.changeSubscriptionPrice({
          subscriptionId: change.subscription.provider_subscription_id,
          itemId,
          productId,
          unitAmountCents: change.priceCents,
          currency: change.currency,
          idempotencyKey: change.idempotencyKey,
        }),
      );
    },
    cancelAtPeriodEnd() {
      // Stripe's Customer Portal cancels there, and the webhook brings the change.
      throw notFound(paymentMessages.noSubscription);
    },
    cancelSubscription: (_ctx, subscription) => stripe.cancelSubscription(subscription.provider_subscription_id),
    async refundPayment(_ctx, refund) {
      await stripe.refundPayment(refund);
    },
    async openPortal(ctx, subscription) {
      const customerId = subscription.provider_customer_id ?? (await findCustomerId(ctx.db, subscription.user_id));
      if (!customerId) throw notFound(paymentMessages.noSubscription);
      return viaStripe(ctx, 'portal', () =>
        stripe.createPortalSession(customerId, absolute(ctx, paymentReturnPaths.portalReturn)),
      );
    },
    verifyEvent: (rawBody, signature) => stripe.verifyWebhook(rawBody, signature),
    applyEvent: (ctx, event) => applyStripeEvent(ctx, stripe, event),
    // Stripe renews its subscriptions itself and says so by webhook.
    renewDueSubscriptions: async () => ({ renewed: 0, ended: 0 }),
    providerOf: (name) => (name === provider.name ? provider : storedSandbox.providerOf(name)),
  };
  return provider;
}
