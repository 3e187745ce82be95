// A paid checkout, applied once: the order moves to paid exactly once, and that one move makes the
// inventory entries, adds the credits of credit packs through the ledger, or starts the subscription's
// tier. The Stripe webhook and the sandbox's Pay run this same function, after reading the provider
// (never inside a transaction: SECURITY.md "Money").
import { MAX_BALANCE } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor, PaymentRow } from '../../db/database.ts';
import { insertInventoryEntry } from '../../db/repositories/inventory.ts';
import { insertPaymentEvent } from '../../db/repositories/payment-events.ts';
import { lockPayment, transitionPayment, updatePayment } from '../../db/repositories/payments.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { tradeLockedUntil } from '../catalogue/trade-lock.ts';
import { reclaimCouponOf } from '../coupons/coupons.ts';
import { deliverBoughtGift } from '../economy/purchase-gifts.ts';
import { startTierGift } from '../economy/tier-gifts.ts';
import { tellPaymentOutcome } from '../notifications/wired-notices.ts';
import { creditUpToMaximum } from '../purchases/credit-ledger.ts';
import { type ApplyOutcome, type EventRef, inEventTransaction } from './event-transaction.ts';
import { CASH_PURCHASE, LEDGER_REASONS, PAYMENTS_ACTOR, readPurchase } from './payment-records.ts';
import { applyChargeOutcome } from './payment-reversals.ts';
import type { PaidCheckout } from './provider.ts';
import { applySubscriptionState, findTierGivingSubscriptionLocked } from './subscription-lifecycle.ts';

/** Statuses from which a paid checkout may still be fulfilled: money taken is always delivered. */
const FULFILLABLE = ['pending', 'cancelled', 'expired', 'failed'] as const;

/** The quantities an order's Checkout Session was made with, one per line. */
function orderedQuantities(payment: PaymentRow): number[] {
  const purchase = readPurchase(payment);
  if (purchase.kind === 'items') return purchase.lines.map((line) => line.quantity);
  return [1];
}

const isActiveUser = async (trx: Executor, userId: string) => {
  const user = await findUserById(trx, userId);
  return Boolean(user && !user.deleted_at);
};

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
    // Where no money has moved yet (the sandbox), a second subscription is simply not sold (at Stripe
    // it was paid already: applySubscriptionState keeps it as a duplicate to cancel and refund).
    if (purchase.kind === 'subscription' && paid.uncharged) {
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
      ...(paid.card ? { card_brand: paid.card.brand, card_last4: paid.card.last4 } : {}),
    });
    if (!moved) return 'already';
    await insertPaymentEvent(trx, {
      paymentId: payment.id,
      type: 'paid',
      amountCents: Number(payment.amount_cents),
      actor: PAYMENTS_ACTOR,
      at: nowIso,
    });
    // Cancelled or expired, then paid after all: the coupon's use it gave back counts again.
    if (payment.status !== 'pending') await reclaimCouponOf(trx, payment.id);

    if (purchase.kind === 'items') {
      const giftTo = purchase.giftTo && (await isActiveUser(trx, purchase.giftTo.userId)) ? purchase.giftTo : null;
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
        const entry = {
          id: newId(),
          shop_item_id: line.itemId,
          item_snapshot: JSON.stringify(line.snapshot),
          quantity: line.quantity,
          delivered_to_game: 0 as const,
          delivered_at: null,
          created_at: nowIso,
          mail_id: null,
          payment_id: payment.id,
        };
        // For a friend, straight to them; to the buyer if their account has been deleted since.
        if (giftTo) {
          await deliverBoughtGift(ctx, trx, {
            buyerId: payment.user_id,
            recipientId: giftTo.userId,
            entry,
            itemName: line.name,
            reference: payment.id,
          });
          continue;
        }
        await insertInventoryEntry(trx, {
          ...entry,
          user_id: payment.user_id,
          acquired_method: CASH_PURCHASE,
          trade_locked_until: tradeLockedUntil(now, ctx.config.tradeLockMs),
        });
      }
      if (credits > 0) await updatePayment(trx, payment.id, { credits_granted: credits });
      if (withheld > 0) await recordWithheldCredits(trx, ctx, payment, withheld, nowIso);
    } else if (purchase.kind === 'tier_gift') {
      await startTierGift(ctx, trx, {
        buyerId: payment.user_id,
        giftTo: purchase.giftTo,
        tier: purchase.tier,
        paymentId: payment.id,
      });
    } else if (purchase.kind === 'subscription' && paid.subscription) {
      await applySubscriptionState(trx, ctx, payment.provider, paid.subscription, paid.readAt, payment.user_id);
    }
    if (paid.paymentIntentId) await applyChargeOutcome(trx, ctx, paid.paymentIntentId, paid.chargeOutcome ?? null);
    await tellPaymentOutcome(trx, payment, 'succeeded', now);
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
