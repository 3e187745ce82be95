// Stripe's webhook events, read back and applied: an event only says what changed, so the object is
// read back from Stripe (the session with its line items, the subscription, the invoice, the charge,
// the dispute) before one transaction applies it, once, through the same fulfilment the sandbox uses.
import type { AppContext } from '../../../context.ts';
import { findPaymentByCheckoutSession, transitionPayment } from '../../../db/repositories/payments.ts';
import { toIso } from '../../../lib/clock.ts';
import { releaseCouponOf } from '../../coupons/coupons.ts';
import { tellPaymentFailed } from '../../notifications/wired-notices.ts';
import { fulfilCheckout } from '../checkout-completion.ts';
import { type ApplyOutcome, type EventRef, inEventTransaction } from '../event-transaction.ts';
import { applyChargeOutcome, applyDispute, applyRefund } from '../payment-reversals.ts';
import type { WebhookEvent } from '../provider.ts';
import { applySubscriptionState, recordInvoice } from '../subscription-lifecycle.ts';
import type { StripeGateway } from './stripe-client.ts';

/** The events to enable on the Stripe webhook endpoint (README). */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

async function handleCheckout(ctx: AppContext, stripe: StripeGateway, event: WebhookEvent, ref: EventRef) {
  if (!event.objectId) return 'ignored' as const;
  const readAt = toIso(ctx.clock());
  const session = await stripe.retrieveCheckoutSession(event.objectId);
  const paymentId = session.paymentId ?? (await findPaymentByCheckoutSession(ctx.db, session.id))?.id ?? null;
  if (!paymentId) {
    ctx.logger.warn('payments.unknown_checkout', { session: session.id, event: event.id });
    return inEventTransaction(ctx, ref, async () => 'unknown' as const);
  }

  if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
    const status = event.type === 'checkout.session.expired' ? 'expired' : 'failed';
    return inEventTransaction(ctx, ref, async (trx) => {
      const moved = await transitionPayment(trx, paymentId, ['pending'], { status, updated_at: toIso(ctx.clock()) });
      if (moved && status === 'failed') await tellPaymentFailed(trx, paymentId, ctx.clock());
      // An order never paid gives its coupon's use back.
      if (moved) await releaseCouponOf(trx, paymentId, toIso(ctx.clock()));
      return moved ? ('applied' as const) : ('already' as const);
    });
  }

  // Only what Stripe says is paid is fulfilled: a delayed method completes unpaid and succeeds later.
  if (session.paymentStatus !== 'paid' && session.paymentStatus !== 'no_payment_required') {
    return inEventTransaction(ctx, ref, async () => 'already' as const);
  }
  const subscription = session.subscriptionId ? await stripe.retrieveSubscription(session.subscriptionId) : null;
  const invoice = session.invoiceId ? await stripe.retrieveInvoice(session.invoiceId) : null;
  const paymentIntentId = session.paymentIntentId ?? invoice?.paymentIntentId ?? null;
  return fulfilCheckout(
    ctx,
    {
      paymentId,
      checkoutSessionId: session.id,
      // Our prices less our own discounts (a first month's coupon), before any tax Stripe adds.
      amountTotalCents:
        session.amountSubtotalCents !== null
          ? session.amountSubtotalCents - session.amountDiscountCents
          : session.amountTotalCents,
      lineQuantities: session.lines.map((line) => line.quantity),
      currency: session.currency,
      paymentIntentId,
      invoiceId: session.invoiceId,
      subscription,
      readAt,
      chargeOutcome: paymentIntentId ? await stripe.retrieveChargeOutcome(paymentIntentId) : null,
      card: paymentIntentId ? await stripe.retrievePaymentCard(paymentIntentId) : null,
    },
    ref,
  );
}

async function handleSubscription(ctx: AppContext, stripe: StripeGateway, event: WebhookEvent, ref: EventRef) {
  if (!event.objectId) return 'ignored' as const;
  const readAt = toIso(ctx.clock());
  const state = await stripe.retrieveSubscription(event.objectId);
  return inEventTransaction(ctx, ref, async (trx) => {
    const result = await applySubscriptionState(trx, ctx, 'stripe', state, readAt);
    return result === 'applied'
      ? ('applied' as const)
      : result === 'stale'
        ? ('already' as const)
        : ('unknown' as const);
  });
}

async function handleInvoice(ctx: AppContext, stripe: StripeGateway, event: WebhookEvent, ref: EventRef) {
  if (!event.objectId) return 'ignored' as const;
  const readAt = toIso(ctx.clock());
  const invoice = await stripe.retrieveInvoice(event.objectId);
  const subscriptionId = invoice.subscriptionId;
  if (!subscriptionId) return inEventTransaction(ctx, ref, async () => 'unknown' as const);
  const state = await stripe.retrieveSubscription(subscriptionId);
  const paid = event.type === 'invoice.paid' && invoice.status === 'paid';
  const paymentIntentId = paid ? invoice.paymentIntentId : null;
  // A refund or dispute of this charge may have arrived before the invoice did, and found nothing.
  const chargeOutcome = paymentIntentId ? await stripe.retrieveChargeOutcome(paymentIntentId) : null;
  const card = paymentIntentId ? await stripe.retrievePaymentCard(paymentIntentId) : null;
  return inEventTransaction(ctx, ref, async (trx) => {
    const synced = await applySubscriptionState(trx, ctx, 'stripe', state, readAt);
    if (synced === 'unknown') return 'unknown' as const;
    await recordInvoice(trx, ctx, 'stripe', {
      id: invoice.id,
      subscriptionId,
      billingReason: invoice.billingReason,
      paid,
      amountCents: event.type === 'invoice.paid' ? invoice.amountPaidCents : invoice.amountDueCents,
      currency: invoice.currency,
      paymentIntentId: invoice.paymentIntentId,
      card,
    });
    if (paymentIntentId) await applyChargeOutcome(trx, ctx, paymentIntentId, chargeOutcome);
    return 'applied' as const;
  });
}

async function handleRefund(ctx: AppContext, stripe: StripeGateway, event: WebhookEvent, ref: EventRef) {
  if (!event.objectId) return 'ignored' as const;
  const charge = await stripe.retrieveCharge(event.objectId);
  return applyRefund(
    ctx,
    {
      paymentIntentId: charge.paymentIntentId,
      amountRefundedCents: charge.amountRefundedCents,
      fullyRefunded: charge.refunded,
    },
    ref,
  );
}

async function handleDispute(ctx: AppContext, stripe: StripeGateway, event: WebhookEvent, ref: EventRef) {
  if (!event.objectId) return 'ignored' as const;
  const dispute = await stripe.retrieveDispute(event.objectId);
  let paymentIntentId = dispute.paymentIntentId;
  if (!paymentIntentId && dispute.chargeId)
    paymentIntentId = (await stripe.retrieveCharge(dispute.chargeId)).paymentIntentId;
  return applyDispute(ctx, { paymentIntentId, status: dispute.status }, ref);
}

/** Reads what a verified event is about back from Stripe and applies it once; the others are ignored. */
export async function applyStripeEvent(
  ctx: AppContext,
  stripe: StripeGateway,
  event: WebhookEvent,
): Promise<ApplyOutcome | 'ignored'> {
  const ref = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return handleCheckout(ctx, stripe, event, ref);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return handleSubscription(ctx, stripe, event, ref);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return handleInvoice(ctx, stripe, event, ref);
    case 'charge.refunded':
      return handleRefund(ctx, stripe, event, ref);
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return handleDispute(ctx, stripe, event, ref);
    default:
      return 'ignored' as const;
  }
}
