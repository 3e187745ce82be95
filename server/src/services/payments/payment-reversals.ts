// Refunds and disputes, applied once: a full refund or a lost dispute takes back what the payment
// bought (its inventory entries revoked, its credits debited as far as the balance allows), an open
// dispute holds it until won, and a subscription's payment takes the tier with it.
import type { AppContext } from '../../context.ts';
import type { Executor, PaymentRow } from '../../db/database.ts';
import { restoreEntriesOfPayment, revokeEntriesOfPayment } from '../../db/repositories/inventory.ts';
import { insertPaymentEvent } from '../../db/repositories/payment-events.ts';
import {
  findPaymentByPaymentIntent,
  lockPayment,
  transitionPayment,
  updatePayment,
} from '../../db/repositories/payments.ts';
import { lockUserCredits } from '../../db/repositories/users.ts';
import { toIso } from '../../lib/clock.ts';
import { releaseCouponOf } from '../coupons/coupons.ts';
import { endTierGiftOfOrder } from '../economy/tier-gifts.ts';
import { creditUpToMaximum, debitWithLedger } from '../purchases/credit-ledger.ts';
import { type ApplyOutcome, type EventRef, inEventTransaction } from './event-transaction.ts';
import { LEDGER_REASONS, PAYMENTS_ACTOR } from './payment-records.ts';
import type { ChargeOutcome } from './provider.ts';
import { holdSubscriptionOf, releaseSubscriptionOf } from './subscription-lifecycle.ts';

/**
 * Takes back what a payment bought: its inventory entries are revoked, and the credits of its
 * credit packs are debited as far as the balance allows; what it cannot cover is recorded.
 */
async function revokePurchase(trx: Executor, ctx: AppContext, payment: PaymentRow, nowIso: string): Promise<void> {
  await revokeEntriesOfPayment(trx, payment.id, nowIso);
  const granted = Number(payment.credits_granted);
  const reclaimed = Number(payment.credits_reclaimed);
  const due = granted - reclaimed;
  if (due <= 0) return;
  const balance = (await lockUserCredits(trx, payment.user_id)) ?? 0;
  const take = Math.min(balance, due);
  if (take > 0) {
    const after = await debitWithLedger(trx, {
      userId: payment.user_id,
      amount: take,
      reason: LEDGER_REASONS.reclaimed,
      reference: payment.id,
      now: nowIso,
    });
    if (after === null) throw new Error(`payment ${payment.id}: could not take back ${take} credits`);
  }
  await updatePayment(trx, payment.id, {
    credits_reclaimed: reclaimed + take,
    credits_shortfall: granted - reclaimed - take,
    updated_at: nowIso,
  });
  if (granted - reclaimed - take > 0) {
    ctx.logger.warn('payments.credits_shortfall', {
      paymentId: payment.id,
      userId: payment.user_id,
      shortfall: granted - reclaimed - take,
    });
  }
}

/** Gives back what a dispute held: the entries, and the credits taken. */
async function releasePurchase(trx: Executor, ctx: AppContext, payment: PaymentRow, nowIso: string): Promise<void> {
  await restoreEntriesOfPayment(trx, payment.id);
  const reclaimed = Number(payment.credits_reclaimed);
  if (reclaimed > 0) {
    const change = {
      userId: payment.user_id,
      amount: reclaimed,
      reason: LEDGER_REASONS.released,
      reference: payment.id,
      now: nowIso,
    };
    const result = await creditUpToMaximum(trx, change);
    // A balance at the maximum cannot take them back: the player already holds all it can.
    if (result && result.added < reclaimed) {
      ctx.logger.warn('payments.credits_over_maximum', {
        paymentId: payment.id,
        userId: payment.user_id,
        withheld: reclaimed - result.added,
      });
    }
  }
  await updatePayment(trx, payment.id, { credits_reclaimed: 0, credits_shortfall: 0, updated_at: nowIso });
}

/** The (first) payment of a charge, locked: refunds and disputes name the charge's payment intent. */
async function lockPaymentByIntent(trx: Executor, paymentIntentId: string | null) {
  if (!paymentIntentId) return undefined;
  const found = await findPaymentByPaymentIntent(trx, paymentIntentId);
  return found ? lockPayment(trx, found.id) : undefined;
}

export interface RefundOutcome {
  paymentIntentId: string | null;
  amountRefundedCents: number;
  /** The whole charge was refunded: only then is the purchase taken back. */
  fullyRefunded: boolean;
  /** Who made it, for the order's history: an admin's id; left out, the provider's word (PAYMENTS_ACTOR). */
  actor?: string;
  note?: string;
}

/**
 * A refund: the amount is recorded (revenue follows it), and a full refund revokes the purchase. A
 * partial refund is a goodwill gesture and leaves the purchase with the player.
 */
export async function applyRefund(
  ctx: AppContext,
  refund: RefundOutcome,
  event: EventRef | null,
  /** Runs in the same transaction once the refund has been applied (an admin's audit entry). */
  onApplied?: (trx: Executor) => Promise<void>,
) {
  return inEventTransaction(ctx, event, async (trx) => {
    const outcome = await refundInTransaction(trx, ctx, refund);
    if (outcome === 'applied' && onApplied) await onApplied(trx);
    return outcome;
  });
}

async function refundInTransaction(trx: Executor, ctx: AppContext, refund: RefundOutcome): Promise<ApplyOutcome> {
  const nowIso = toIso(ctx.clock());
  const payment = await lockPaymentByIntent(trx, refund.paymentIntentId);
  if (!payment) {
    ctx.logger.warn('payments.unknown_refund', { paymentIntent: refund.paymentIntentId });
    return 'unknown';
  }
  const more = refund.amountRefundedCents > Number(payment.refunded_cents);
  const amounts = more ? { refunded_cents: refund.amountRefundedCents, refunded_at: nowIso } : {};
  const recordEvent = (type: 'refunded' | 'partially_refunded') =>
    insertPaymentEvent(trx, {
      paymentId: payment.id,
      type,
      amountCents: Math.max(refund.amountRefundedCents - Number(payment.refunded_cents), 0),
      actor: refund.actor ?? PAYMENTS_ACTOR,
      note: refund.note ?? null,
      at: nowIso,
    });
  if (refund.fullyRefunded) {
    const moved = await transitionPayment(trx, payment.id, ['paid', 'partially_refunded', 'disputed'], {
      status: 'refunded',
      updated_at: nowIso,
      ...amounts,
    });
    if (!moved) return 'already';
    await recordEvent('refunded');
    await revokePurchase(trx, ctx, payment, nowIso);
    // A refunded order gives its coupon's use back (issue 22).
    await releaseCouponOf(trx, payment.id, nowIso);
    // A refunded month is a month the player no longer has: the subscription ends, and is cancelled;
    // a month of a tier given as a gift ends too.
    await holdSubscriptionOf(trx, ctx, payment, 'refunded', nowIso);
    await endTierGiftOfOrder(ctx, trx, payment.id, refund.actor ?? PAYMENTS_ACTOR);
  } else {
    if (!more) return 'already';
    await transitionPayment(trx, payment.id, ['paid', 'partially_refunded'], {
      status: 'partially_refunded',
      updated_at: nowIso,
      ...amounts,
    });
    await recordEvent('partially_refunded');
  }
  ctx.logger.info('payments.refunded', {
    paymentId: payment.id,
    userId: payment.user_id,
    refundedCents: refund.amountRefundedCents,
    full: refund.fullyRefunded,
  });
  return 'applied';
}

const recordDisputeEvent = (
  trx: Executor,
  payment: PaymentRow,
  type: 'disputed' | 'dispute_won' | 'dispute_lost',
  amountCents: number | null,
  nowIso: string,
) => insertPaymentEvent(trx, { paymentId: payment.id, type, amountCents, actor: PAYMENTS_ACTOR, at: nowIso });

export interface DisputeOutcome {
  paymentIntentId: string | null;
  /** needs_response, under_review, won, lost… */
  status: string;
}

const DISPUTE_LOST = 'lost';
const DISPUTE_OPEN = ['needs_response', 'under_review', 'warning_needs_response', 'warning_under_review'];

/**
 * A dispute holds the purchase (revoked while it is open); won, everything is released; lost, it
 * stays revoked and the money counts as returned. A subscription's payment holds its tier the same
 * way; lost, the subscription is cancelled.
 */
export async function applyDispute(ctx: AppContext, dispute: DisputeOutcome, event: EventRef | null) {
  return inEventTransaction(ctx, event, (trx) => disputeInTransaction(trx, ctx, dispute));
}

async function disputeInTransaction(trx: Executor, ctx: AppContext, dispute: DisputeOutcome): Promise<ApplyOutcome> {
  const nowIso = toIso(ctx.clock());
  const payment = await lockPaymentByIntent(trx, dispute.paymentIntentId);
  if (!payment) {
    ctx.logger.warn('payments.unknown_dispute', { paymentIntent: dispute.paymentIntentId });
    return 'unknown';
  }
  if (DISPUTE_OPEN.includes(dispute.status) || dispute.status.startsWith('appeal')) {
    const moved = await transitionPayment(trx, payment.id, ['paid', 'partially_refunded'], {
      status: 'disputed',
      updated_at: nowIso,
    });
    if (!moved) return 'already';
    await recordDisputeEvent(trx, payment, 'disputed', null, nowIso);
    await revokePurchase(trx, ctx, payment, nowIso);
    await holdSubscriptionOf(trx, ctx, payment, 'disputed', nowIso);
  } else if (dispute.status === DISPUTE_LOST) {
    const moved = await transitionPayment(trx, payment.id, ['disputed', 'paid', 'partially_refunded'], {
      status: 'dispute_lost',
      refunded_cents: Number(payment.amount_cents),
      refunded_at: nowIso,
      updated_at: nowIso,
    });
    if (!moved) return 'already';
    await recordDisputeEvent(trx, payment, 'dispute_lost', Number(payment.amount_cents), nowIso);
    await revokePurchase(trx, ctx, payment, nowIso);
    // The money went back as with a refund: so does the coupon's use.
    await releaseCouponOf(trx, payment.id, nowIso);
    await holdSubscriptionOf(trx, ctx, payment, 'dispute_lost', nowIso);
    await endTierGiftOfOrder(ctx, trx, payment.id, PAYMENTS_ACTOR);
  } else {
    // won, warning_closed, prevented: the money stays with us and so does the purchase with the player.
    const moved = await transitionPayment(trx, payment.id, ['disputed'], {
      status: Number(payment.refunded_cents) > 0 ? 'partially_refunded' : 'paid',
      updated_at: nowIso,
    });
    if (!moved) return 'already';
    await recordDisputeEvent(trx, payment, 'dispute_won', null, nowIso);
    await releasePurchase(trx, ctx, payment, nowIso);
    await releaseSubscriptionOf(trx, ctx, payment, nowIso);
  }
  ctx.logger.info('payments.dispute', { paymentId: payment.id, userId: payment.user_id, status: dispute.status });
  return 'applied';
}

/**
 * Applies a refund or dispute that reached Stripe before the payment reached us (its event found no
 * payment then): called in the transaction that records the payment, so it never stands unrevoked.
 */
export async function applyChargeOutcome(
  trx: Executor,
  ctx: AppContext,
  paymentIntentId: string,
  outcome: ChargeOutcome | null,
): Promise<void> {
  if (!outcome) return;
  if (outcome.amountRefundedCents > 0) {
    await refundInTransaction(trx, ctx, {
      paymentIntentId,
      amountRefundedCents: outcome.amountRefundedCents,
      fullyRefunded: outcome.fullyRefunded,
    });
  }
  if (outcome.disputeStatus) await disputeInTransaction(trx, ctx, { paymentIntentId, status: outcome.disputeStatus });
}
