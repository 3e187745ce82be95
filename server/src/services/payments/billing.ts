// The player's subscription after checkout (SPEC.md §7): what it is, where to manage it (the
// provider's portal, or the site's own billing page), and that page's Cancel.
import { paymentMessages, type RedirectResponse, type SubscriptionInfo } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { findTierById } from '../../db/repositories/catalogue.ts';
import { findHoldingSubscription } from '../../db/repositories/subscriptions.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { toSubscriptionInfo } from './payment-records.ts';
import { applySubscriptionState } from './subscription-lifecycle.ts';

/** POST /api/stripe/portal: where the subscriber manages their subscription, at its provider. */
export async function openPortal(ctx: AppContext, userId: string): Promise<RedirectResponse> {
  ctx.payments.requireCardPayments();
  const holding = await findHoldingSubscription(ctx.db, userId);
  if (!holding) throw notFound(paymentMessages.noSubscription);
  // A subscription of another provider than the one running has no portal here.
  if (holding.provider !== ctx.payments.name) throw conflict(paymentMessages.noSubscription);
  return { url: await ctx.payments.openPortal(ctx, holding) };
}

/** GET /api/stripe/subscription: the subscription holding the player's tier, if any. */
export async function getSubscriptionInfo(ctx: AppContext, userId: string): Promise<SubscriptionInfo | null> {
  const holding = await findHoldingSubscription(ctx.db, userId);
  if (!holding) return null;
  const tier = holding.tier_id ? await findTierById(ctx.db, holding.tier_id) : undefined;
  return toSubscriptionInfo(holding, tier);
}

/**
 * POST /api/stripe/sandbox/subscription/cancel: the site's billing page's Cancel subscription, at the
 * end of the paid month as Stripe's portal does by default. Only where the billing page is the portal
 * (the sandbox): Stripe's portal cancels there, so this answers 404 with Stripe.
 */
export async function cancelSubscriptionAtPeriodEnd(ctx: AppContext, userId: string): Promise<SubscriptionInfo> {
  const holding = await findHoldingSubscription(ctx.db, userId);
  if (!holding || holding.provider !== ctx.payments.name) throw notFound(paymentMessages.noSubscription);
  const ending = ctx.payments.cancelAtPeriodEnd(holding);
  if (holding.cancel_at_period_end === 1) throw conflict(paymentMessages.subscriptionEnding);
  const readAt = toIso(ctx.clock());
  await inTransaction(ctx.db, (trx) => applySubscriptionState(trx, ctx, holding.provider, ending, readAt));
  ctx.logger.info('payments.sandbox_cancel', { userId, subscription: holding.provider_subscription_id });
  const tier = holding.tier_id ? await findTierById(ctx.db, holding.tier_id) : undefined;
  return toSubscriptionInfo({ ...holding, cancel_at_period_end: 1 }, tier);
}
