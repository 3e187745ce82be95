// Orders, the rows every card payment starts as: opened once per request (a double click finds the
// first), sent to the provider's checkout or to the site's own checkout page, read and cancelled by
// their owner. The calls that open one are rate-limited per player and per address.
import { MIN_CHARGE_CENTS, type Order, paymentMessages, type RedirectResponse } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { CouponRow, PaymentKind, PaymentRow, TierRow } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { findTierById } from '../../db/repositories/catalogue.ts';
import { insertPaymentEvent } from '../../db/repositories/payment-events.ts';
import {
  findPaymentById,
  findPaymentByIdempotencyKey,
  insertPayment,
  transitionPayment,
  updatePayment,
} from '../../db/repositories/payments.ts';
import { findUserById, type UserWithTier } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invalid, notFound, rateLimited } from '../../errors.ts';
import { addressLimitKey } from '../../lib/client-address-key.ts';
import { toIso } from '../../lib/clock.ts';
import { newId, sha256Hex } from '../../lib/ids.ts';
import type { RateLimitVerdict } from '../../lib/rate-limiter.ts';
import { redeemCoupon, releaseCouponOf } from '../coupons/coupons.ts';
import { CURRENCY, type Purchase, returnPaths, siteCheckoutPath, tierRef, toOrderView } from './payment-records.ts';
import type { CheckoutOrder } from './provider.ts';

/** A double click within this window finds the order (and the provider's session) the first click made. */
const IDEMPOTENCY_WINDOW_MS = 5 * 60 * 1000;

export async function requireUser(ctx: AppContext, userId: string): Promise<UserWithTier> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound(paymentMessages.orderNotFound);
  return user;
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

export interface OrderSpec {
  user: UserWithTier;
  kind: Exclude<PaymentKind, 'renewal'>;
  amountCents: number;
  purchase: Purchase;
  /** What makes two requests the same order: the things bought and their prices. */
  keyParts: unknown;
  /** Paid at the provider's checkout (items, a subscription); left out, on the site's own page (a tier change). */
  checkout?: CheckoutOrder['purchase'];
  /** A coupon whose use the new order takes, in the transaction that records it (coupons.ts). */
  coupon?: { row: CouponRow; discountCents: number };
}

/**
 * Opens an order, or finds the one an identical request (same player, same things, same prices)
 * opened in the last few minutes and has not finished: a double click gives one order and, through
 * the same idempotency key at the provider, one checkout session. A finished order is never reused.
 */
export async function openOrder(ctx: AppContext, spec: OrderSpec): Promise<RedirectResponse> {
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
        provider: ctx.payments.name,
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
        const coupon = spec.coupon;
        // The order, its first event and its coupon use together: a use that cannot be taken opens no order.
        await inTransaction(ctx.db, async (trx) => {
          await insertPayment(trx, row);
          await insertPaymentEvent(trx, { paymentId: row.id, type: 'checkout', actor: spec.user.id, at: nowIso });
          if (coupon) {
            await redeemCoupon(trx, coupon.row, {
              couponId: coupon.row.id,
              code: coupon.row.code,
              userId: spec.user.id,
              kind: 'card',
              reference: row.id,
              discount: coupon.discountCents,
              now: nowIso,
            });
          }
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The other click of a double click got there first: use its order.
      }
      payment = await findPaymentByIdempotencyKey(ctx.db, key);
      if (payment?.status !== 'pending') continue;
    }
    if (payment.checkout_url) return { url: payment.checkout_url };

    const session = spec.checkout
      ? await ctx.payments.openCheckout(ctx, {
          user: spec.user,
          payment,
          idempotencyKey: `checkout-${key}`,
          paths: returnPaths(spec.kind),
          purchase: spec.checkout,
        })
      : { sessionId: null, url: siteCheckoutPath(payment.id) };
    await updatePayment(ctx.db, payment.id, {
      checkout_session_id: session.sessionId,
      checkout_url: session.url,
      updated_at: toIso(ctx.clock()),
    });
    ctx.logger.info('payments.order_opened', {
      paymentId: payment.id,
      userId: spec.user.id,
      kind: spec.kind,
      amountCents: spec.amountCents,
      provider: ctx.payments.name,
    });
    return { url: session.url };
  }
  throw new Error('no free idempotency key for this order');
}

export async function findTierForSale(ctx: AppContext, tierId: string): Promise<TierRow> {
  const tier = await findTierById(ctx.db, tierId);
  if (tier?.is_active !== 1) throw notFound(paymentMessages.tierNotFound);
  if (Number(tier.price_cents) < MIN_CHARGE_CENTS) throw invalid(paymentMessages.tierNotForSale);
  return tier;
}

/**
 * An order for a tier, monthly at its price, paid at the provider's checkout. A coupon takes its
 * discount off the first month only (the order's amount); the subscription renews at the tier's price.
 */
export async function openSubscriptionOrder(
  ctx: AppContext,
  user: UserWithTier,
  tier: TierRow,
  coupon: { row: CouponRow; discountCents: number } | null = null,
): Promise<RedirectResponse> {
  const price = Number(tier.price_cents);
  const discountCents = coupon?.discountCents ?? 0;
  return openOrder(ctx, {
    user,
    kind: 'subscription',
    amountCents: price - discountCents,
    purchase: {
      kind: 'subscription',
      tier: tierRef(tier),
      ...(coupon ? { coupon: { code: coupon.row.code, discountCents } } : {}),
    },
    keyParts: [tier.id, price, coupon?.row.id ?? null],
    checkout: { kind: 'subscription', tier, firstMonthDiscountCents: discountCents },
    ...(coupon ? { coupon } : {}),
  });
}

/** The player's own order; anyone else's is "not found", never "forbidden" (no hint that it exists). */
export async function findOwnOrder(ctx: AppContext, userId: string, orderId: string): Promise<PaymentRow> {
  const payment = await findPaymentById(ctx.db, orderId);
  if (!payment || payment.user_id !== userId || payment.kind === 'renewal') {
    throw notFound(paymentMessages.orderNotFound);
  }
  return payment;
}

export async function getOrder(ctx: AppContext, userId: string, orderId: string): Promise<Order> {
  return toOrderView(await findOwnOrder(ctx, userId, orderId));
}

/** POST /api/stripe/orders/{id}/cancel: the checkout page's Cancel; a coupon's use comes back. */
export async function cancelOrder(ctx: AppContext, userId: string, orderId: string): Promise<RedirectResponse> {
  const payment = await findOwnOrder(ctx, userId, orderId);
  const nowIso = toIso(ctx.clock());
  await inTransaction(ctx.db, async (trx) => {
    if (await transitionPayment(trx, payment.id, ['pending'], { status: 'cancelled', updated_at: nowIso })) {
      await releaseCouponOf(trx, payment.id, nowIso);
    }
  });
  return { url: returnPaths(payment.kind).cancel };
}
