// Changing tier (POST /api/stripe/change-tier): a subscriber is sent to a confirmation of the move on
// the site's checkout page (the new price, the prorated difference), and confirming changes the
// subscription at its provider, prorated, before the change is applied here.
import { paymentMessages, type RedirectResponse } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { PaymentRow } from '../../db/database.ts';
import { findTierById } from '../../db/repositories/catalogue.ts';
import { transitionPayment } from '../../db/repositories/payments.ts';
import { findHoldingSubscription } from '../../db/repositories/subscriptions.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { tellPaymentOutcome } from '../notifications/wired-notices.ts';
import { findTierForSale, openOrder, openSubscriptionOrder, requireUser } from './orders.ts';
import { prorationCents, readPurchase, tierRef } from './payment-records.ts';
import { applySubscriptionState } from './subscription-lifecycle.ts';

/**
 * A player whose tier an administrator granted has no subscription to change, so they subscribe to
 * the new tier instead; a subscription of another provider than the one running cannot be changed here.
 */
export async function changeTier(ctx: AppContext, userId: string, tierId: string): Promise<RedirectResponse> {
  ctx.payments.requireCardPayments();
  const user = await requireUser(ctx, userId);
  const tier = await findTierForSale(ctx, tierId);
  if (user.current_tier_id === tier.id) throw conflict(paymentMessages.sameTier);
  const holding = await findHoldingSubscription(ctx.db, user.id);
  if (!holding) return openSubscriptionOrder(ctx, user, tier);
  if (holding.tier_id === tier.id) throw conflict(paymentMessages.sameTier);
  if (holding.provider !== ctx.payments.name) throw conflict(paymentMessages.noSubscription);

  const fromTier = holding.tier_id ? await findTierById(ctx.db, holding.tier_id) : undefined;
  const from = fromTier
    ? { ...tierRef(fromTier), priceCents: Number(holding.price_cents) }
    : { tierId: holding.tier_id ?? '', name: 'Previous tier', priceCents: Number(holding.price_cents) };
  const to = tierRef(tier);
  const periodEnd = holding.current_period_end ? new Date(holding.current_period_end) : null;
  const estimated = prorationCents(from.priceCents, to.priceCents, periodEnd, ctx.clock());
  return openOrder(ctx, {
    user,
    kind: 'tier_change',
    amountCents: ctx.payments.tierChangeChargeCents(estimated),
    purchase: {
      kind: 'tier_change',
      from,
      to,
      subscriptionId: holding.provider_subscription_id,
      estimatedCents: estimated,
    },
    keyParts: [holding.provider_subscription_id, to.tierId, to.priceCents],
  });
}

/** Confirms a tier change: the provider changes the subscription (at Stripe prorated, invoiced now), then it is applied. */
export async function confirmTierChange(ctx: AppContext, payment: PaymentRow): Promise<void> {
  const purchase = readPurchase(payment);
  if (purchase.kind !== 'tier_change') throw new Error('not a tier change');
  const holding = await findHoldingSubscription(ctx.db, payment.user_id);
  const nowIso = toIso(ctx.clock());
  if (!holding || holding.provider_subscription_id !== purchase.subscriptionId) {
    await transitionPayment(ctx.db, payment.id, ['pending'], { status: 'cancelled', updated_at: nowIso });
    throw conflict(paymentMessages.orderClosed);
  }
  const tier = await findTierById(ctx.db, purchase.to.tierId);
  if (!tier) throw notFound(paymentMessages.tierNotFound);

  const readAt = toIso(ctx.clock());
  const state = await ctx.payments.changeSubscriptionTier(ctx, {
    subscription: holding,
    tier,
    priceCents: purchase.to.priceCents,
    currency: payment.currency,
    idempotencyKey: `tier-change-${payment.id}`,
  });
  // With pending_if_incomplete Stripe keeps the old price until the proration is paid.
  const applied = !state.pendingUpdate && state.tierId === purchase.to.tierId;
  await inTransaction(ctx.db, async (trx) => {
    await applySubscriptionState(trx, ctx, payment.provider, state, readAt, payment.user_id);
    const moved = await transitionPayment(trx, payment.id, ['pending'], {
      status: applied ? 'paid' : 'failed',
      paid_at: applied ? nowIso : null,
      subscription_id: holding.provider_subscription_id,
      updated_at: nowIso,
    });
    if (moved) await tellPaymentOutcome(trx, payment, applied ? 'succeeded' : 'failed', ctx.clock());
  });
  if (!applied) throw conflict(paymentMessages.tierChangeDeclined);
  ctx.logger.info('payments.tier_changed', {
    paymentId: payment.id,
    userId: payment.user_id,
    from: purchase.from.tierId,
    to: purchase.to.tierId,
  });
}
