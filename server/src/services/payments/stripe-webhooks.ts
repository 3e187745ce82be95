// Stripe's webhook: the signature is checked on the raw body, then each event is applied once. The
// event only says what changed; the object is read back from Stripe (the session with its line
// items, the subscription, the invoice, the charge, the dispute) before one transaction applies it.
import { paymentMessages } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { findPaymentByCheckoutSession, isEventProcessed, transitionPayment } from '../../db/repositories/payments.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { fulfilCheckout } from './checkout-completion.ts';
import { type ApplyOutcome, type EventRef, inEventTransaction } from './event-transaction.ts';
import { applyChargeOutcome, applyDispute, applyRefund } from './payment-reversals.ts';
import {
  PaymentProviderError,
  type StripeGateway,
  type WebhookEvent,
  WebhookSignatureError,
} from './providers/stripe-client.ts';
import { settleSubscriptionHolds } from './subscription-holds.ts';
import { applySubscriptionState, recordInvoice } from './subscription-lifecycle.ts';

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

export interface WebhookResult {
  received: true;
  outcome: ApplyOutcome | 'ignored';
}

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
      amountTotalCents: session.amountSubtotalCents ?? session.amountTotalCents,
      lineQuantities: session.lines.map((line) => line.quantity),
      currency: session.currency,
      paymentIntentId,
      invoiceId: session.invoiceId,
      subscription,
      readAt,
      chargeOutcome: paymentIntentId ? await stripe.retrieveChargeOutcome(paymentIntentId) : null,
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

async function dispatch(ctx: AppContext, stripe: StripeGateway, event: WebhookEvent) {
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

/**
 * POST /api/stripe/webhook. A bad signature is 400 and changes nothing. A failure while applying is
 * a 500, so Stripe retries (for up to three days); the event's effects were rolled back with it.
 */
export async function handleStripeWebhook(
  ctx: AppContext,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookResult> {
  const stripe = ctx.stripe;
  if (!stripe) throw notFound(paymentMessages.webhooksOff);
  let event: WebhookEvent;
  try {
    event = stripe.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      ctx.logger.warn('payments.webhook_refused', { reason: error.message });
      throw invalid(paymentMessages.badSignature);
    }
    throw error;
  }
  if (await isEventProcessed(ctx.db, event.id)) return { received: true, outcome: 'duplicate' };
  let outcome: WebhookResult['outcome'];
  try {
    outcome = await dispatch(ctx, stripe, event);
    ctx.logger.info('payments.webhook', { event: event.id, type: event.type, outcome });
  } catch (error) {
    if (error instanceof PaymentProviderError && error.missing) {
      // The object is gone from Stripe (a deleted test object): retrying cannot help.
      ctx.logger.warn('payments.webhook_object_missing', { event: event.id, type: event.type, error: error.message });
      return { received: true, outcome: 'unknown' };
    }
    ctx.logger.error('payments.webhook_failed', {
      event: event.id,
      type: event.type,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new AppError('internal_error', 'The event could not be applied; Stripe will retry it');
  }
  // The event is applied; what it asked of Stripe in turn (cancel a duplicate, refund it) is done
  // now, and by the schedule should Stripe not answer.
  await settleSubscriptionHolds(ctx);
  return { received: true, outcome };
}
