// What a held subscription still asks of its provider (migration 014's `hold`): a duplicate is
// refunded (its latest payment, with an idempotency key) and cancelled; one whose payment was refunded
// or whose dispute was lost is cancelled, so it never charges again. The hold itself (no tier) was
// set in the transaction that found the reason (subscription-lifecycle.ts); the calls to the provider
// happen here, outside any transaction, right after a webhook and on the schedule, until they succeed.
import type { AppContext } from '../../context.ts';
import type { SubscriptionRow } from '../../db/database.ts';
import { findLatestPaidPayment } from '../../db/repositories/payments.ts';
import { listUnsettledHolds, markHoldSettled } from '../../db/repositories/subscriptions.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toIso } from '../../lib/clock.ts';
import { insertAudit } from '../admin/audit.ts';
import { PAYMENTS_ACTOR } from './payment-records.ts';
import { applyRefund } from './payment-reversals.ts';
import type { PaymentProvider } from './provider.ts';
import { applySubscriptionState } from './subscription-lifecycle.ts';

/**
 * Settles every unsettled hold; a failure (Stripe down) is logged and left for the next pass, which
 * repeats the same calls (the refund's idempotency key makes it the same refund). Returns how many
 * were settled.
 */
export async function settleSubscriptionHolds(ctx: AppContext): Promise<number> {
  let settled = 0;
  for (const subscription of await listUnsettledHolds(ctx.db)) {
    try {
      if (await settleHold(ctx, subscription)) settled += 1;
    } catch (error) {
      ctx.logger.error('payments.hold_settle_failed', {
        subscription: subscription.provider_subscription_id,
        hold: subscription.hold,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return settled;
}

async function settleHold(ctx: AppContext, subscription: SubscriptionRow): Promise<boolean> {
  // A Stripe subscription waits for a server with Stripe configured; the sandbox's needs no provider.
  const provider = ctx.payments.providerOf(subscription.provider);
  if (!provider) return false;
  const refunded = subscription.hold === 'duplicate' ? await refundLatestPayment(ctx, provider, subscription) : null;

  const readAt = toIso(ctx.clock());
  const ended = await provider.cancelSubscription(ctx, subscription);
  const recorded = await inTransaction(ctx.db, async (trx) => {
    await applySubscriptionState(trx, ctx, subscription.provider, ended, readAt);
    if (!(await markHoldSettled(trx, subscription.id, toIso(ctx.clock())))) return false;
    await insertAudit(trx, ctx, PAYMENTS_ACTOR, {
      action: subscription.hold === 'duplicate' ? 'payments.duplicate_refunded' : 'payments.subscription_cancelled',
      targetType: 'user',
      targetId: subscription.user_id,
      after: { subscription: subscription.provider_subscription_id, reason: subscription.hold, ...refunded },
    });
    return true;
  });
  if (recorded) {
    ctx.logger.info('payments.hold_settled', {
      userId: subscription.user_id,
      subscription: subscription.provider_subscription_id,
      hold: subscription.hold,
      ...refunded,
    });
  }
  return recorded;
}

/** A duplicate's money goes back: the last paid month of it, refunded in full and recorded at once. */
async function refundLatestPayment(
  ctx: AppContext,
  provider: PaymentProvider,
  subscription: SubscriptionRow,
): Promise<{ paymentId: string; refundedCents: number } | null> {
  const payment = await findLatestPaidPayment(ctx.db, subscription.provider_subscription_id);
  if (!payment) return null;
  const paymentIntentId = payment.payment_intent_id;
  if (!paymentIntentId) {
    ctx.logger.error('payments.duplicate_not_refundable', { paymentId: payment.id, userId: payment.user_id });
    return null;
  }
  await provider.refundPayment(ctx, {
    paymentIntentId,
    reason: 'duplicate',
    idempotencyKey: `duplicate-refund-${payment.id}`,
    metadata: {
      paymentId: payment.id,
      userId: payment.user_id,
      subscriptionId: subscription.provider_subscription_id,
    },
  });
  // Recorded now rather than when charge.refunded arrives (that event then finds it done).
  await applyRefund(
    ctx,
    { paymentIntentId, amountRefundedCents: Number(payment.amount_cents), fullyRefunded: true },
    null,
  );
  return { paymentId: payment.id, refundedCents: Number(payment.amount_cents) };
}
