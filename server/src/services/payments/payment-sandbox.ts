// The sandbox's stand-ins for what Stripe does on its own: cancelling from the portal (at the end of
// the paid month, as Stripe's portal does by default) and renewing every month. Renewals are
// time-driven: the server runs renewDueSandboxSubscriptions at start and every hour.
import { paymentMessages, type SubscriptionInfo } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { findTierById } from '../../db/repositories/catalogue.ts';
import {
  findHoldingSubscription,
  HOLDING_STATUSES,
  listDueSandboxSubscriptions,
  lockSubscriptionByProviderId,
} from '../../db/repositories/subscriptions.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { addMonths, CURRENCY, stateOfStoredSubscription, toSubscriptionInfo } from './payment-records.ts';
import { applySubscriptionState, recordInvoice } from './subscription-lifecycle.ts';

/** A month at most is renewed per subscription per run… up to this many missed months at once. */
const MAX_MONTHS_PER_RUN = 24;

/** POST /api/stripe/sandbox/subscription/cancel: the sandbox portal's Cancel subscription. */
export async function cancelSandboxSubscription(ctx: AppContext, userId: string): Promise<SubscriptionInfo> {
  if (ctx.stripe) throw notFound(paymentMessages.noSubscription);
  const holding = await findHoldingSubscription(ctx.db, userId);
  if (holding?.provider !== 'sandbox') throw notFound(paymentMessages.noSubscription);
  if (holding.cancel_at_period_end === 1) throw conflict(paymentMessages.subscriptionEnding);
  const readAt = toIso(ctx.clock());
  await inTransaction(ctx.db, async (trx) => {
    await applySubscriptionState(
      trx,
      ctx,
      'sandbox',
      stateOfStoredSubscription(holding, { cancelAtPeriodEnd: true }),
      readAt,
    );
  });
  ctx.logger.info('payments.sandbox_cancel', { userId, subscription: holding.provider_subscription_id });
  const tier = holding.tier_id ? await findTierById(ctx.db, holding.tier_id) : undefined;
  return toSubscriptionInfo({ ...holding, cancel_at_period_end: 1 }, tier);
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
