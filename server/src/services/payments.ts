// Card payments from the player's side (SPEC.md §7 "/stripe/*"): checkout for items and credit
// packs, subscribing, changing tier, the customer portal, and the orders the site's own checkout page
// shows and pays. Prices always come from the database; the request only names what to buy.
import {
  type CheckoutRequest,
  CREDITS_CATEGORY,
  catalogueMessages,
  discountedPrice,
  MIN_CHARGE_CENTS,
  type Order,
  paymentMessages,
  paymentReturnPaths,
  type RedirectResponse,
  type SubscriptionInfo,
} from '@starport/api-client/contract';
import { PaymentProviderError, type StripeGateway, type SubscriptionState } from '../adapters/stripe.ts';
import type { AppContext } from '../context.ts';
import type { PaymentKind, PaymentRow, TierRow } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { findPublicShopItem, findTierById } from '../db/repositories/catalogue.ts';
import {
  findCustomerId,
  findPaymentById,
  findPaymentByIdempotencyKey,
  insertPayment,
  saveCustomerId,
  transitionPayment,
  updatePayment,
} from '../db/repositories/payments.ts';
import { findHoldingSubscription } from '../db/repositories/subscriptions.ts';
import { findUserById, type UserWithTier } from '../db/repositories/users.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError, conflict, forbidden, invalid, notFound, rateLimited } from '../errors.ts';
import { addressLimitKey } from '../lib/client-address-key.ts';
import { toIso } from '../lib/clock.ts';
import { newId, sha256Hex } from '../lib/ids.ts';
import type { RateLimitVerdict } from '../lib/rate-limiter.ts';
import { toShopItemView } from './catalogue-view.ts';
import { wouldPassMaximum } from './credit-ledger.ts';
import { applySubscriptionState, fulfilCheckout } from './payment-fulfilment.ts';
import {
  addMonths,
  CURRENCY,
  type Purchase,
  type PurchaseLine,
  prorationCents,
  readPurchase,
  returnPaths,
  stateOfStoredSubscription,
  tierRef,
  toOrderView,
  toSubscriptionInfo,
} from './payment-records.ts';

/** A double click within this window finds the order (and Stripe session) the first click made. */
const IDEMPOTENCY_WINDOW_MS = 5 * 60 * 1000;

const providerError = () => new AppError('payment_provider_error', paymentMessages.providerUnavailable);

/** Stripe calls from a request: a failure is logged with its cause and shown as "try again". */
async function viaStripe<T>(ctx: AppContext, action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.logger.error('payments.provider_failed', {
      action,
      error: error instanceof Error ? error.message : String(error),
      missing: error instanceof PaymentProviderError ? error.missing : undefined,
    });
    throw providerError();
  }
}

const absolute = (ctx: AppContext, path: string) => `${ctx.config.publicUrl}${path}`;

/** The player's Stripe customer, made on first need and kept. */
async function ensureCustomer(ctx: AppContext, stripe: StripeGateway, user: UserWithTier): Promise<string> {
  const known = await findCustomerId(ctx.db, user.id);
  if (known) return known;
  const created = await viaStripe(ctx, 'customer', () =>
    stripe.createCustomer({ userId: user.id, email: user.email, name: user.username }),
  );
  await saveCustomerId(ctx.db, user.id, created, toIso(ctx.clock()));
  return (await findCustomerId(ctx.db, user.id)) ?? created;
}

interface OrderSpec {
  user: UserWithTier;
  kind: Exclude<PaymentKind, 'renewal'>;
  provider: 'stripe' | 'sandbox';
  amountCents: number;
  purchase: Purchase;
  /** What makes two requests the same order: the things bought and their prices. */
  keyParts: unknown;
  /** Makes the provider's session for a new order (Stripe); the sandbox uses the site's checkout page. */
  createSession?: (payment: PaymentRow, idempotencyKey: string) => Promise<{ id: string; url: string }>;
}

/**
 * Opens an order, or finds the one an identical request (same player, same things, same prices)
 * opened in the last few minutes and has not finished: a double click gives one order and, through
 * the same idempotency key at Stripe, one Checkout Session. A finished order is never reused.
 */
async function openOrder(ctx: AppContext, spec: OrderSpec): Promise<RedirectResponse> {
  const now = ctx.clock();
  const window = Math.floor(now.getTime() / IDEMPOTENCY_WINDOW_MS);
  const base = sha256Hex(JSON.stringify([spec.user.id, spec.kind, spec.keyParts, window]));
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const key = attempt === 0 ? base : sha256Hex(`${base}:${attempt}`);
    let payment = await findPaymentByIdempotencyKey(ctx.db, key);
    if (payment && payment.status !== 'pending') continue;
    if (!payment) {
      const nowIso = toIso(now);
      const row = {
        id: newId(),
        user_id: spec.user.id,
        provider: spec.provider,
        kind: spec.kind,
        status: 'pending',
        amount_cents: spec.amountCents,
        currency: CURRENCY,
        purchase: JSON.stringify(spec.purchase),
        idempotency_key: key,
        checkout_session_id: null,
        checkout_url: null,
        payment_intent_id: null,
        subscription_id: null,
        invoice_id: null,
        note: null,
        created_at: nowIso,
        updated_at: nowIso,
        paid_at: null,
        refunded_at: null,
      };
      try {
        await insertPayment(ctx.db, row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The other click of a double click got there first: use its order.
      }
      payment = await findPaymentByIdempotencyKey(ctx.db, key);
      if (payment?.status !== 'pending') continue;
    }
    if (payment.checkout_url) return { url: payment.checkout_url };

    let url: string;
    if (spec.createSession) {
      const session = await spec.createSession(payment, `checkout-${key}`);
      await updatePayment(ctx.db, payment.id, {
        checkout_session_id: session.id,
        checkout_url: session.url,
        updated_at: toIso(ctx.clock()),
      });
      url = session.url;
    } else {
      url = `/checkout/${payment.id}`;
      await updatePayment(ctx.db, payment.id, { checkout_url: url, updated_at: toIso(ctx.clock()) });
    }
    ctx.logger.info('payments.order_opened', {
      paymentId: payment.id,
      userId: spec.user.id,
      kind: spec.kind,
      amountCents: spec.amountCents,
      provider: spec.provider,
    });
    return { url };
  }
  throw new Error('no free idempotency key for this order');
}

async function requireUser(ctx: AppContext, userId: string): Promise<UserWithTier> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound(paymentMessages.orderNotFound);
  return user;
}

/**
 * Without keys and without PAYMENTS=sandbox there are no card payments (config.ts): every call that
 * would start or take a payment says so, as the Discord calls do when Discord is not configured.
 */
function requireCardPayments(ctx: AppContext): void {
  if (ctx.config.payments.mode === 'off') throw new AppError('service_unavailable', paymentMessages.notConfigured);
}

/**
 * Checkout, subscribe, change tier and the portal each may open a session at Stripe (or an order in
 * the sandbox): counted per player and per client address, shared by every instance on PostgreSQL.
 */
export async function limitPaymentSessions(ctx: AppContext, userId: string, address: string): Promise<void> {
  const refuse = (per: 'player' | 'address', verdict: RateLimitVerdict) => {
    ctx.logger.warn('payments.rate_limited', { userId, address, per });
    const message = per === 'player' ? paymentMessages.tooManySessions : paymentMessages.tooManySessionsFromAddress;
    return rateLimited(message, verdict.retryAfterMs);
  };
  const byPlayer = await ctx.limiters.checkoutPerPlayer.hit(userId);
  if (!byPlayer.allowed) throw refuse('player', byPlayer);
  const byAddress = await ctx.limiters.checkoutPerAddress.hit(addressLimitKey(address));
  if (!byAddress.allowed) throw refuse('address', byAddress);
}

const providerName = (ctx: AppContext) => (ctx.stripe ? 'stripe' : 'sandbox') as 'stripe' | 'sandbox';

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
  requireCardPayments(ctx);
  const user = await requireUser(ctx, userId);
  const lines: PurchaseLine[] = [];
  for (const wanted of request.items) {
    const quantity = wanted.quantity ?? 1;
    const item = await findPublicShopItem(ctx.db, wanted.itemId);
    if (!item) throw notFound(paymentMessages.itemNotFound);
    const unit = discountedPrice(Number(item.price_usd_cents), Number(item.discount));
    if (Number(item.price_usd_cents) <= 0 || unit <= 0) throw invalid(paymentMessages.notForCash);
    if (item.tier_exclusive_id && item.tier_exclusive_id !== user.current_tier_id) {
      const tier = await findTierById(ctx.db, item.tier_exclusive_id);
      throw forbidden(catalogueMessages.tierExclusive(tier?.name ?? 'required'));
    }
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

  const stripe = ctx.stripe;
  const paths = returnPaths('items');
  return openOrder(ctx, {
    user,
    kind: 'items',
    provider: providerName(ctx),
    amountCents: total,
    purchase: { kind: 'items', lines },
    keyParts: lines.map((line) => [line.itemId, line.quantity, line.unitAmountCents]).sort(),
    createSession: stripe
      ? async (payment, idempotencyKey) => {
          const customerId = await ensureCustomer(ctx, stripe, user);
          return viaStripe(ctx, 'checkout', () =>
            stripe.createCheckoutSession({
              customerId,
              userId: user.id,
              paymentId: payment.id,
              currency: CURRENCY,
              successUrl: absolute(ctx, paths.success),
              cancelUrl: absolute(ctx, paths.cancel),
              idempotencyKey,
              purchase: {
                mode: 'payment',
                lines: lines.map((line) => ({
                  itemId: line.itemId,
                  name: line.name,
                  unitAmountCents: line.unitAmountCents,
                  quantity: line.quantity,
                })),
              },
            }),
          );
        }
      : undefined,
  });
}

async function findTierForSale(ctx: AppContext, tierId: string): Promise<TierRow> {
  const tier = await findTierById(ctx.db, tierId);
  if (tier?.is_active !== 1) throw notFound(paymentMessages.tierNotFound);
  if (Number(tier.price_cents) < MIN_CHARGE_CENTS) throw invalid(paymentMessages.tierNotForSale);
  return tier;
}

/** A Checkout Session in subscription mode (or the sandbox's page) for a tier, monthly at its price. */
async function openSubscriptionOrder(ctx: AppContext, user: UserWithTier, tier: TierRow): Promise<RedirectResponse> {
  const stripe = ctx.stripe;
  const paths = returnPaths('subscription');
  const price = Number(tier.price_cents);
  return openOrder(ctx, {
    user,
    kind: 'subscription',
    provider: providerName(ctx),
    amountCents: price,
    purchase: { kind: 'subscription', tier: tierRef(tier) },
    keyParts: [tier.id, price],
    createSession: stripe
      ? async (payment, idempotencyKey) => {
          const customerId = await ensureCustomer(ctx, stripe, user);
          const productId = await viaStripe(ctx, 'product', () => stripe.ensureTierProduct(tier));
          return viaStripe(ctx, 'checkout', () =>
            stripe.createCheckoutSession({
              customerId,
              userId: user.id,
              paymentId: payment.id,
              currency: CURRENCY,
              successUrl: absolute(ctx, paths.success),
              cancelUrl: absolute(ctx, paths.cancel),
              idempotencyKey,
              purchase: { mode: 'subscription', tierId: tier.id, productId, unitAmountCents: price },
            }),
          );
        }
      : undefined,
  });
}

/**
 * POST /api/stripe/subscribe: only for players without a tier (409: they change tier instead). Two
 * checkouts opened before either is paid are both allowed here; the second paid is the duplicate
 * (refused at the sandbox's Pay, cancelled and refunded at Stripe: payment-fulfilment.ts).
 */
export async function subscribe(ctx: AppContext, userId: string, tierId: string): Promise<RedirectResponse> {
  requireCardPayments(ctx);
  const user = await requireUser(ctx, userId);
  if (await findHoldingSubscription(ctx.db, user.id)) throw conflict(paymentMessages.alreadySubscribed);
  if (user.current_tier_id) throw conflict(paymentMessages.alreadyHasTier);
  return openSubscriptionOrder(ctx, user, await findTierForSale(ctx, tierId));
}

/**
 * POST /api/stripe/change-tier: a subscriber is sent to a confirmation of the move (the new price,
 * the prorated difference); confirming changes the subscription. A player whose tier an
 * administrator granted has no subscription to change, so they subscribe to the new tier instead.
 */
export async function changeTier(ctx: AppContext, userId: string, tierId: string): Promise<RedirectResponse> {
  requireCardPayments(ctx);
  const user = await requireUser(ctx, userId);
  const tier = await findTierForSale(ctx, tierId);
  if (user.current_tier_id === tier.id) throw conflict(paymentMessages.sameTier);
  const holding = await findHoldingSubscription(ctx.db, user.id);
  if (!holding) return openSubscriptionOrder(ctx, user, tier);
  if (holding.tier_id === tier.id) throw conflict(paymentMessages.sameTier);
  if (holding.provider !== providerName(ctx)) throw conflict(paymentMessages.noSubscription);

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
    provider: holding.provider,
    // At Stripe the prorated amount arrives as an invoice of its own (recorded as it is paid); the
    // sandbox has no invoices, so its order carries the charge itself.
    amountCents: holding.provider === 'sandbox' ? Math.max(estimated, 0) : 0,
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

/** The player's own order; anyone else's is "not found", never "forbidden" (no hint that it exists). */
async function findOwnOrder(ctx: AppContext, userId: string, orderId: string): Promise<PaymentRow> {
  const payment = await findPaymentById(ctx.db, orderId);
  if (!payment || payment.user_id !== userId || payment.kind === 'renewal') {
    throw notFound(paymentMessages.orderNotFound);
  }
  return payment;
}

export async function getOrder(ctx: AppContext, userId: string, orderId: string): Promise<Order> {
  return toOrderView(await findOwnOrder(ctx, userId, orderId));
}

/** The sandbox's stand-in for a subscription Stripe would hold: a month from now, at the tier's price. */
function sandboxSubscription(paymentId: string, userId: string, tierId: string, priceCents: number, now: Date) {
  return {
    id: `sub_sandbox_${paymentId}`,
    customerId: null,
    userId,
    tierId,
    itemId: null,
    productId: null,
    priceCents,
    status: 'active',
    currentPeriodEnd: toIso(addMonths(now, 1)),
    cancelAtPeriodEnd: false,
    pendingUpdate: false,
  } satisfies SubscriptionState;
}

/** Confirms a tier change: at Stripe the subscription is updated (prorated, invoiced now), then applied. */
async function confirmTierChange(ctx: AppContext, payment: PaymentRow): Promise<void> {
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

  let state: SubscriptionState;
  const readAt = toIso(ctx.clock());
  if (payment.provider === 'stripe') {
    const stripe = ctx.stripe;
    if (!stripe || !holding.provider_item_id) throw conflict(paymentMessages.orderNotPayableHere);
    const productId = await viaStripe(ctx, 'product', () => stripe.ensureTierProduct(tier));
    state = await viaStripe(ctx, 'subscription change', () =>
      stripe.changeSubscriptionPrice({
        subscriptionId: holding.provider_subscription_id,
        itemId: holding.provider_item_id as string,
        productId,
        unitAmountCents: purchase.to.priceCents,
        currency: payment.currency,
        idempotencyKey: `tier-change-${payment.id}`,
      }),
    );
  } else {
    state = stateOfStoredSubscription(holding, { tierId: purchase.to.tierId, priceCents: purchase.to.priceCents });
  }
  // With pending_if_incomplete Stripe keeps the old price until the proration is paid.
  const applied = !state.pendingUpdate && state.tierId === purchase.to.tierId;
  await inTransaction(ctx.db, async (trx) => {
    await applySubscriptionState(trx, ctx, payment.provider, state, readAt, payment.user_id);
    await transitionPayment(trx, payment.id, ['pending'], {
      status: applied ? 'paid' : 'failed',
      paid_at: applied ? nowIso : null,
      subscription_id: holding.provider_subscription_id,
      updated_at: nowIso,
    });
  });
  if (!applied) throw conflict(paymentMessages.tierChangeDeclined);
  ctx.logger.info('payments.tier_changed', {
    paymentId: payment.id,
    userId: payment.user_id,
    from: purchase.from.tierId,
    to: purchase.to.tierId,
  });
}

/**
 * POST /api/stripe/orders/{id}/pay: the site's checkout page. In the sandbox it pays any order by
 * running the webhook's own fulfilment; with Stripe it only confirms tier changes (everything else
 * is paid on Stripe's page, and nothing here may hand it out for free).
 */
export async function payOrder(ctx: AppContext, userId: string, orderId: string): Promise<RedirectResponse> {
  requireCardPayments(ctx);
  const payment = await findOwnOrder(ctx, userId, orderId);
  const paths = returnPaths(payment.kind);
  if (payment.status === 'paid') return { url: paths.success };
  if (payment.status !== 'pending') throw conflict(paymentMessages.orderClosed);
  if (payment.kind === 'tier_change') {
    // A sandbox confirmation left open from before Stripe was configured must not change a tier free.
    if (payment.provider === 'sandbox' && ctx.stripe) throw conflict(paymentMessages.orderNotPayableHere);
    await confirmTierChange(ctx, payment);
    return { url: paths.success };
  }
  if (payment.provider !== 'sandbox' || ctx.stripe) throw conflict(paymentMessages.orderNotPayableHere);

  const now = ctx.clock();
  const purchase = readPurchase(payment);
  let subscription: SubscriptionState | null = null;
  if (purchase.kind === 'subscription') {
    subscription = sandboxSubscription(payment.id, userId, purchase.tier.tierId, purchase.tier.priceCents, now);
  }
  if (purchase.kind === 'items') refuseOverfullBalance(await requireUser(ctx, userId), purchase.lines);
  const outcome = await fulfilCheckout(
    ctx,
    {
      paymentId: payment.id,
      checkoutSessionId: null,
      amountTotalCents: Number(payment.amount_cents),
      lineQuantities: null,
      currency: payment.currency,
      paymentIntentId: `pi_sandbox_${payment.id}`,
      invoiceId: subscription ? `in_sandbox_${payment.id}` : null,
      subscription,
      readAt: toIso(now),
    },
    null,
  );
  // Another subscription gives the player a tier (another tab paid first): this order was cancelled.
  if (outcome === 'refused') throw conflict(paymentMessages.alreadySubscribed);
  return { url: paths.success };
}

/** POST /api/stripe/orders/{id}/cancel: the checkout page's Cancel. */
export async function cancelOrder(ctx: AppContext, userId: string, orderId: string): Promise<RedirectResponse> {
  const payment = await findOwnOrder(ctx, userId, orderId);
  await transitionPayment(ctx.db, payment.id, ['pending'], { status: 'cancelled', updated_at: toIso(ctx.clock()) });
  return { url: returnPaths(payment.kind).cancel };
}

/** POST /api/stripe/portal: Stripe's Customer Portal, or the sandbox's own page. */
export async function openPortal(ctx: AppContext, userId: string): Promise<RedirectResponse> {
  requireCardPayments(ctx);
  const holding = await findHoldingSubscription(ctx.db, userId);
  if (!holding) throw notFound(paymentMessages.noSubscription);
  const stripe = ctx.stripe;
  if (holding.provider === 'sandbox') {
    if (stripe) throw conflict(paymentMessages.noSubscription);
    return { url: '/billing' };
  }
  if (!stripe) throw conflict(paymentMessages.noSubscription);
  const customerId = holding.provider_customer_id ?? (await findCustomerId(ctx.db, userId));
  if (!customerId) throw notFound(paymentMessages.noSubscription);
  const url = await viaStripe(ctx, 'portal', () =>
    stripe.createPortalSession(customerId, absolute(ctx, paymentReturnPaths.portalReturn)),
  );
  return { url };
}

/** GET /api/stripe/subscription: the subscription holding the player's tier, if any. */
export async function getSubscriptionInfo(ctx: AppContext, userId: string): Promise<SubscriptionInfo | null> {
  const holding = await findHoldingSubscription(ctx.db, userId);
  if (!holding) return null;
  const tier = holding.tier_id ? await findTierById(ctx.db, holding.tier_id) : undefined;
  return toSubscriptionInfo(holding, tier);
}
