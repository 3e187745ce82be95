// /api/stripe: card payments (SPEC.md §7). Checkout, subscribe, change tier and the portal answer
// {url}; the orders calls serve the site's own checkout page; the webhook reads its raw body, since
// the signature covers the exact bytes Stripe sent.
import {
  checkoutRequestSchema,
  giftTierRequestSchema,
  subscribeRequestSchema,
  tierRequestSchema,
} from '@starport/api-client/contract';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { requireUser } from '../middleware/auth.ts';
import { getClientAddress } from '../middleware/client-address.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { cancelSubscriptionAtPeriodEnd, getSubscriptionInfo, openPortal } from '../services/payments/billing.ts';
import { createItemsCheckout, giftTier, payOrder, subscribe } from '../services/payments/checkout.ts';
import { cancelOrder, getOrder, limitPaymentSessions } from '../services/payments/orders.ts';
import { changeTier } from '../services/payments/tier-change.ts';
import { handlePaymentWebhook } from '../services/payments/webhook.ts';

/** The calls that open a payment session (at Stripe, or a sandbox order): limited per player and address. */
const sessionLimit = createMiddleware<AppEnv>(async (c, next) => {
  const ctx = c.get('ctx');
  await limitPaymentSessions(ctx, c.get('user').id, getClientAddress(c, ctx.config.trustProxy));
  await next();
});

export const paymentRoutes = new Hono<AppEnv>()
  .post('/webhook', async (c) => {
    const raw = await c.req.text();
    return c.json(await handlePaymentWebhook(c.get('ctx'), raw, c.req.header('stripe-signature')));
  })
  .post('/create-checkout-session', requireUser, sessionLimit, async (c) => {
    const input = await readBody(c, checkoutRequestSchema);
    return c.json(await createItemsCheckout(c.get('ctx'), c.get('user').id, input));
  })
  .post('/subscribe', requireUser, sessionLimit, async (c) => {
    const input = await readBody(c, subscribeRequestSchema);
    return c.json(await subscribe(c.get('ctx'), c.get('user').id, input));
  })
  .post('/gift-tier', requireUser, sessionLimit, async (c) => {
    const input = await readBody(c, giftTierRequestSchema);
    return c.json(await giftTier(c.get('ctx'), c.get('user').id, input));
  })
  .post('/change-tier', requireUser, sessionLimit, async (c) => {
    const { tierId } = await readBody(c, tierRequestSchema);
    return c.json(await changeTier(c.get('ctx'), c.get('user').id, tierId));
  })
  .post('/portal', requireUser, sessionLimit, async (c) => c.json(await openPortal(c.get('ctx'), c.get('user').id)))
  .get('/subscription', requireUser, async (c) =>
    c.json({ subscription: await getSubscriptionInfo(c.get('ctx'), c.get('user').id) }),
  )
  .get('/orders/:id', requireUser, async (c) =>
    c.json({ order: await getOrder(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  )
  .post('/orders/:id/pay', requireUser, async (c) =>
    c.json(await payOrder(c.get('ctx'), c.get('user').id, c.req.param('id'))),
  )
  .post('/orders/:id/cancel', requireUser, async (c) =>
    c.json(await cancelOrder(c.get('ctx'), c.get('user').id, c.req.param('id'))),
  )
  .post('/sandbox/subscription/cancel', requireUser, async (c) =>
    c.json({ subscription: await cancelSubscriptionAtPeriodEnd(c.get('ctx'), c.get('user').id) }),
  );
