// Card payments from the player's side (SPEC.md §7 "/stripe/*"): checkout for items and credit
// packs, subscribing, and the site's own checkout page's Pay. Prices always come from the database;
// the request only names what to buy. Where the player pays is the provider's (ctx.payments).
import {
  type CheckoutRequest,
  CREDITS_CATEGORY,
  couponMessages,
  economyMessages,
  type GiftTierRequest,
  MIN_CHARGE_CENTS,
  paymentMessages,
  type RedirectResponse,
  type SubscribeRequest,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { findPublicShopItem } from '../../db/repositories/catalogue.ts';
import { findHoldingSubscription } from '../../db/repositories/subscriptions.ts';
import type { UserWithTier } from '../../db/repositories/users.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { toShopItemView } from '../catalogue/catalogue-view.ts';
import { itemPricer } from '../catalogue/sales.ts';
import { tierExclusiveRefusal } from '../catalogue/tier-exclusive.ts';
import { openCoupon, priceAfterCoupon, reaches, requireMinimumSpend, usableCoupon } from '../coupons/coupons.ts';
import { findGiftRecipient, refuseGiftOfExclusiveItem } from '../economy/purchase-gifts.ts';
import { wouldPassMaximum } from '../purchases/credit-ledger.ts';
import { fulfilCheckout } from './checkout-completion.ts';
import { findOwnOrder, findTierForSale, openOrder, openSubscriptionOrder, requireUser } from './orders.ts';
import { type PurchaseLine, readPurchase, returnPaths, tierRef } from './payment-records.ts';
import { confirmTierChange } from './tier-change.ts';

/**
 * Credit packs that would take the balance past MAX_BALANCE are refused before any charge (at the
 * checkout, and again at the sandbox's Pay); fulfilment still copes if the balance grows in between.
 */
function refuseOverfullBalance(user: UserWithTier, lines: PurchaseLine[]): void {
  const credits = lines.reduce((sum, line) => sum + line.credits, 0);
  if (credits > 0 && wouldPassMaximum(Number(user.credits), credits)) throw conflict(paymentMessages.balanceLimit);
}

/** POST /api/stripe/create-checkout-session: items with a cash price, credit packs among them. */
export async function createItemsCheckout(
  ctx: AppContext,
  userId: string,
  request: CheckoutRequest,
): Promise<RedirectResponse> {
  ctx.payments.requireCardPayments();
  const user = await requireUser(ctx, userId);
  // For a friend: the recipient is checked before any order is opened or money asked for.
  const recipient = request.giftTo ? await findGiftRecipient(ctx.db, user.id, request.giftTo) : null;
  const coupon = request.coupon ? await openCoupon(ctx.db, request.coupon, user.id, ctx.clock()) : null;
  let reachedCents = 0;
  let discountCents = 0;
  const lines: PurchaseLine[] = [];
  const priceOf = await itemPricer(ctx.db, ctx.clock());
  for (const wanted of request.items) {
    const quantity = wanted.quantity ?? 1;
    const item = await findPublicShopItem(ctx.db, wanted.itemId);
    if (!item) throw notFound(paymentMessages.itemNotFound);
    const listed = priceOf(item, 'cents');
    if (Number(item.price_usd_cents) <= 0 || listed <= 0) throw invalid(paymentMessages.notForCash);
    let unit = listed;
    // The code takes its discount off each unit it reaches (coupons.ts); the provider charges what is left.
    if (coupon && (await reaches(ctx.db, coupon, { kind: 'item', item }))) {
      unit = priceAfterCoupon(coupon, listed);
      reachedCents += listed * quantity;
      discountCents += (listed - unit) * quantity;
    }
    const isPack = item.category === CREDITS_CATEGORY;
    if (recipient) {
      if (isPack) throw invalid(economyMessages.creditPackGift);
      await refuseGiftOfExclusiveItem(ctx.db, item, recipient);
    } else {
      const refusal = await tierExclusiveRefusal(ctx.db, item, user.current_tier_id);
      if (refusal) throw refusal;
    }
    lines.push({
      itemId: item.id,
      name: item.name,
      category: item.category,
      quantity,
      unitAmountCents: unit,
      amountCents: unit * quantity,
      credits: isPack ? Number(item.credit_amount) * quantity : 0,
      snapshot: toShopItemView(item),
    });
  }
  if (coupon) {
    if (reachedCents === 0) throw invalid(couponMessages.notApplicable);
    requireMinimumSpend(coupon, reachedCents, 'cents');
  }
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (total < MIN_CHARGE_CENTS) throw invalid(paymentMessages.belowMinimum);
  refuseOverfullBalance(user, lines);

  const orderCoupon = coupon ? { code: coupon.code, discountCents } : undefined;
  return openOrder(ctx, {
    user,
    kind: 'items',
    amountCents: total,
    purchase: {
      kind: 'items',
      lines,
      ...(recipient ? { giftTo: { userId: recipient.id, username: recipient.username } } : {}),
      ...(orderCoupon ? { coupon: orderCoupon } : {}),
    },
    keyParts: [
      lines.map((line) => [line.itemId, line.quantity, line.unitAmountCents]).sort(),
      recipient?.id ?? null,
      coupon?.id ?? null,
    ],
    checkout: { kind: 'items', lines },
    ...(coupon ? { coupon: { row: coupon, discountCents } } : {}),
  });
}

/**
 * POST /api/stripe/subscribe: only for players without a tier (409: they change tier instead). Two
 * checkouts opened before either is paid are both allowed here; the second paid is the duplicate
 * (refused at the sandbox's Pay, cancelled and refunded at Stripe: subscription-lifecycle.ts).
 */
export async function subscribe(ctx: AppContext, userId: string, request: SubscribeRequest): Promise<RedirectResponse> {
  ctx.payments.requireCardPayments();
  const user = await requireUser(ctx, userId);
  if (await findHoldingSubscription(ctx.db, user.id)) throw conflict(paymentMessages.alreadySubscribed);
  if (user.current_tier_id) throw conflict(paymentMessages.alreadyHasTier);
  const tier = await findTierForSale(ctx, request.tierId);
  if (!request.coupon) return openSubscriptionOrder(ctx, user, tier);
  // A code for this tier takes its discount off the first month; the month must still be chargeable.
  const coupon = await usableCoupon(ctx.db, request.coupon, user.id, { kind: 'tier', tier }, ctx.clock());
  const price = Number(tier.price_cents);
  requireMinimumSpend(coupon, price, 'cents');
  const firstMonth = priceAfterCoupon(coupon, price);
  if (firstMonth < MIN_CHARGE_CENTS) throw invalid(paymentMessages.belowMinimum);
  return openSubscriptionOrder(ctx, user, tier, { row: coupon, discountCents: price - firstMonth });
}

/**
 * POST /api/stripe/gift-tier: a month of a tier for another player, paid once (never a subscription).
 * The recipient must exist, not be the buyer, and hold no tier now (a gift would change nothing, or
 * take theirs away); they get the tier when it is paid (checkout-completion.ts, tier-gifts.ts).
 */
export async function giftTier(ctx: AppContext, userId: string, request: GiftTierRequest): Promise<RedirectResponse> {
  ctx.payments.requireCardPayments();
  const user = await requireUser(ctx, userId);
  const recipient = await findGiftRecipient(ctx.db, user.id, request.giftTo);
  const tier = await findTierForSale(ctx, request.tierId);
  if (recipient.currentTierId) throw conflict(economyMessages.recipientHasTier(recipient.username));
  const price = Number(tier.price_cents);
  return openOrder(ctx, {
    user,
    kind: 'items',
    amountCents: price,
    purchase: {
      kind: 'tier_gift',
      tier: tierRef(tier),
      giftTo: { userId: recipient.id, username: recipient.username },
    },
    keyParts: ['tier_gift', tier.id, price, recipient.id],
    checkout: { kind: 'tier_gift', tier, recipient: recipient.username },
  });
}

/**
 * POST /api/stripe/orders/{id}/pay: the site's checkout page. It confirms tier changes; in the sandbox
 * it pays any other order by running the webhook's own fulfilment, and with Stripe it pays none
 * (those are paid on Stripe's page, and nothing here may hand them out for free). An order opened
 * by another provider than the one running is paid by neither.
 */
export async function payOrder(ctx: AppContext, userId: string, orderId: string): Promise<RedirectResponse> {
  ctx.payments.requireCardPayments();
  const payment = await findOwnOrder(ctx, userId, orderId);
  const paths = returnPaths(payment.kind);
  if (payment.status === 'paid') return { url: paths.success };
  if (payment.status !== 'pending') throw conflict(paymentMessages.orderClosed);
  if (payment.provider !== ctx.payments.name) throw conflict(paymentMessages.orderNotPayableHere);
  if (payment.kind === 'tier_change') {
    await confirmTierChange(ctx, payment);
    return { url: paths.success };
  }

  const paid = ctx.payments.payOnSite(ctx, payment);
  const purchase = readPurchase(payment);
  if (purchase.kind === 'items') refuseOverfullBalance(await requireUser(ctx, userId), purchase.lines);
  const outcome = await fulfilCheckout(ctx, paid, null);
  // Another subscription gives the player a tier (another tab paid first): this order was cancelled.
  if (outcome === 'refused') throw conflict(paymentMessages.alreadySubscribed);
  return { url: paths.success };
}
