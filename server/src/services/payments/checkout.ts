// Card payments from the player's side (SPEC.md §7 "/stripe/*"): checkout for items and credit
// packs, subscribing, and the site's own checkout page's Pay. Prices always come from the database;
// the request only names what to buy. Where the player pays is the provider's (ctx.payments).
import {
  type CheckoutRequest,
  CREDITS_CATEGORY,
  discountedPrice,
  MIN_CHARGE_CENTS,
  paymentMessages,
  type RedirectResponse,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { findPublicShopItem } from '../../db/repositories/catalogue.ts';
import { findHoldingSubscription } from '../../db/repositories/subscriptions.ts';
import type { UserWithTier } from '../../db/repositories/users.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { toShopItemView } from '../catalogue/catalogue-view.ts';
import { tierExclusiveRefusal } from '../catalogue/tier-exclusive.ts';
import { wouldPassMaximum } from '../purchases/credit-ledger.ts';
import { fulfilCheckout } from './checkout-completion.ts';
import { findOwnOrder, findTierForSale, openOrder, openSubscriptionOrder, requireUser } from './orders.ts';
import { type PurchaseLine, readPurchase, returnPaths } from './payment-records.ts';
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
  const lines: PurchaseLine[] = [];
  for (const wanted of request.items) {
    const quantity = wanted.quantity ?? 1;
    const item = await findPublicShopItem(ctx.db, wanted.itemId);
    if (!item) throw notFound(paymentMessages.itemNotFound);
    const unit = discountedPrice(Number(item.price_usd_cents), Number(item.discount));
    if (Number(item.price_usd_cents) <= 0 || unit <= 0) throw invalid(paymentMessages.notForCash);
    const refusal = await tierExclusiveRefusal(ctx.db, item, user.current_tier_id);
    if (refusal) throw refusal;
    const isPack = item.category === CREDITS_CATEGORY;
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
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (total < MIN_CHARGE_CENTS) throw invalid(paymentMessages.belowMinimum);
  refuseOverfullBalance(user, lines);

  return openOrder(ctx, {
    user,
    kind: 'items',
    amountCents: total,
    purchase: { kind: 'items', lines },
    keyParts: lines.map((line) => [line.itemId, line.quantity, line.unitAmountCents]).sort(),
    checkout: { kind: 'items', lines },
  });
}

/**
 * POST /api/stripe/subscribe: only for players without a tier (409: they change tier instead). Two
 * checkouts opened before either is paid are both allowed here; the second paid is the duplicate
 * (refused at the sandbox's Pay, cancelled and refunded at Stripe: subscription-lifecycle.ts).
 */
export async function subscribe(ctx: AppContext, userId: string, tierId: string): Promise<RedirectResponse> {
  ctx.payments.requireCardPayments();
  const user = await requireUser(ctx, userId);
  if (await findHoldingSubscription(ctx.db, user.id)) throw conflict(paymentMessages.alreadySubscribed);
  if (user.current_tier_id) throw conflict(paymentMessages.alreadyHasTier);
  return openSubscriptionOrder(ctx, user, await findTierForSale(ctx, tierId));
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
