// The payment provider interface (services/payments/provider.ts): chosen once at start and reached
// as ctx.payments, it is all the services know of Stripe or the sandbox. Each provider keeps the
// interface's promises, or answers plainly for what it does not do: Stripe against the fake Stripe,
// the sandbox in the database alone, on both dialects.
import { paymentMessages } from '@starport/api-client/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SubscriptionRow } from '../src/db/database.ts';
import { findHoldingSubscription } from '../src/db/repositories/subscriptions.ts';
import { WebhookSignatureError } from '../src/services/payments/provider.ts';
import { addTier } from './helpers/catalogue-factories.ts';
import type { FakeStripe } from './helpers/fake-stripe.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createStripeHarness, deliver, paymentsOf } from './helpers/payments.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const DAY = 24 * 60 * 60 * 1000;

/** What a call refused with: its status and message (the error envelope's). */
async function refusal(work: () => unknown): Promise<[number, string]> {
  try {
    await work();
  } catch (error) {
    const e = error as { status?: number; message: string };
    return [e.status ?? 0, e.message];
  }
  throw new Error('expected a refusal');
}

describe.each(dialects)('the payment provider on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('is chosen at start: the sandbox when PAYMENTS=sandbox, and with payments off every payment call is refused 503', async () => {
    h = await createHarness(dialect);
    expect(h.ctx.payments.name).toBe('sandbox');
    expect(() => h.ctx.payments.requireCardPayments()).not.toThrow();
    await h.close();

    h = await createHarness(dialect, { env: { PAYMENTS: 'off' } });
    expect(await refusal(() => h.ctx.payments.requireCardPayments())).toEqual([503, paymentMessages.notConfigured]);
  });
});

describe.each(dialects)('the sandbox provider on %s', (dialect) => {
  let h: TestHarness;
  let captain: Awaited<ReturnType<typeof addTier>>;
  let holding: SubscriptionRow;

  beforeEach(async () => {
    h = await createHarness(dialect);
    const cadet = await addTier(h, { name: 'Cadet', price_cents: 499 });
    captain = await addTier(h, { name: 'Captain', price_cents: 999 });
    const player = await registerPlayer(h);
    const order = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: cadet.id } });
    expect(order.json.url).toMatch(/^\/checkout\//);
    await call(h, 'POST', `/api/stripe/orders/${order.json.url.split('/').pop()}/pay`, { token: player.token });
    holding = (await findHoldingSubscription(h.ctx.db, player.user._id)) as SubscriptionRow;
    expect(holding?.provider).toBe('sandbox');
  });
  afterEach(async () => {
    await h.close();
  });

  it('changes, cancels and ends its subscriptions in the database alone, and manages them on the site', async () => {
    const payments = h.ctx.payments;
    const id = holding.provider_subscription_id;
    expect(payments.cancelAtPeriodEnd(holding)).toMatchObject({ id, status: 'active', cancelAtPeriodEnd: true });
    expect(await payments.cancelSubscription(h.ctx, holding)).toMatchObject({
      id,
      status: 'canceled',
      cancelAtPeriodEnd: false,
    });
    const change = { subscription: holding, tier: captain, priceCents: 999, currency: 'usd', idempotencyKey: 'k' };
    expect(await payments.changeSubscriptionTier(h.ctx, change)).toMatchObject({
      id,
      tierId: captain.id,
      priceCents: 999,
      pendingUpdate: false,
    });
    // No invoices of its own: a tier change's order carries the prorated charge (a credit is not paid back).
    expect([payments.tierChangeChargeCents(250), payments.tierChangeChargeCents(-250)]).toEqual([250, 0]);
    expect(await payments.openPortal(h.ctx, holding)).toBe('/billing');
    const refund = { paymentIntentId: 'pi_sandbox_x', reason: 'duplicate' as const, idempotencyKey: 'r', metadata: {} };
    await expect(payments.refundPayment(h.ctx, refund)).resolves.toBeUndefined();
  });

  it('takes no webhooks, renews its own subscriptions once their month is over, and acts on no Stripe rows', async () => {
    const payments = h.ctx.payments;
    expect(await refusal(() => payments.verifyEvent('{}', 'sig'))).toEqual([404, paymentMessages.webhooksOff]);
    expect(await payments.renewDueSubscriptions(h.ctx)).toEqual({ renewed: 0, ended: 0 });
    h.clock.advance(31 * DAY);
    expect(await payments.renewDueSubscriptions(h.ctx)).toEqual({ renewed: 1, ended: 0 });
    expect(payments.providerOf('sandbox')).toBe(payments);
    expect(payments.providerOf('stripe')).toBeNull();
  });
});

describe.each(dialects)('the Stripe provider on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let captain: Awaited<ReturnType<typeof addTier>>;
  let holding: SubscriptionRow;
  let userId: string;

  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    const cadet = await addTier(h, { name: 'Cadet', price_cents: 499 });
    captain = await addTier(h, { name: 'Captain', price_cents: 999 });
    const player = await registerPlayer(h);
    userId = player.user._id;
    const order = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: cadet.id } });
    const completed = fake.completeCheckout(order.json.url.split('/').pop());
    expect((await deliver(h, fake.event('checkout.session.completed', completed.session))).status).toBe(200);
    holding = (await findHoldingSubscription(h.ctx.db, userId)) as SubscriptionRow;
    expect(holding?.provider).toBe('stripe');
  });
  afterEach(async () => {
    await close();
  });

  it('asks Stripe to change, end and refund, and sends the player to its portal', async () => {
    const payments = h.ctx.payments;
    const id = holding.provider_subscription_id;
    expect(payments.name).toBe('stripe');
    // Stripe's Customer Portal cancels there; the site's billing page has nothing to cancel.
    expect(await refusal(() => payments.cancelAtPeriodEnd(holding))).toEqual([404, paymentMessages.noSubscription]);

    const change = { subscription: holding, tier: captain, priceCents: 999, currency: 'usd', idempotencyKey: 'k' };
    expect(await payments.changeSubscriptionTier(h.ctx, change)).toMatchObject({ id, tierId: captain.id });
    expect(fake.requestsTo('POST', `/v1/subscriptions/${id}`)[0]?.body).toMatchObject({
      proration_behavior: 'always_invoice',
    });
    // Stripe invoices the proration itself: the order carries none.
    expect(payments.tierChangeChargeCents(250)).toBe(0);

    const [paid] = await paymentsOf(h, userId);
    const refund = {
      paymentIntentId: paid?.payment_intent_id as string,
      reason: 'duplicate' as const,
      idempotencyKey: 'refund-once',
      metadata: { paymentId: paid?.id as string },
    };
    await payments.refundPayment(h.ctx, refund);
    expect(fake.requestsTo('POST', '/v1/refunds').map((r) => r.idempotencyKey)).toEqual(['refund-once']);

    expect(await payments.cancelSubscription(h.ctx, holding)).toMatchObject({ id, status: 'canceled' });
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${id}`)).toHaveLength(1);
    expect(await payments.openPortal(h.ctx, holding)).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });

  it('pays nothing on the site, verifies webhooks, renews nothing itself, and leaves sandbox rows to the sandbox', async () => {
    const payments = h.ctx.payments;
    const [paid] = await paymentsOf(h, userId);
    if (!paid) throw new Error('no payment');
    expect(await refusal(() => payments.payOnSite(h.ctx, paid))).toEqual([409, paymentMessages.orderNotPayableHere]);
    expect(() => payments.verifyEvent('{}', 't=1,v1=forged')).toThrow(WebhookSignatureError);
    const sent = fake.requests.length;
    expect(await payments.renewDueSubscriptions(h.ctx)).toEqual({ renewed: 0, ended: 0 });
    expect(fake.requests).toHaveLength(sent);
    expect(payments.providerOf('stripe')).toBe(payments);
    expect(payments.providerOf('sandbox')?.name).toBe('sandbox');
  });
});
