// Supporter subscriptions with Stripe (issue 5): the Checkout request in subscription mode, and the
// lifecycle — start, renew, change tier, payment failure, cancel — ending on the tier Stripe says,
// whatever the order the events arrive in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countActiveSubscriptions, sumRevenueCentsSince } from '../src/db/repositories/payments.ts';
import { addTier, setUserTier } from './helpers/catalogue-factories.ts';
import type { FakeStripe } from './helpers/fake-stripe.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createStripeHarness, deliver, meOf, paymentsOf } from './helpers/payments.ts';
import { dialects, type TestHarness } from './helpers/test-context.ts';

const PUBLIC_URL = 'https://play.starport.test';

describe.each(dialects)('supporter subscriptions with Stripe on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let cadet: Awaited<ReturnType<typeof addTier>>;
  let captain: Awaited<ReturnType<typeof addTier>>;
  let admiral: Awaited<ReturnType<typeof addTier>>;

  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    cadet = await addTier(h, { name: 'Cadet', price_cents: 499, display_order: 1 });
    captain = await addTier(h, { name: 'Captain', price_cents: 999, display_order: 2 });
    admiral = await addTier(h, { name: 'Admiral', price_cents: 2499, display_order: 3 });
  });
  afterEach(async () => {
    await close();
  });

  async function tierOf(token: string): Promise<string | null> {
    return (await meOf(h, token)).currentTier?.name ?? null;
  }

  /** Subscribes through Checkout and delivers the completed event: the player holds the tier. */
  async function subscribeTo(token: string, tierId: string) {
    const res = await call(h, 'POST', '/api/stripe/subscribe', { token, body: { tierId } });
    expect(res.status, res.text).toBe(200);
    const sessionId = (res.json.url as string).split('/').pop() as string;
    const completed = fake.completeCheckout(sessionId);
    expect((await deliver(h, fake.event('checkout.session.completed', completed.session))).status).toBe(200);
    return { subscriptionId: completed.subscriptionId as string, invoiceId: completed.invoiceId as string };
  }

  it('makes a monthly Checkout Session at the tier price, carrying who and which tier', async () => {
    const player = await registerPlayer(h);

    const res = await call(h, 'POST', '/api/stripe/subscribe', {
      token: player.token,
      body: { tierId: captain.id, price: 1 },
    });

    expect(res.status, res.text).toBe(200);
    const [created] = fake.requestsTo('POST', '/v1/checkout/sessions');
    const [payment] = await paymentsOf(h, player.user._id);
    expect(created?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: player.user._id,
      metadata: { paymentId: payment?.id, userId: player.user._id, kind: 'subscription' },
      subscription_data: { metadata: { userId: player.user._id, tierId: captain.id } },
      success_url: `${PUBLIC_URL}/tiers?subscription=success`,
      cancel_url: `${PUBLIC_URL}/tiers`,
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '999',
            product: `starport_tier_${captain.id}`,
            recurring: { interval: 'month' },
          },
        },
      ],
    });
    expect(fake.products.get(`starport_tier_${captain.id}`)?.name).toBe('Starport Captain tier');
    expect(payment).toMatchObject({ kind: 'subscription', status: 'pending', amount_cents: 999 });
    expect(await tierOf(player.token)).toBeNull();
  });

  it('refuses to subscribe a player who already has a tier (409: change it instead) or to an unknown tier', async () => {
    const player = await registerPlayer(h);
    await setUserTier(h, player.user._id, cadet.id);
    const held = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: captain.id } });
    expect([held.status, held.json.error.message]).toEqual([
      409,
      'You already have a supporter tier; change it instead',
    ]);

    const other = await registerPlayer(h);
    const unknown = await call(h, 'POST', '/api/stripe/subscribe', { token: other.token, body: { tierId: 'nope' } });
    expect([unknown.status, unknown.json.error.message]).toEqual([404, 'Tier not found']);
    const missing = await call(h, 'POST', '/api/stripe/subscribe', { token: other.token, body: {} });
    expect([missing.status, missing.json.error.message]).toEqual([400, 'Tier id is required']);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toEqual([]);
  });

  it('starts, renews, changes tier, survives a failed payment and ends on cancellation', async () => {
    const player = await registerPlayer(h);

    // Start: the tier is held, the first month recorded once, with its invoice and payment intent.
    const { subscriptionId, invoiceId } = await subscribeTo(player.token, captain.id);
    await deliver(h, fake.event('invoice.paid', fake.invoices.get(invoiceId) as object));
    await deliver(h, fake.event('customer.subscription.created', fake.subscriptions.get(subscriptionId) as object));
    expect(await tierOf(player.token)).toBe('Captain');
    let payments = await paymentsOf(h, player.user._id);
    expect(payments.map((p) => [p.kind, p.status, p.amount_cents])).toEqual([['subscription', 'paid', 999]]);
    expect(payments[0]).toMatchObject({ subscription_id: subscriptionId, invoice_id: invoiceId });
    expect(payments[0]?.payment_intent_id).toMatch(/^pi_/);
    const info = await call(h, 'GET', '/api/stripe/subscription', { token: player.token });
    expect(info.json.subscription).toEqual({
      tier: { _id: captain.id, name: 'Captain', price: 9.99 },
      status: 'active',
      currentPeriodEnd: '2026-12-22T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      sandbox: false,
    });
    expect(await countActiveSubscriptions(h.ctx.db)).toBe(1);
    // The Discord role follows the tier: a role sync is queued with the change.
    const roleJobs = async () =>
      (await h.ctx.db.selectFrom('jobs').select(['kind', 'payload']).execute()).filter((job) =>
        job.payload.includes(player.user._id),
      );
    expect((await roleJobs()).map((job) => job.kind)).toEqual(['discord.sync_roles']);

    // Renew: a month later Stripe bills again; replays record it once.
    const renewal = fake.renewSubscription(subscriptionId);
    const renewalPaid = fake.event('invoice.paid', fake.invoices.get(renewal.invoiceId) as object);
    await deliver(h, renewalPaid);
    await deliver(h, renewalPaid);
    payments = await paymentsOf(h, player.user._id);
    expect(payments.map((p) => [p.kind, p.status, p.amount_cents])).toEqual([
      ['renewal', 'paid', 999],
      ['subscription', 'paid', 999],
    ]);
    expect(
      (await call(h, 'GET', '/api/stripe/subscription', { token: player.token })).json.subscription.currentPeriodEnd,
    ).toBe('2027-01-21T12:00:00.000Z');

    // Change tier: a confirmation page first, then the subscription moves, prorated and invoiced now.
    const change = await call(h, 'POST', '/api/stripe/change-tier', {
      token: player.token,
      body: { tierId: admiral.id },
    });
    expect(change.status, change.text).toBe(200);
    expect(change.json.url).toMatch(/^\/checkout\/[0-9a-f-]+$/);
    const orderId = (change.json.url as string).split('/').pop();
    const order = await call(h, 'GET', `/api/stripe/orders/${orderId}`, { token: player.token });
    expect(order.json.order).toMatchObject({
      kind: 'tier_change',
      status: 'pending',
      sandbox: false,
      tier: { _id: admiral.id, name: 'Admiral', price: 24.99 },
      fromTier: { _id: captain.id, name: 'Captain', price: 9.99 },
      successUrl: '/tiers?subscription=success',
    });
    expect(fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
    const confirmed = await call(h, 'POST', `/api/stripe/orders/${orderId}/pay`, { token: player.token });
    expect(confirmed.json).toEqual({ url: '/tiers?subscription=success' });
    const [update] = fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(update?.body).toEqual({
      items: [
        {
          id: fake.subscriptions.get(subscriptionId)?.items.data[0].id,
          price_data: {
            currency: 'usd',
            product: `starport_tier_${admiral.id}`,
            unit_amount: '2499',
            recurring: { interval: 'month' },
          },
        },
      ],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(update?.idempotencyKey).toBe(`tier-change-${orderId}`);
    expect(await tierOf(player.token)).toBe('Admiral');
    const proration = fake.subscriptions.get(subscriptionId)?.latest_invoice as string;
    await deliver(h, fake.event('invoice.paid', fake.invoices.get(proration) as object));
    await deliver(h, fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId) as object));
    expect(await tierOf(player.token)).toBe('Admiral');
    payments = await paymentsOf(h, player.user._id);
    expect(
      payments
        .filter((p) => p.kind === 'renewal')
        .map((p) => p.amount_cents)
        .sort(),
    ).toEqual([1500, 999].sort());
    expect(payments.find((p) => p.kind === 'tier_change')).toMatchObject({ status: 'paid', amount_cents: 0 });

    // A failed renewal: past due while Stripe retries, the tier stays; the failure is recorded.
    const failed = fake.renewSubscription(subscriptionId, { paid: false });
    await deliver(h, fake.event('invoice.payment_failed', fake.invoices.get(failed.invoiceId) as object));
    expect(await tierOf(player.token)).toBe('Admiral');
    expect((await paymentsOf(h, player.user._id)).find((p) => p.invoice_id === failed.invoiceId)).toMatchObject({
      status: 'failed',
      kind: 'renewal',
      amount_cents: 2499,
    });
    // The retry succeeds: the same invoice is now paid, not a second payment.
    fake.payInvoice(failed.invoiceId);
    await deliver(h, fake.event('invoice.paid', fake.invoices.get(failed.invoiceId) as object));
    expect((await paymentsOf(h, player.user._id)).filter((p) => p.invoice_id === failed.invoiceId)).toMatchObject([
      { status: 'paid', amount_cents: 2499 },
    ]);

    // Cancel in the portal: it runs to the end of the month, then Stripe deletes it and the tier goes.
    fake.setSubscription(subscriptionId, { cancel_at_period_end: true });
    await deliver(h, fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId) as object));
    expect(await tierOf(player.token)).toBe('Admiral');
    expect(
      (await call(h, 'GET', '/api/stripe/subscription', { token: player.token })).json.subscription.cancelAtPeriodEnd,
    ).toBe(true);
    fake.setSubscription(subscriptionId, { status: 'canceled' });
    await deliver(h, fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId) as object));
    expect(await tierOf(player.token)).toBeNull();
    expect((await call(h, 'GET', '/api/stripe/subscription', { token: player.token })).json.subscription).toBeNull();
    expect(await countActiveSubscriptions(h.ctx.db)).toBe(0);
    expect(await sumRevenueCentsSince(h.ctx.db, '2026-11-01T00:00:00.000Z')).toBe(999 + 999 + 1500 + 2499);
  });

  it('ends the tier when retries are exhausted and the subscription becomes unpaid', async () => {
    const player = await registerPlayer(h);
    const { subscriptionId } = await subscribeTo(player.token, cadet.id);
    const failed = fake.renewSubscription(subscriptionId, { paid: false });
    await deliver(h, fake.event('invoice.payment_failed', fake.invoices.get(failed.invoiceId) as object));
    expect(await tierOf(player.token)).toBe('Cadet');

    fake.setSubscription(subscriptionId, { status: 'unpaid' });
    await deliver(h, fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId) as object));
    expect(await tierOf(player.token)).toBeNull();
  });

  it('ends on the tier Stripe has, whatever the order the events arrive in', async () => {
    const player = await registerPlayer(h);
    const res = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: cadet.id } });
    const completed = fake.completeCheckout((res.json.url as string).split('/').pop() as string);
    const subscriptionId = completed.subscriptionId as string;
    const sub = () => fake.subscriptions.get(subscriptionId) as object;
    // Stripe's story: created, moved to Captain, then cancelled. Events are built as it happens…
    const created = fake.event('customer.subscription.created', sub());
    const checkoutDone = fake.event('checkout.session.completed', completed.session);
    (fake.subscriptions.get(subscriptionId) as any).items.data[0].price.product = `starport_tier_${captain.id}`;
    const moved = fake.event('customer.subscription.updated', sub());
    fake.setSubscription(subscriptionId, { status: 'canceled' });
    const deleted = fake.event('customer.subscription.deleted', sub());

    // …and arrive backwards: every read finds the cancelled subscription.
    for (const event of [deleted, moved, created, checkoutDone]) expect((await deliver(h, event)).status).toBe(200);
    expect(await tierOf(player.token)).toBeNull();
    expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('paid');

    // The other way round for an upgrade that stays: the final tier is Captain.
    const second = await registerPlayer(h);
    const res2 = await call(h, 'POST', '/api/stripe/subscribe', { token: second.token, body: { tierId: cadet.id } });
    const completed2 = fake.completeCheckout((res2.json.url as string).split('/').pop() as string);
    const id2 = completed2.subscriptionId as string;
    const updated = fake.event('customer.subscription.updated', fake.subscriptions.get(id2) as object);
    (fake.subscriptions.get(id2) as any).items.data[0].price.product = `starport_tier_${captain.id}`;
    await Promise.all([
      deliver(h, updated),
      deliver(h, fake.event('checkout.session.completed', completed2.session)),
      deliver(h, fake.event('customer.subscription.created', fake.subscriptions.get(id2) as object)),
    ]);
    // A retried delivery (as Stripe does after any non-2xx) settles whatever a race left.
    await deliver(h, updated);
    expect(await tierOf(second.token)).toBe('Captain');
  });

  it('keeps the old tier when the payment for a tier change is declined', async () => {
    const player = await registerPlayer(h);
    const { subscriptionId } = await subscribeTo(player.token, cadet.id);
    const change = await call(h, 'POST', '/api/stripe/change-tier', {
      token: player.token,
      body: { tierId: admiral.id },
    });
    const orderId = (change.json.url as string).split('/').pop();
    fake.declineNextChange = true;

    const confirmed = await call(h, 'POST', `/api/stripe/orders/${orderId}/pay`, { token: player.token });

    expect([confirmed.status, confirmed.json.error.message]).toEqual([
      409,
      'The payment for the new tier did not go through; your tier is unchanged',
    ]);
    expect(await tierOf(player.token)).toBe('Cadet');
    expect(fake.subscriptions.get(subscriptionId)?.pending_update).not.toBeNull();
    expect((await paymentsOf(h, player.user._id)).find((p) => p.kind === 'tier_change')?.status).toBe('failed');
  });

  it('refuses a change to the tier already held, and sends a granted tier to Checkout instead', async () => {
    const player = await registerPlayer(h);
    await subscribeTo(player.token, cadet.id);
    const same = await call(h, 'POST', '/api/stripe/change-tier', { token: player.token, body: { tierId: cadet.id } });
    expect([same.status, same.json.error.message]).toEqual([409, 'You already hold this tier']);

    // An administrator granted this player a tier: there is no subscription to change.
    const granted = await registerPlayer(h);
    await setUserTier(h, granted.user._id, cadet.id);
    const res = await call(h, 'POST', '/api/stripe/change-tier', {
      token: granted.token,
      body: { tierId: captain.id },
    });
    expect(res.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)?.body.mode).toBe('subscription');
  });

  it("opens Stripe's Customer Portal for a supporter, returning to the dashboard", async () => {
    const player = await registerPlayer(h);
    const none = await call(h, 'POST', '/api/stripe/portal', { token: player.token });
    expect([none.status, none.json.error.message]).toEqual([404, 'You have no subscription to manage']);

    await subscribeTo(player.token, captain.id);
    const res = await call(h, 'POST', '/api/stripe/portal', { token: player.token });

    expect(res.json.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const [portal] = fake.requestsTo('POST', '/v1/billing_portal/sessions');
    expect(portal?.body).toEqual({
      customer: [...fake.customers.keys()][0],
      return_url: `${PUBLIC_URL}/dashboard`,
    });
  });
});
