// The sandbox provider (PAYMENTS=sandbox, never in production): no money moves. Orders are paid on
// the site's own checkout page, subscriptions live only in this database and are managed on the
// site's billing page, and what Stripe does on its own is done here: cancelling at the end of the
// paid month, renewing every month (renewDueSandboxSubscriptions, from the schedule at start and
// every hour), and expiring an order left unpaid for a day, as Stripe's Checkout Sessions expire
// (expireAbandonedSandboxOrders: its coupon use comes back). With card payments off (no keys, no PAYMENTS) the same provider refuses every payment
// call as not configured, while the sandbox subscriptions already stored run their course.
import { paymentMessages } from '@starport/api-client/contract';
import type { AppContext } from '../../../context.ts';
import type { PaymentRow } from '../../../db/database.ts';
import { listStalePendingOrders, transitionPayment } from '../../../db/repositories/payments.ts';
import {
  HOLDING_STATUSES,
  listDueSandboxSubscriptions,
  lockSubscriptionByProviderId,
} from '../../../db/repositories/subscriptions.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError, notFound } from '../../../errors.ts';
import { addMs, toIso } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { releaseCouponOf } from '../../coupons/coupons.ts';
import { addMonths, CURRENCY, readPurchase, siteCheckoutPath, stateOfStoredSubscription } from '../payment-records.ts';
import type { PaidCheckout, PaymentProvider, SubscriptionState } from '../provider.ts';
import { applySubscriptionState, recordInvoice } from '../subscription-lifecycle.ts';

/** How long a sandbox order waits for Pay: a day, as Stripe's Checkout Sessions do by default. */
export const SANDBOX_ORDER_TTL_MS = 24 * 60 * 60 * 1000;
const EXPIRE_BATCH = 100;

/** A month at most is renewed per subscription per run… up to this many missed months at once. */
const MAX_MONTHS_PER_RUN = 24;

export function createSandboxProvider(options: { cardPayments: boolean }): PaymentProvider {
  const provider: PaymentProvider = {
    name: 'sandbox',
    requireCardPayments() {
      // Without keys and without PAYMENTS=sandbox there are no card payments (config.ts): every call
      // that would start or take a payment says so, as the Discord calls do when Discord is not configured.
      if (!options.cardPayments) throw new AppError('service_unavailable', paymentMessages.notConfigured);
    },
    async openCheckout(_ctx, order) {
      return { sessionId: null, url: siteCheckoutPath(order.payment.id) };
    },
    payOnSite: paySandboxOrder,
    // No invoices of its own: a tier change's order carries the prorated charge (a credit is not paid out).
    tierChangeChargeCents: (estimatedCents) => Math.max(estimatedCents, 0),
    async changeSubscriptionTier(_ctx, change) {
      return stateOfStoredSubscription(change.subscription, { tierId: change.tier.id, priceCents: change.priceCents });
    },
    cancelAtPeriodEnd: (subscription) => stateOfStoredSubscription(subscription, { cancelAtPeriodEnd: true }),
    async cancelSubscription(_ctx, subscription) {
      return stateOfStoredSubscription(subscription, { status: 'canceled', cancelAtPeriodEnd: false });
    },
    // No money moved, so none goes back: the refund is only recorded (payment-reversals.ts).
    async refundPayment() {},
    async openPortal() {
      return '/billing';
    },
    verifyEvent() {
      throw notFound(paymentMessages.webhooksOff);
    },
    async applyEvent() {
      return 'ignored';
    },
    renewDueSubscriptions: renewDueSandboxSubscriptions,
    providerOf: (name) => (name === provider.name ? provider : null),
  };
  return provider;
}

/** The sandbox's stand-in for a subscription Stripe would hold: a month from now, at the tier's price. */
function sandboxSubscription(payment: PaymentRow, tierId: string, priceCents: number, now: Date): SubscriptionState {
  return {
    id: `sub_sandbox_${payment.id}`,
    customerId: null,
    userId: payment.user_id,
    tierId,
    itemId: null,
    productId: null,
    priceCents,
    status: 'active',
    currentPeriodEnd: toIso(addMonths(now, 1)),
    cancelAtPeriodEnd: false,
    pendingUpdate: false,
  };
}

/** The checkout page's Pay: the order as the webhook would report it paid, with made-up provider ids. */
function paySandboxOrder(ctx: AppContext, payment: PaymentRow): PaidCheckout {
  const now = ctx.clock();
  const purchase = readPurchase(payment);
  const subscription =
    purchase.kind === 'subscription'
      ? sandboxSubscription(payment, purchase.tier.tierId, purchase.tier.priceCents, now)
      : null;
  return {
    paymentId: payment.id,
    checkoutSessionId: null,
    amountTotalCents: Number(payment.amount_cents),
    lineQuantities: null,
    currency: payment.currency,
    paymentIntentId: `pi_sandbox_${payment.id}`,
    invoiceId: subscription ? `in_sandbox_${payment.id}` : null,
    subscription,
    readAt: toIso(now),
    uncharged: true,
  };
}

/**
 * Renews each sandbox subscription whose paid month is over (a paid renewal, a month more), or ends
 * it when it was cancelled (the tier goes). Each month is one transaction. Returns how many months
 * were renewed and how many subscriptions ended.
 */
export async function renewDueSandboxSubscriptions(ctx: AppContext): Promise<{ renewed: number; ended: number }> {
  let renewed = 0;
  let ended = 0;
  const due = await listDueSandboxSubscriptions(ctx.db, toIso(ctx.clock()));
  for (const subscription of due) {
    for (let month = 0; month < MAX_MONTHS_PER_RUN; month += 1) {
      const outcome = await inTransaction(ctx.db, async (trx) => {
        const row = await lockSubscriptionByProviderId(trx, subscription.provider_subscription_id);
        const nowIso = toIso(ctx.clock());
        if (!row?.current_period_end || row.current_period_end > nowIso) return 'done' as const;
        if (!(HOLDING_STATUSES as readonly string[]).includes(row.status) || row.hold) return 'done' as const;
        if (row.cancel_at_period_end === 1) {
          await applySubscriptionState(
            trx,
            ctx,
            'sandbox',
            stateOfStoredSubscription(row, { status: 'canceled' }),
            nowIso,
          );
          return 'ended' as const;
        }
        const next = toIso(addMonths(new Date(row.current_period_end), 1));
        await applySubscriptionState(
          trx,
          ctx,
          'sandbox',
          stateOfStoredSubscription(row, { status: 'active', currentPeriodEnd: next, cancelAtPeriodEnd: false }),
          nowIso,
        );
        await recordInvoice(trx, ctx, 'sandbox', {
          id: `in_sandbox_${newId()}`,
          subscriptionId: row.provider_subscription_id,
          billingReason: 'subscription_cycle',
          paid: true,
          amountCents: Number(row.price_cents),
          currency: CURRENCY,
          paymentIntentId: `pi_sandbox_${newId()}`,
        });
        return 'renewed' as const;
      });
      if (outcome === 'done') break;
      if (outcome === 'ended') {
        ended += 1;
        break;
      }
      renewed += 1;
    }
  }
  if (renewed + ended > 0) ctx.logger.info('payments.sandbox_renewals', { renewed, ended });
  return { renewed, ended };
}

/**
 * Expires the sandbox's orders left unpaid for SANDBOX_ORDER_TTL_MS (an abandoned checkout page), each
 * in its own transaction with its coupon's use given back. Paid later after all, such an order is
 * still fulfilled and takes its use again (checkout-completion.ts). Returns how many expired.
 */
export async function expireAbandonedSandboxOrders(ctx: AppContext): Promise<number> {
  let expired = 0;
  for (;;) {
    const before = toIso(addMs(ctx.clock(), -SANDBOX_ORDER_TTL_MS));
    const ids = await listStalePendingOrders(ctx.db, 'sandbox', before, EXPIRE_BATCH);
    for (const id of ids) {
      const moved = await inTransaction(ctx.db, async (trx) => {
        const nowIso = toIso(ctx.clock());
        if (!(await transitionPayment(trx, id, ['pending'], { status: 'expired', updated_at: nowIso }))) return false;
        await releaseCouponOf(trx, id, nowIso);
        return true;
      });
      if (moved) expired += 1;
    }
    if (ids.length < EXPIRE_BATCH) return expired;
  }
}
