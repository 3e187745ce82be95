// What a payment does to the database, applied once: a paid checkout becomes inventory entries,
// credits or a tier; a subscription's state sets or clears the tier; an invoice records a renewal; a
// refund or dispute revokes. The Stripe webhook and the sandbox's Pay button run these same
// functions, after reading the provider (never inside a transaction: SECURITY.md "Money").
import { MAX_BALANCE } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type {
  Executor,
  PaymentProviderName,
  PaymentRow,
  SubscriptionHold,
  SubscriptionRow,
} from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { findTierById } from '../../db/repositories/catalogue.ts';
import {
  insertInventoryEntry,
  restoreEntriesOfPayment,
  revokeEntriesOfPayment,
} from '../../db/repositories/inventory.ts';
import {
  findPaymentByInvoice,
  findStartingPayment,
  findUserIdByCustomer,
  hasDisputedPayment,
  insertPayment,
  insertProcessedEvent,
  isEventProcessed,
  lockPayment,
  transitionPayment,
  updatePayment,
} from '../../db/repositories/payments.ts';
import {
  findHoldingSubscription,
  findSubscriptionByProviderId,
  HOLDING_STATUSES,
  listSubscriptionTierIds,
  lockSubscriptionByProviderId,
  updateSubscription,
} from '../../db/repositories/subscriptions.ts';
import { findUserById, lockUserCredits, updateUserTier } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { insertAudit } from '../audit.ts';
import { tradeLockedUntil } from '../catalogue/trade-lock.ts';
import { creditUpToMaximum, debitWithLedger } from '../credit-ledger.ts';
import { enqueueRoleSync } from '../discord-roles.ts';
import { CASH_PURCHASE, CURRENCY, readPurchase, type TierRef, tierRef } from './payment-records.ts';
import type { ChargeOutcome, SubscriptionState } from './providers/stripe-client.ts';

/** A provider event being applied: its id is stored in the same transaction as its effects. */
export interface EventRef {
  id: string;
  type: string;
}

/** `refused`: a sandbox subscription order while another subscription gives the player a tier. */
export type ApplyOutcome = 'applied' | 'already' | 'duplicate' | 'unknown' | 'refused';

/** Who the audit log names for what the payment rules do by themselves. */
export const PAYMENTS_ACTOR = 'system:payments';

export const LEDGER_REASONS = {
  creditPack: 'credit_pack_purchase',
  reclaimed: 'payment_reversal',
  released: 'dispute_won',
} as const;

/** Statuses from which a paid checkout may still be fulfilled: money taken is always delivered. */
const FULFILLABLE = ['pending', 'cancelled', 'expired', 'failed'] as const;

/**
 * Runs `apply` in one transaction together with storing the event id. A second delivery of the same
 * event (replayed, or concurrent) meets the primary key and changes nothing.
 */
export async function inEventTransaction<T>(
  ctx: AppContext,
  event: EventRef | null,
  apply: (trx: Executor) => Promise<T>,
): Promise<T | 'duplicate'> {
  try {
    return await inTransaction(ctx.db, async (trx) => {
      if (event) await insertProcessedEvent(trx, event.id, event.type, toIso(ctx.clock()));
      return apply(trx);
    });
  } catch (error) {
    if (event && isUniqueViolation(error) && (await isEventProcessed(ctx.db, event.id))) return 'duplicate';
    throw error;
  }
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
}

/** The quantities an order's Checkout Session was made with, one per line. */
function orderedQuantities(payment: PaymentRow): number[] {
  const purchase = readPurchase(payment);
  if (purchase.kind === 'items') return purchase.lines.map((line) => line.quantity);
  return [1];
}

const sameQuantities = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().every((value, i) => value === [...b].sort()[i]);

/**
 * The fulfilment of a paid checkout, for Stripe's webhook and the sandbox's Pay alike: the payment
 * moves to paid exactly once, and that one move makes the inventory entries, adds the credits of
 * credit packs through the ledger, or starts the subscription's tier.
 */
export async function fulfilCheckout(
  ctx: AppContext,
  paid: PaidCheckout,
  event: EventRef | null,
): Promise<ApplyOutcome> {
  const now = ctx.clock();
  const nowIso = toIso(now);
  const result = await inEventTransaction(ctx, event, async (trx): Promise<ApplyOutcome> => {
    const payment = await lockPayment(trx, paid.paymentId);
    if (!payment) {
      ctx.logger.warn('payments.unknown_checkout', { paymentId: paid.paymentId, session: paid.checkoutSessionId });
      return 'unknown';
    }
    const amountDiffers = paid.amountTotalCents !== null && paid.amountTotalCents !== Number(payment.amount_cents);
    const currencyDiffers = paid.currency !== null && paid.currency.toLowerCase() !== payment.currency;
    const linesDiffer =
      paid.lineQuantities !== null && !sameQuantities(paid.lineQuantities, orderedQuantities(payment));
    if (amountDiffers || currencyDiffers || linesDiffer) {
      // Cannot happen with sessions made here; if it does, a person must look, so nothing is granted.
      ctx.logger.error('payments.amount_mismatch', {
        paymentId: payment.id,
        expected: Number(payment.amount_cents),
        charged: paid.amountTotalCents,
        currency: paid.currency,
        quantities: paid.lineQuantities,
      });
      await transitionPayment(trx, payment.id, ['pending'], {
        status: 'failed',
        note: `charged ${paid.amountTotalCents} ${paid.currency}, expected ${payment.amount_cents} ${payment.currency}`,
        updated_at: nowIso,
      });
      return 'unknown';
    }
    const purchase = readPurchase(payment);
    // In the sandbox no money has moved yet, so a second subscription is simply not sold (at Stripe it
    // was paid already: applySubscriptionState keeps it as a duplicate to cancel and refund).
    if (purchase.kind === 'subscription' && payment.provider === 'sandbox') {
      if (await findTierGivingSubscriptionLocked(trx, payment.user_id, null)) {
        await transitionPayment(trx, payment.id, ['pending'], { status: 'cancelled', updated_at: nowIso });
        return 'refused';
      }
    }
    const moved = await transitionPayment(trx, payment.id, FULFILLABLE, {
      status: 'paid',
      paid_at: nowIso,
      updated_at: nowIso,
      checkout_session_id: payment.checkout_session_id ?? paid.checkoutSessionId,
      payment_intent_id: paid.paymentIntentId ?? payment.payment_intent_id,
      invoice_id: paid.invoiceId ?? payment.invoice_id,
      subscription_id: paid.subscription?.id ?? payment.subscription_id,
    });
    if (!moved) return 'already';

    if (purchase.kind === 'items') {
      let credits = 0;
      let withheld = 0;
      for (const line of purchase.lines) {
        if (line.credits > 0) {
          const result = await creditUpToMaximum(trx, {
            userId: payment.user_id,
            amount: line.credits,
            reason: LEDGER_REASONS.creditPack,
            reference: payment.id,
            now: nowIso,
          });
          if (result === null) throw new Error(`payment ${payment.id}: user ${payment.user_id} is gone`);
          credits += result.added;
          withheld += line.credits - result.added;
          continue;
        }
        await insertInventoryEntry(trx, {
          id: newId(),
          user_id: payment.user_id,
          shop_item_id: line.itemId,
          item_snapshot: JSON.stringify(line.snapshot),
          quantity: line.quantity,
          acquired_method: CASH_PURCHASE,
          delivered_to_game: 0,
          delivered_at: null,
          trade_locked_until: tradeLockedUntil(now, ctx.config.tradeLockMs),
          created_at: nowIso,
          mail_id: null,
          payment_id: payment.id,
        });
      }
      if (credits > 0) await updatePayment(trx, payment.id, { credits_granted: credits });
      if (withheld > 0) await recordWithheldCredits(trx, ctx, payment, withheld, nowIso);
    } else if (purchase.kind === 'subscription' && paid.subscription) {
      await applySubscriptionState(trx, ctx, payment.provider, paid.subscription, paid.readAt, payment.user_id);
    }
    if (paid.paymentIntentId) await applyChargeOutcome(trx, ctx, paid.paymentIntentId, paid.chargeOutcome ?? null);
    ctx.logger.info('payments.fulfilled', {
      paymentId: payment.id,
      userId: payment.user_id,
      kind: payment.kind,
      amountCents: Number(payment.amount_cents),
      provider: payment.provider,
      event: event?.id,
    });
    return 'applied';
  });
  return result;
}

/**
 * The checkout refused a pack that would take the balance past MAX_BALANCE, but the balance grew
 * before the payment landed (an admin grant, another pack). The payment is still paid and the pack
 * credited as far as the maximum allows; the rest is written on the payment and logged as an error
 * so that an operator refunds it. `credits_granted` holds only what was added, so a later refund
 * takes back no more than that.
 */
async function recordWithheldCredits(
  trx: Executor,
  ctx: AppContext,
  payment: PaymentRow,
  withheld: number,
  nowIso: string,
): Promise<void> {
  const note = `${withheld} credits not added: the balance would have passed ${MAX_BALANCE}; refund them`;
  await updatePayment(trx, payment.id, { note, updated_at: nowIso });
  ctx.logger.error('payments.credits_over_maximum', { paymentId: payment.id, userId: payment.user_id, withheld });
}

/**
 * The subscription giving the player a tier now, other than the provider's `exceptId`, read under the
 * player's row lock: a player's subscriptions change one transaction at a time, so two first payments
 * landing at once cannot both give a tier (the unique index of migration 014 backs this). By the
 * provider's id: two first events of one subscription at once may each have found no row before the lock.
 */
async function findTierGivingSubscriptionLocked(
  trx: Executor,
  userId: string,
  exceptId: string | null,
): Promise<SubscriptionRow | null> {
  await lockUserCredits(trx, userId);
  const giving = await findHoldingSubscription(trx, userId);
  return giving && giving.provider_subscription_id !== exceptId ? giving : null;
}

/** A player's tier follows their subscriptions: the one giving a tier gives it; none, none. */
async function syncUserTier(trx: Executor, userId: string, nowIso: string): Promise<void> {
  const holding = await findHoldingSubscription(trx, userId);
  const user = await findUserById(trx, userId);
  if (!user) return;
  let tierId = user.current_tier_id;
  if (holding?.tier_id) {
    tierId = holding.tier_id;
  } else if (user.current_tier_id) {
    // Only a tier a subscription gave is taken away: one an administrator granted stays.
    const subscribed = await listSubscriptionTierIds(trx, userId);
    if (subscribed.includes(user.current_tier_id)) tierId = null;
  }
  if (tierId === user.current_tier_id) return;
  await updateUserTier(trx, userId, tierId, nowIso);
  // The Discord role follows the tier, through a durable job written with the change.
  await enqueueRoleSync(trx, { userId }, nowIso);
}

/**
 * Writes a subscription as the provider reported it and brings the player's tier in line. A read
 * older than the one already stored is ignored, so events arriving out of order (or concurrently)
 * end in the provider's latest state.
 */
export async function applySubscriptionState(
  trx: Executor,
  ctx: AppContext,
  provider: PaymentProviderName,
  state: SubscriptionState,
  readAt: string,
  userHint: string | null = null,
): Promise<'applied' | 'stale' | 'unknown'> {
  const nowIso = toIso(ctx.clock());
  let existing = await lockSubscriptionByProviderId(trx, state.id);
  if (existing && existing.synced_at > readAt) return 'stale';

  const userId =
    existing?.user_id ??
    userHint ??
    state.userId ??
    (state.customerId ? await findUserIdByCustomer(trx, state.customerId) : null);
  if (!userId || !(await findUserById(trx, userId))) {
    ctx.logger.warn('payments.subscription_without_player', { subscription: state.id, customer: state.customerId });
    return 'unknown';
  }
  // A tier deleted since, or a price not made here: keep what we knew.
  const tierKnown = state.tierId ? (await findTierById(trx, state.tierId)) !== undefined : false;
  const tierId = tierKnown ? state.tierId : (existing?.tier_id ?? null);
  const holds = (HOLDING_STATUSES as readonly string[]).includes(state.status);
  // A second subscription the provider has taken payment for: kept as a duplicate (no tier) until
  // the settling pass has cancelled it and refunded it (subscription-holds.ts).
  const kept = holds && !existing?.hold ? await findTierGivingSubscriptionLocked(trx, userId, state.id) : null;
  const fields = {
    provider_customer_id: state.customerId ?? existing?.provider_customer_id ?? null,
    provider_item_id: state.itemId ?? existing?.provider_item_id ?? null,
    tier_id: tierId,
    price_cents: state.priceCents,
    status: state.status,
    current_period_end: state.currentPeriodEnd,
    cancel_at_period_end: (state.cancelAtPeriodEnd ? 1 : 0) as 0 | 1,
    synced_at: readAt,
    updated_at: nowIso,
    ended_at: holds ? null : (existing?.ended_at ?? nowIso),
    ...(kept ? { hold: 'duplicate' as const, hold_settled_at: null } : {}),
  };

  if (!existing) {
    await trx
      .insertInto('subscriptions')
      .values({
        id: newId(),
        user_id: userId,
        provider,
        provider_subscription_id: state.id,
        created_at: nowIso,
        ...fields,
      })
      // Two first events for one subscription at once: the second updates the row the first made.
      .onConflict((oc) => oc.column('provider_subscription_id').doNothing())
      .execute();
    existing = await lockSubscriptionByProviderId(trx, state.id);
    if (!existing) throw new Error(`subscription ${state.id} could not be stored`);
    if (existing.synced_at > readAt) return 'stale';
  }
  await updateSubscription(trx, existing.id, fields);
  if (kept) await recordDuplicate(trx, ctx, existing.user_id, kept.provider_subscription_id, state.id);
  await syncUserTier(trx, existing.user_id, nowIso);
  ctx.logger.info('payments.subscription_synced', {
    subscription: state.id,
    userId: existing.user_id,
    status: state.status,
    tierId,
  });
  return 'applied';
}

async function recordDuplicate(trx: Executor, ctx: AppContext, userId: string, keptId: string, duplicateId: string) {
  await insertAudit(trx, ctx, PAYMENTS_ACTOR, {
    action: 'payments.duplicate_subscription',
    targetType: 'user',
    targetId: userId,
    after: { kept: keptId, cancelled: duplicateId },
  });
  ctx.logger.warn('payments.duplicate_subscription', { userId, kept: keptId, duplicate: duplicateId });
}

export interface InvoiceOutcome {
  id: string;
  subscriptionId: string;
  billingReason: string | null;
  paid: boolean;
  amountCents: number;
  currency: string;
  paymentIntentId: string | null;
}

/**
 * Records what an invoice of a subscription took (a renewal, a proration) or failed to take. The
 * first invoice belongs to the checkout's payment and only lends it its ids.
 */
export async function recordInvoice(
  trx: Executor,
  ctx: AppContext,
  provider: PaymentProviderName,
  invoice: InvoiceOutcome,
): Promise<void> {
  const nowIso = toIso(ctx.clock());
  if (invoice.billingReason === 'subscription_create') {
    const starting = await findStartingPayment(trx, invoice.subscriptionId);
    if (starting && !starting.invoice_id) {
      await updatePayment(trx, starting.id, {
        invoice_id: invoice.id,
        payment_intent_id: starting.payment_intent_id ?? invoice.paymentIntentId,
        updated_at: nowIso,
      });
    }
    return;
  }
  const existing = await findPaymentByInvoice(trx, invoice.id);
  if (existing) {
    // Only an unpaid record becomes paid: a late invoice.paid must not undo a refund or a dispute.
    if (invoice.paid && (existing.status === 'pending' || existing.status === 'failed')) {
      await updatePayment(trx, existing.id, {
        status: 'paid',
        amount_cents: invoice.amountCents,
        paid_at: nowIso,
        payment_intent_id: invoice.paymentIntentId ?? existing.payment_intent_id,
        updated_at: nowIso,
      });
    }
    return;
  }
  // A proration that came out as a credit is not a payment.
  if (invoice.paid && invoice.amountCents <= 0) return;
  const subscription = await findSubscriptionByProviderId(trx, invoice.subscriptionId);
  if (!subscription) {
    ctx.logger.warn('payments.invoice_without_subscription', {
      invoice: invoice.id,
      subscription: invoice.subscriptionId,
    });
    return;
  }
  const tier = subscription.tier_id ? await findTierById(trx, subscription.tier_id) : undefined;
  const ref: TierRef | null = tier ? { ...tierRef(tier), priceCents: Number(subscription.price_cents) } : null;
  await insertPayment(trx, {
    id: newId(),
    user_id: subscription.user_id,
    provider,
    kind: 'renewal',
    status: invoice.paid ? 'paid' : 'failed',
    amount_cents: invoice.paid ? invoice.amountCents : Math.max(invoice.amountCents, 0),
    currency: invoice.currency || CURRENCY,
    purchase: JSON.stringify({ kind: 'renewal', tier: ref, reason: invoice.billingReason ?? 'renewal' }),
    idempotency_key: null,
    checkout_session_id: null,
    checkout_url: null,
    payment_intent_id: invoice.paymentIntentId,
    subscription_id: invoice.subscriptionId,
    invoice_id: invoice.id,
    note: null,
    created_at: nowIso,
    updated_at: nowIso,
    paid_at: invoice.paid ? nowIso : null,
    refunded_at: null,
  });
}

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

async function lockPaymentByIntent(trx: Executor, paymentIntentId: string | null) {
  if (!paymentIntentId) return undefined;
  const found = await trx
    .selectFrom('payments')
    .select('id')
    .where('payment_intent_id', '=', paymentIntentId)
    .orderBy('created_at')
    .executeTakeFirst();
  return found ? lockPayment(trx, found.id) : undefined;
}

export interface RefundOutcome {
  paymentIntentId: string | null;
  amountRefundedCents: number;
  /** The whole charge was refunded: only then is the purchase taken back. */
  fullyRefunded: boolean;
}

/**
 * A refund: the amount is recorded (revenue follows it), and a full refund revokes the purchase. A
 * partial refund is a goodwill gesture and leaves the purchase with the player.
 */
export async function applyRefund(ctx: AppContext, refund: RefundOutcome, event: EventRef | null) {
  return inEventTransaction(ctx, event, (trx) => refundInTransaction(trx, ctx, refund));
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
  if (refund.fullyRefunded) {
    const moved = await transitionPayment(trx, payment.id, ['paid', 'partially_refunded', 'disputed'], {
      status: 'refunded',
      updated_at: nowIso,
      ...amounts,
    });
    if (!moved) return 'already';
    await revokePurchase(trx, ctx, payment, nowIso);
    // A refunded month is a month the player no longer has: the subscription ends, and is cancelled.
    await holdSubscriptionOf(trx, ctx, payment, 'refunded', nowIso);
  } else {
    if (!more) return 'already';
    await transitionPayment(trx, payment.id, ['paid', 'partially_refunded'], {
      status: 'partially_refunded',
      updated_at: nowIso,
      ...amounts,
    });
  }
  ctx.logger.info('payments.refunded', {
    paymentId: payment.id,
    userId: payment.user_id,
    refundedCents: refund.amountRefundedCents,
    full: refund.fullyRefunded,
  });
  return 'applied';
}

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
    await revokePurchase(trx, ctx, payment, nowIso);
    await holdSubscriptionOf(trx, ctx, payment, 'dispute_lost', nowIso);
  } else {
    // won, warning_closed, prevented: the money stays with us and so does the purchase with the player.
    const moved = await transitionPayment(trx, payment.id, ['disputed'], {
      status: Number(payment.refunded_cents) > 0 ? 'partially_refunded' : 'paid',
      updated_at: nowIso,
    });
    if (!moved) return 'already';
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

/**
 * A refunded or disputed payment of a subscription (its first month, a renewal, a proration) takes
 * the tier away with it: the subscription is held, so it gives no tier, and what the hold asks of
 * Stripe (cancelling, unless a dispute is only open) is done by subscription-holds.ts. A duplicate
 * stays a duplicate; a refund or a lost dispute replaces an open dispute's hold.
 */
async function holdSubscriptionOf(
  trx: Executor,
  ctx: AppContext,
  payment: PaymentRow,
  hold: Exclude<SubscriptionHold, 'duplicate' | 'superseded'>,
  nowIso: string,
): Promise<void> {
  if (!payment.subscription_id) return;
  const subscription = await lockSubscriptionByProviderId(trx, payment.subscription_id);
  if (!subscription || !(HOLDING_STATUSES as readonly string[]).includes(subscription.status)) return;
  if (subscription.hold && !(subscription.hold === 'disputed' && hold !== 'disputed')) return;
  await updateSubscription(trx, subscription.id, { hold, hold_settled_at: null, updated_at: nowIso });
  await syncUserTier(trx, subscription.user_id, nowIso);
  ctx.logger.warn('payments.subscription_held', {
    userId: subscription.user_id,
    subscription: subscription.provider_subscription_id,
    hold,
    paymentId: payment.id,
  });
}

/**
 * A dispute won gives the tier back, unless another dispute of the subscription is still open; if the
 * player has subscribed again meanwhile, that one keeps the tier and this one is cancelled.
 */
async function releaseSubscriptionOf(trx: Executor, ctx: AppContext, payment: PaymentRow, nowIso: string) {
  if (!payment.subscription_id) return;
  const subscription = await lockSubscriptionByProviderId(trx, payment.subscription_id);
  if (subscription?.hold !== 'disputed') return;
  if (await hasDisputedPayment(trx, subscription.provider_subscription_id)) return;
  const other = await findTierGivingSubscriptionLocked(
    trx,
    subscription.user_id,
    subscription.provider_subscription_id,
  );
  await updateSubscription(trx, subscription.id, {
    hold: other ? 'superseded' : null,
    hold_settled_at: null,
    updated_at: nowIso,
  });
  await syncUserTier(trx, subscription.user_id, nowIso);
  ctx.logger.info('payments.subscription_released', {
    userId: subscription.user_id,
    subscription: subscription.provider_subscription_id,
    superseded: Boolean(other),
  });
}
