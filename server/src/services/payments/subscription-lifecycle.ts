// A subscription's life in the database: its state as the provider reports it (started, renewed,
// changed, cancelled, ended), the invoices that bill it, and the holds a refund or dispute puts on it.
// The player's tier follows: the one subscription giving a tier gives it (migration 014), and the
// Discord role follows the tier through a durable job.
import type { AppContext } from '../../context.ts';
import type {
  Executor,
  NewPayment,
  PaymentProviderName,
  PaymentRow,
  SubscriptionHold,
  SubscriptionRow,
} from '../../db/database.ts';
import { findTierById } from '../../db/repositories/catalogue.ts';
import { insertPaymentEvent } from '../../db/repositories/payment-events.ts';
import {
  findPaymentByInvoice,
  findStartingPayment,
  findUserIdByCustomer,
  hasDisputedPayment,
  insertPayment,
  updatePayment,
} from '../../db/repositories/payments.ts';
import {
  findHoldingSubscription,
  findSubscriptionByProviderId,
  HOLDING_STATUSES,
  insertSubscriptionIfNew,
  listSubscriptionTierIds,
  lockSubscriptionByProviderId,
  updateSubscription,
} from '../../db/repositories/subscriptions.ts';
import { findUserById, lockUserCredits, updateUserTier } from '../../db/repositories/users.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { insertAudit } from '../admin/audit.ts';
import { enqueueRoleSync } from '../discord/roles.ts';
import { tellPaymentOutcome } from '../notifications/wired-notices.ts';
import { CURRENCY, PAYMENTS_ACTOR, type TierRef, tierRef } from './payment-records.ts';
import type { PaymentCard, SubscriptionState } from './provider.ts';

/**
 * The subscription giving the player a tier now, other than the provider's `exceptId`, read under the
 * player's row lock: a player's subscriptions change one transaction at a time, so two first payments
 * landing at once cannot both give a tier (the unique index of migration 014 backs this). By the
 * provider's id: two first events of one subscription at once may each have found no row before the lock.
 */
export async function findTierGivingSubscriptionLocked(
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
    // Two first events for one subscription at once: the second updates the row the first made.
    await insertSubscriptionIfNew(trx, {
      id: newId(),
      user_id: userId,
      provider,
      provider_subscription_id: state.id,
      created_at: nowIso,
      ...fields,
    });
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
  /** The card charged, where the provider says (the receipt's last four digits). */
  card?: PaymentCard | null;
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
        ...(invoice.card && !starting.card_last4
          ? { card_brand: invoice.card.brand, card_last4: invoice.card.last4 }
          : {}),
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
        ...(invoice.card ? { card_brand: invoice.card.brand, card_last4: invoice.card.last4 } : {}),
        updated_at: nowIso,
      });
      await insertPaymentEvent(trx, {
        paymentId: existing.id,
        type: 'paid',
        amountCents: invoice.amountCents,
        actor: PAYMENTS_ACTOR,
        at: nowIso,
      });
      await tellPaymentOutcome(trx, { ...existing, amount_cents: invoice.amountCents }, 'succeeded', ctx.clock());
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
  const renewal: NewPayment = {
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
    card_brand: invoice.paid ? (invoice.card?.brand ?? null) : null,
    card_last4: invoice.paid ? (invoice.card?.last4 ?? null) : null,
  };
  await insertPayment(trx, renewal);
  // An invoice has no checkout: its history starts with the provider's word that it was paid (or not).
  if (invoice.paid) {
    await insertPaymentEvent(trx, {
      paymentId: renewal.id,
      type: 'paid',
      amountCents: invoice.amountCents,
      actor: PAYMENTS_ACTOR,
      at: nowIso,
    });
  }
  await tellPaymentOutcome(trx, renewal, invoice.paid ? 'succeeded' : 'failed', ctx.clock());
}

/**
 * A refunded or disputed payment of a subscription (its first month, a renewal, a proration) takes
 * the tier away with it: the subscription is held, so it gives no tier, and what the hold asks of
 * Stripe (cancelling, unless a dispute is only open) is done by subscription-holds.ts. A duplicate
 * stays a duplicate; a refund or a lost dispute replaces an open dispute's hold.
 */
export async function holdSubscriptionOf(
  trx: Executor,
  ctx: AppContext,
  payment: PaymentRow,
  hold: Exclude<SubscriptionHold, 'duplicate' | 'superseded' | 'account_deleted'>,
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
export async function releaseSubscriptionOf(trx: Executor, ctx: AppContext, payment: PaymentRow, nowIso: string) {
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
