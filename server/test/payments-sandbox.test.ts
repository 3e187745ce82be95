// The sandbox (no Stripe keys, issue 5): every payment path works end to end through the site's own
// checkout page. Pay runs the webhook's fulfilment; subscriptions renew on their date, change tier
// with proration and can be cancelled to the end of the paid month.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countActiveSubscriptions, sumRevenueCentsSince } from '../src/db/repositories/payments.ts';
import { renewDueSandboxSubscriptions } from '../src/services/payments/providers/sandbox.ts';
import { addCategory, addItem, addTier } from './helpers/catalogue-factories.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { creditsOf, inventoryOf, meOf, paymentsOf } from './helpers/payments.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dialects)('sandbox payments on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
    await addCategory(h, { slug: 'ships' });
    await addCategory(h, { slug: 'credits' });
  });
  afterEach(async () => {
    await h.close();
  });

  const orderId = (url: string) => url.replace('/checkout/', '');

  /** The session expires after a week of idling: the player signs in again, as they would. */
  async function signInAgain(player: { user: { email: string }; password: string }) {
    const res = await call(h, 'POST', '/api/auth/login', {
      body: { email: player.user.email, password: player.password },
    });
    return res.json.token as string;
  }

  it("sends a buyer to the site's own checkout page, which shows the order to its owner only", async () => {
    const frigate = await addItem(h, { name: 'Aegis Frigate', price_usd_cents: 1999, discount: 20 });
    const pack = await addItem(h, {
      name: '500 Credits',
      category: 'credits',
      price_credits: 0,
      price_usd_cents: 499,
      credit_amount: 500,
    });
    const player = await registerPlayer(h);

    const res = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: player.token,
      body: {
        items: [
          { itemId: frigate.id, quantity: 1 },
          { itemId: pack.id, quantity: 2 },
        ],
      },
    });

    expect(res.status, res.text).toBe(200);
    expect(res.json.url).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
    const order = await call(h, 'GET', `/api/stripe/orders/${orderId(res.json.url)}`, { token: player.token });
    expect(order.json.order).toEqual({
      _id: orderId(res.json.url),
      kind: 'items',
      status: 'pending',
      sandbox: true,
      currency: 'usd',
      amount: 25.97,
      lines: [
        { name: 'Aegis Frigate', quantity: 1, unitAmount: 15.99, amount: 15.99, credits: 0 },
        { name: '500 Credits', quantity: 2, unitAmount: 4.99, amount: 9.98, credits: 1000 },
      ],
      tier: null,
      fromTier: null,
      createdAt: '2026-11-22T12:00:00.000Z',
      successUrl: '/shop?payment=success',
      cancelUrl: '/shop?payment=cancelled',
    });
    const stranger = await registerPlayer(h);
    for (const path of ['', '/pay', '/cancel']) {
      const method = path ? 'POST' : 'GET';
      const refused = await call(h, method, `/api/stripe/orders/${orderId(res.json.url)}${path}`, {
        token: stranger.token,
      });
      expect([refused.status, refused.json.error.message]).toEqual([404, 'Order not found']);
    }
    expect((await call(h, 'GET', `/api/stripe/orders/${orderId(res.json.url)}`)).status).toBe(401);
    expect(await inventoryOf(h, player.token)).toEqual([]);
  });

  it('pays once however often Pay is pressed: the entry Pending, trade-locked, and the credits', async () => {
    const frigate = await addItem(h, { name: 'Aegis Frigate', price_usd_cents: 1999 });
    const pack = await addItem(h, { category: 'credits', price_credits: 0, price_usd_cents: 499, credit_amount: 500 });
    const player = await registerPlayer(h);
    const res = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: player.token,
      body: {
        items: [
          { itemId: frigate.id, quantity: 1 },
          { itemId: pack.id, quantity: 1 },
        ],
      },
    });
    const id = orderId(res.json.url);

    const paid = await Promise.all(
      Array.from({ length: 4 }, () => call(h, 'POST', `/api/stripe/orders/${id}/pay`, { token: player.token })),
    );
    const again = await call(h, 'POST', `/api/stripe/orders/${id}/pay`, { token: player.token });

    expect([...paid, again].map((r) => r.json)).toEqual(Array(5).fill({ url: '/shop?payment=success' }));
    const inventory = await inventoryOf(h, player.token);
    expect(inventory).toHaveLength(1);
    expect(inventory[0]).toMatchObject({
      shopItem: { name: 'Aegis Frigate' },
      deliveredToGame: false,
      acquiredMethod: 'cash_purchase',
      tradeLockedUntil: '2026-11-29T12:00:00.000Z',
      revokedAt: null,
    });
    expect(await creditsOf(h, player.token, player.user._id)).toBe(500);
    expect((await paymentsOf(h, player.user._id))[0]).toMatchObject({
      provider: 'sandbox',
      status: 'paid',
      amount_cents: 2498,
      credits_granted: 500,
    });
    expect(await sumRevenueCentsSince(h.ctx.db, '2026-11-01T00:00:00.000Z')).toBe(2498);
  });

  it('cancels an order: nothing bought, and the next click opens a new one', async () => {
    const frigate = await addItem(h, { price_usd_cents: 1999 });
    const player = await registerPlayer(h);
    const body = { items: [{ itemId: frigate.id, quantity: 1 }] };
    const first = await call(h, 'POST', '/api/stripe/create-checkout-session', { token: player.token, body });
    const doubleClick = await call(h, 'POST', '/api/stripe/create-checkout-session', { token: player.token, body });
    expect(doubleClick.json.url).toBe(first.json.url);

    const cancelled = await call(h, 'POST', `/api/stripe/orders/${orderId(first.json.url)}/cancel`, {
      token: player.token,
    });
    expect(cancelled.json).toEqual({ url: '/shop?payment=cancelled' });
    const payAfter = await call(h, 'POST', `/api/stripe/orders/${orderId(first.json.url)}/pay`, {
      token: player.token,
    });
    expect([payAfter.status, payAfter.json.error.message]).toEqual([409, 'This order is no longer open']);
    expect(await inventoryOf(h, player.token)).toEqual([]);

    const next = await call(h, 'POST', '/api/stripe/create-checkout-session', { token: player.token, body });
    expect(next.json.url).not.toBe(first.json.url);
  });

  it('subscribes, renews each month, upgrades with proration, and cancels to the end of the paid month', async () => {
    const cadet = await addTier(h, { name: 'Cadet', price_cents: 499 });
    const admiral = await addTier(h, { name: 'Admiral', price_cents: 2499 });
    const player = await registerPlayer(h);

    const start = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: cadet.id } });
    expect(start.json.url).toMatch(/^\/checkout\//);
    const order = await call(h, 'GET', `/api/stripe/orders/${orderId(start.json.url)}`, { token: player.token });
    expect(order.json.order).toMatchObject({
      kind: 'subscription',
      amount: 4.99,
      tier: { _id: cadet.id, name: 'Cadet', price: 4.99 },
      successUrl: '/tiers?subscription=success',
      cancelUrl: '/tiers',
    });
    const paid = await call(h, 'POST', `/api/stripe/orders/${orderId(start.json.url)}/pay`, { token: player.token });
    expect(paid.json).toEqual({ url: '/tiers?subscription=success' });
    expect((await meOf(h, player.token)).currentTier).toEqual({ _id: cadet.id, name: 'Cadet', price: 4.99 });
    expect((await call(h, 'GET', '/api/stripe/subscription', { token: player.token })).json.subscription).toEqual({
      tier: { _id: cadet.id, name: 'Cadet', price: 4.99 },
      status: 'active',
      currentPeriodEnd: '2026-12-22T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      sandbox: true,
    });
    const again = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: admiral.id } });
    expect(again.status).toBe(409);

    // Nothing is due before the date; on it, a renewal is paid and the month moves on.
    expect(await renewDueSandboxSubscriptions(h.ctx)).toEqual({ renewed: 0, ended: 0 });
    h.clock.advance(30 * DAY);
    expect(await renewDueSandboxSubscriptions(h.ctx)).toEqual({ renewed: 1, ended: 0 });
    expect(await renewDueSandboxSubscriptions(h.ctx)).toEqual({ renewed: 0, ended: 0 });
    let token = await signInAgain(player);
    expect((await call(h, 'GET', '/api/stripe/subscription', { token })).json.subscription.currentPeriodEnd).toBe(
      '2027-01-22T12:00:00.000Z',
    );

    // Upgrade half way through the month: $20 more a month, half of it now.
    h.clock.set(new Date('2027-01-06T12:00:00.000Z'));
    token = await signInAgain(player);
    const change = await call(h, 'POST', '/api/stripe/change-tier', { token, body: { tierId: admiral.id } });
    const changeOrder = await call(h, 'GET', `/api/stripe/orders/${orderId(change.json.url)}`, { token });
    expect(changeOrder.json.order).toMatchObject({
      kind: 'tier_change',
      sandbox: true,
      amount: 10.32,
      tier: { name: 'Admiral', price: 24.99 },
      fromTier: { name: 'Cadet', price: 4.99 },
    });
    await call(h, 'POST', `/api/stripe/orders/${orderId(change.json.url)}/pay`, { token });
    expect((await meOf(h, token)).currentTier.name).toBe('Admiral');

    // The sandbox portal: Cancel keeps the tier to the end of the month, then it goes.
    expect((await call(h, 'POST', '/api/stripe/portal', { token })).json).toEqual({ url: '/billing' });
    const cancel = await call(h, 'POST', '/api/stripe/sandbox/subscription/cancel', { token });
    expect(cancel.json.subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2027-01-22T12:00:00.000Z',
    });
    const twice = await call(h, 'POST', '/api/stripe/sandbox/subscription/cancel', { token });
    expect([twice.status, twice.json.error.message]).toEqual([409, 'Your subscription is already set to end']);
    expect((await meOf(h, token)).currentTier.name).toBe('Admiral');
    h.clock.set(new Date('2027-01-22T12:00:00.000Z'));
    expect(await renewDueSandboxSubscriptions(h.ctx)).toEqual({ renewed: 0, ended: 1 });
    token = await signInAgain(player);
    expect((await meOf(h, token)).currentTier).toBeNull();
    expect((await call(h, 'GET', '/api/stripe/subscription', { token })).json.subscription).toBeNull();
    expect(await countActiveSubscriptions(h.ctx.db)).toBe(0);

    const payments = await paymentsOf(h, player.user._id);
    expect(payments.map((p) => [p.kind, p.status, p.amount_cents]).sort()).toEqual(
      [
        ['subscription', 'paid', 499],
        ['renewal', 'paid', 499],
        ['tier_change', 'paid', 1032],
      ].sort(),
    );

    // A new subscription after the end is allowed again.
    const back = await call(h, 'POST', '/api/stripe/subscribe', { token, body: { tierId: cadet.id } });
    expect(back.status).toBe(200);
  });

  it('refuses Pay for a second subscription opened before the first was paid', async () => {
    const cadet = await addTier(h, { name: 'Cadet', price_cents: 499 });
    const captain = await addTier(h, { name: 'Captain', price_cents: 999 });
    const player = await registerPlayer(h);
    const a = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: cadet.id } });
    const b = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: captain.id } });
    await call(h, 'POST', `/api/stripe/orders/${orderId(a.json.url)}/pay`, { token: player.token });

    const second = await call(h, 'POST', `/api/stripe/orders/${orderId(b.json.url)}/pay`, { token: player.token });

    expect([second.status, second.json.error.message]).toEqual([
      409,
      'You already have an active subscription. Change your tier on the Support page instead.',
    ]);
    expect((await meOf(h, player.token)).currentTier.name).toBe('Cadet');
    expect(await countActiveSubscriptions(h.ctx.db)).toBe(1);
  });

  it('has no webhook without Stripe keys', async () => {
    const res = await call(h, 'POST', '/api/stripe/webhook', { rawBody: '{}', headers: { 'Stripe-Signature': 'x' } });
    expect([res.status, res.json.error.message]).toEqual([404, 'Stripe webhooks are not configured on this server']);
  });
});
