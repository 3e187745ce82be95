// Buying items and credit packs by card with Stripe (issue 5): the real `stripe` package against a
// fake Stripe API over HTTP. What the Checkout request carries, one session per double click, and a
// webhook that fulfils once however it is replayed, and only what Stripe says is paid.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countActiveSubscriptions, sumRevenueCentsSince } from '../src/db/repositories/payments.ts';
import { adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, addTier, grantCredits, setUserTier } from './helpers/catalogue-factories.ts';
import type { FakeStripe } from './helpers/fake-stripe.ts';
import { signPayload } from './helpers/fake-stripe.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createStripeHarness, creditsOf, deliver, inventoryOf, paymentsOf } from './helpers/payments.ts';
import { dialects, type TestHarness } from './helpers/test-context.ts';

const PUBLIC_URL = 'https://play.starport.test';

describe.each(dialects)('card checkout with Stripe on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    await addCategory(h, { slug: 'ships' });
    await addCategory(h, { slug: 'credits' });
  });
  afterEach(async () => {
    await close();
  });

  async function catalogue() {
    const frigate = await addItem(h, {
      name: 'Aegis Frigate',
      price_credits: 2000,
      price_usd_cents: 1999,
      discount: 20,
    });
    const pack = await addItem(h, {
      name: '500 Credits',
      category: 'credits',
      price_credits: 0,
      price_usd_cents: 499,
      credit_amount: 500,
      game_items: '[]',
    });
    return { frigate, pack };
  }

  async function checkout(token: string, items: unknown) {
    return call(h, 'POST', '/api/stripe/create-checkout-session', { token, body: { items } });
  }

  /** Buys by card all the way: checkout, Stripe's page paid, the completed event delivered. */
  async function buy(token: string, items: unknown) {
    const res = await checkout(token, items);
    expect(res.status, res.text).toBe(200);
    const sessionId = (res.json.url as string).split('/').pop() as string;
    const completed = fake.completeCheckout(sessionId);
    const event = fake.event('checkout.session.completed', completed.session);
    expect((await deliver(h, event)).status).toBe(200);
    return { sessionId, event, ...completed };
  }

  it('makes a Checkout Session in payment mode, priced from the database in cents, whatever the request says', async () => {
    const { frigate, pack } = await catalogue();
    const player = await registerPlayer(h);

    const res = await checkout(player.token, [
      { itemId: frigate.id, quantity: 1, price: 1, priceUSD: 0.01 },
      { itemId: pack.id, quantity: 2, unitAmount: 1 },
    ]);

    expect(res.status, res.text).toBe(200);
    const [created] = fake.requestsTo('POST', '/v1/checkout/sessions');
    expect(res.json).toEqual({ url: `https://checkout.stripe.test/c/pay/${[...fake.sessions.keys()][0]}` });
    const [payment] = await paymentsOf(h, player.user._id);
    const [customer] = [...fake.customers.values()];
    expect(customer).toMatchObject({ email: player.user.email, name: player.user.username });
    expect(created?.body).toEqual({
      mode: 'payment',
      customer: customer?.id,
      client_reference_id: player.user._id,
      metadata: { paymentId: payment?.id, userId: player.user._id, kind: 'payment' },
      payment_intent_data: { metadata: { paymentId: payment?.id, userId: player.user._id, kind: 'payment' } },
      success_url: `${PUBLIC_URL}/shop?payment=success`,
      cancel_url: `${PUBLIC_URL}/shop?payment=cancelled`,
      line_items: [
        {
          quantity: '1',
          // $19.99 at 20% off: 1599 cents, rounded as the shop shows it.
          price_data: {
            currency: 'usd',
            unit_amount: '1599',
            product_data: { name: 'Aegis Frigate', metadata: { itemId: frigate.id } },
          },
        },
        {
          quantity: '2',
          price_data: {
            currency: 'usd',
            unit_amount: '499',
            product_data: { name: '500 Credits', metadata: { itemId: pack.id } },
          },
        },
      ],
    });
    expect(created?.idempotencyKey).toMatch(/^checkout-[0-9a-f]{64}$/);
    expect(payment).toMatchObject({
      provider: 'stripe',
      kind: 'items',
      status: 'pending',
      amount_cents: 1599 + 2 * 499,
      currency: 'usd',
      checkout_session_id: [...fake.sessions.keys()][0],
    });
    // Nothing is granted before Stripe says it is paid.
    expect(await inventoryOf(h, player.token)).toEqual([]);
    expect(await creditsOf(h, player.token, player.user._id)).toBe(0);
  });

  it('makes one session for a double click, and a new one once that order is paid', async () => {
    const { frigate } = await catalogue();
    const player = await registerPlayer(h);
    const items = [{ itemId: frigate.id, quantity: 1 }];

    const [first, second] = await Promise.all([checkout(player.token, items), checkout(player.token, items)]);
    const third = await checkout(player.token, items);

    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(new Set([first.json.url, second.json.url, third.json.url]).size).toBe(1);
    expect(fake.sessions.size).toBe(1);
    expect(await paymentsOf(h, player.user._id)).toHaveLength(1);

    fake.completeCheckout([...fake.sessions.keys()][0] as string);
    await deliver(h, fake.event('checkout.session.completed', [...fake.sessions.values()][0] as object));
    const again = await checkout(player.token, items);
    expect(again.json.url).not.toBe(first.json.url);
    expect(fake.sessions.size).toBe(2);
  });

  it('refuses what cannot be bought by card, and asks Stripe for nothing', async () => {
    const creditsOnly = await addItem(h, { price_credits: 100, price_usd_cents: 0 });
    const inactive = await addItem(h, { price_usd_cents: 999, is_active: 0 });
    const cheap = await addItem(h, { price_usd_cents: 49 });
    const admiral = await addTier(h, { name: 'Admiral' });
    const exclusive = await addItem(h, { price_usd_cents: 999, tier_exclusive_id: admiral.id });
    const player = await registerPlayer(h);

    const attempts: [unknown, number, string][] = [
      [[{ itemId: creditsOnly.id, quantity: 1 }], 400, 'This item cannot be bought with cash'],
      [[{ itemId: inactive.id, quantity: 1 }], 404, 'Item not found'],
      [[{ itemId: 'no-such-item', quantity: 1 }], 404, 'Item not found'],
      [[{ itemId: cheap.id, quantity: 1 }], 400, 'The order total must be at least $0.50'],
      [[{ itemId: exclusive.id, quantity: 1 }], 403, 'This item is exclusive to the Admiral tier'],
      [[], 400, 'Choose at least one item'],
      [[{ itemId: cheap.id, quantity: 11 }], 400, 'Quantity must be a whole number from 1 to 10'],
      [
        [
          { itemId: cheap.id, quantity: 1 },
          { itemId: cheap.id, quantity: 1 },
        ],
        400,
        'Each item may appear once; raise its quantity instead',
      ],
    ];
    for (const [items, status, message] of attempts) {
      const res = await checkout(player.token, items);
      expect([res.status, res.json.error.message]).toEqual([status, message]);
    }
    expect((await call(h, 'POST', '/api/stripe/create-checkout-session', { body: { items: [] } })).status).toBe(401);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toEqual([]);
    expect(await paymentsOf(h, player.user._id)).toEqual([]);

    await setUserTier(h, player.user._id, admiral.id);
    expect((await checkout(player.token, [{ itemId: exclusive.id, quantity: 1 }])).status).toBe(200);
  });

  it('says so when Stripe is down, and the next click gets the session', async () => {
    const { frigate } = await catalogue();
    const player = await registerPlayer(h);
    fake.failEverything = true;

    const refused = await checkout(player.token, [{ itemId: frigate.id, quantity: 1 }]);
    expect(refused.status).toBe(502);
    expect(refused.json.error).toEqual({
      message: 'The payment provider could not be reached. Please try again.',
      code: 'payment_provider_error',
      requestId: expect.any(String),
    });

    fake.failEverything = false;
    const retried = await checkout(player.token, [{ itemId: frigate.id, quantity: 1 }]);
    expect(retried.status).toBe(200);
    expect(fake.sessions.size).toBe(1);
  });

  it('fulfils a paid session once: replayed five times, concurrently, and with async_payment_succeeded', async () => {
    const { frigate, pack } = await catalogue();
    const player = await registerPlayer(h);
    const { event, session, sessionId } = await buy(player.token, [
      { itemId: frigate.id, quantity: 1 },
      { itemId: pack.id, quantity: 2 },
    ]);

    for (let i = 0; i < 5; i += 1) expect((await deliver(h, event)).status).toBe(200);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(h, event)));
    expect(concurrent.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    // Another event about the same session, and the same event under new ids, all at once.
    const others = await Promise.all([
      deliver(h, fake.event('checkout.session.async_payment_succeeded', session)),
      deliver(h, fake.event('checkout.session.completed', session)),
      deliver(h, fake.event('checkout.session.completed', session)),
    ]);
    expect(others.map((res) => res.status)).toEqual([200, 200, 200]);

    const inventory = await inventoryOf(h, player.token);
    expect(inventory).toHaveLength(1);
    expect(inventory[0]).toMatchObject({
      shopItem: { name: 'Aegis Frigate', priceUSD: 19.99, discount: 20 },
      quantity: 1,
      deliveredToGame: false,
      acquiredMethod: 'cash_purchase',
      tradeLocked: true,
      tradeLockedUntil: '2026-11-29T12:00:00.000Z',
      revokedAt: null,
    });
    expect(await creditsOf(h, player.token, player.user._id)).toBe(1000);
    const [payment] = await paymentsOf(h, player.user._id);
    expect(payment).toMatchObject({ status: 'paid', credits_granted: 1000, checkout_session_id: sessionId });
    expect(payment?.payment_intent_id).toMatch(/^pi_/);
    // Fulfilment read the session back from Stripe with its line items.
    const reads = fake.requestsTo('GET', `/v1/checkout/sessions/${sessionId}`);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0]?.query).toEqual({ expand: ['line_items'] });
    expect(h.logs.filter((line) => line.msg === 'payments.fulfilled')).toHaveLength(1);
  });

  it('acts only on what Stripe says is paid, whatever the event claims', async () => {
    const { frigate } = await catalogue();
    const player = await registerPlayer(h);
    const res = await checkout(player.token, [{ itemId: frigate.id, quantity: 1 }]);
    const sessionId = (res.json.url as string).split('/').pop() as string;
    const { session } = fake.completeCheckout(sessionId, { paymentStatus: 'unpaid' });

    // A delayed payment method: completed, not yet paid; a forged claim of "paid" in the payload.
    expect((await deliver(h, fake.event('checkout.session.completed', session))).status).toBe(200);
    expect(
      (await deliver(h, fake.event('checkout.session.completed', { ...session, payment_status: 'paid' }))).status,
    ).toBe(200);
    expect(await inventoryOf(h, player.token)).toEqual([]);
    expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('pending');

    // The bank transfer arrives.
    (fake.sessions.get(sessionId) as { payment_status: string }).payment_status = 'paid';
    await deliver(h, fake.event('checkout.session.async_payment_succeeded', session));
    expect(await inventoryOf(h, player.token)).toHaveLength(1);
    expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('paid');
  });

  it('checks what Stripe charged against the order: tax on top is fine, other lines or amounts grant nothing', async () => {
    const { frigate, pack } = await catalogue();
    const player = await registerPlayer(h);
    const open = async (items: unknown) => {
      const res = await checkout(player.token, items);
      return fake.sessions.get((res.json.url as string).split('/').pop() as string) as any;
    };

    // Sales tax added by Stripe: the subtotal still matches the order.
    const taxed = await open([{ itemId: frigate.id, quantity: 1 }]);
    taxed.amount_total += 128;
    fake.completeCheckout(taxed.id);
    await deliver(h, fake.event('checkout.session.completed', taxed));
    expect(await inventoryOf(h, player.token)).toHaveLength(1);

    // A session whose line items are not what was ordered (three packs for the price of one).
    const odd = await open([{ itemId: pack.id, quantity: 1 }]);
    odd._lines[0].quantity = 3;
    fake.completeCheckout(odd.id);
    await deliver(h, fake.event('checkout.session.completed', odd));
    expect(await creditsOf(h, player.token, player.user._id)).toBe(0);
    const payments = await paymentsOf(h, player.user._id);
    expect(payments.map((p) => p.status).sort()).toEqual(['failed', 'paid']);
    expect(h.logs.filter((line) => line.msg === 'payments.amount_mismatch')).toHaveLength(1);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { frigate } = await catalogue();
    const player = await registerPlayer(h);
    const res = await checkout(player.token, [{ itemId: frigate.id, quantity: 1 }]);
    const sessionId = (res.json.url as string).split('/').pop() as string;
    const { session } = fake.completeCheckout(sessionId);
    const event = fake.event('checkout.session.completed', session);
    const payload = JSON.stringify(event);

    const attempts: Record<string, string>[] = [
      { 'Stripe-Signature': signPayload(payload, 'whsec_someone_else') },
      { 'Stripe-Signature': signPayload(`${payload} `) },
      { 'Stripe-Signature': signPayload(payload, undefined, Math.floor(Date.now() / 1000) - 301) },
      {},
    ];
    for (const headers of attempts) {
      const refused = await deliver(h, event, { 'Content-Type': 'application/json', ...headers });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toEqual({
        message: 'Invalid webhook signature',
        code: 'invalid_request',
        requestId: expect.any(String),
      });
    }
    expect(await inventoryOf(h, player.token)).toEqual([]);
    expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('pending');
    expect(await h.ctx.db.selectFrom('processed_events').selectAll().execute()).toEqual([]);
    expect(fake.requestsTo('GET', /checkout\/sessions\//)).toEqual([]);
    expect(h.logs.filter((line) => line.msg === 'payments.webhook_refused')).toHaveLength(4);

    // The same event, signed properly, is applied.
    expect((await deliver(h, event)).status).toBe(200);
    expect(await inventoryOf(h, player.token)).toHaveLength(1);
  });

  it('answers 500 when applying fails, so Stripe retries, and applies the retry', async () => {
    const { frigate } = await catalogue();
    const player = await registerPlayer(h);
    const res = await checkout(player.token, [{ itemId: frigate.id, quantity: 1 }]);
    const sessionId = (res.json.url as string).split('/').pop() as string;
    const { session } = fake.completeCheckout(sessionId);
    const event = fake.event('checkout.session.completed', session);

    fake.failEverything = true;
    expect((await deliver(h, event)).status).toBe(500);
    expect(await h.ctx.db.selectFrom('processed_events').selectAll().execute()).toEqual([]);

    fake.failEverything = false;
    expect((await deliver(h, event)).status).toBe(200);
    expect(await inventoryOf(h, player.token)).toHaveLength(1);
  });

  it('revokes on a full refund: entries Revoked, credits taken back as far as the balance allows', async () => {
    const { frigate, pack } = await catalogue();
    const gunboat = await addItem(h, { name: 'Gunboat', price_credits: 700 });
    const player = await registerPlayer(h);
    const { chargeId } = await buy(player.token, [
      { itemId: frigate.id, quantity: 1 },
      { itemId: pack.id, quantity: 2 },
    ]);
    // 1,000 credits bought; 700 of them spent before the refund.
    expect(
      (await call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId: gunboat.id } })).status,
    ).toBe(200);
    expect(await creditsOf(h, player.token, player.user._id)).toBe(300);
    const revenueBefore = await sumRevenueCentsSince(h.ctx.db, '2026-11-01T00:00:00.000Z');
    expect(revenueBefore).toBe(1599 + 998);

    const charge = fake.refundCharge(chargeId as string);
    const refund = fake.event('charge.refunded', charge);
    for (let i = 0; i < 3; i += 1) expect((await deliver(h, refund)).status).toBe(200);
    await deliver(h, fake.event('charge.refunded', charge));

    const inventory = await inventoryOf(h, player.token);
    const frigateEntry = inventory.find((entry) => entry.shopItem.name === 'Aegis Frigate');
    const gunboatEntry = inventory.find((entry) => entry.shopItem.name === 'Gunboat');
    expect(frigateEntry.revokedAt).toBe('2026-11-22T12:00:00.000Z');
    // What credits bought stays: only the card payment's purchase is revoked.
    expect(gunboatEntry.revokedAt).toBeNull();
    expect(await creditsOf(h, player.token, player.user._id)).toBe(0);
    const [payment] = await paymentsOf(h, player.user._id);
    expect(payment).toMatchObject({
      status: 'refunded',
      refunded_cents: 1599 + 998,
      credits_granted: 1000,
      credits_reclaimed: 300,
      credits_shortfall: 700,
    });
    expect(await sumRevenueCentsSince(h.ctx.db, '2026-11-01T00:00:00.000Z')).toBe(0);
    const reversals = await h.ctx.db
      .selectFrom('credit_ledger')
      .select(['delta', 'reason', 'reference'])
      .where('reason', '=', 'payment_reversal')
      .execute();
    expect(reversals).toEqual([{ delta: -300, reason: 'payment_reversal', reference: payment?.id }]);
  });

  it('keeps the purchase on a partial refund, and counts the refund against revenue', async () => {
    const { frigate } = await catalogue();
    const player = await registerPlayer(h);
    const { chargeId } = await buy(player.token, [{ itemId: frigate.id, quantity: 1 }]);

    await deliver(h, fake.event('charge.refunded', fake.refundCharge(chargeId as string, 500)));

    expect((await inventoryOf(h, player.token))[0].revokedAt).toBeNull();
    expect((await paymentsOf(h, player.user._id))[0]).toMatchObject({
      status: 'partially_refunded',
      refunded_cents: 500,
    });
    expect(await sumRevenueCentsSince(h.ctx.db, '2026-11-01T00:00:00.000Z')).toBe(1099);

    await deliver(h, fake.event('charge.refunded', fake.refundCharge(chargeId as string)));
    expect((await inventoryOf(h, player.token))[0].revokedAt).not.toBeNull();
    expect(await sumRevenueCentsSince(h.ctx.db, '2026-11-01T00:00:00.000Z')).toBe(0);
  });

  it('holds the purchase while a dispute is open and releases it when the dispute is won', async () => {
    const { frigate, pack } = await catalogue();
    const player = await registerPlayer(h);
    const { chargeId } = await buy(player.token, [
      { itemId: frigate.id, quantity: 1 },
      { itemId: pack.id, quantity: 1 },
    ]);
    await grantCredits(h, player.user._id, 50);

    const dispute = fake.openDispute(chargeId as string);
    const opened = fake.event('charge.dispute.created', dispute);
    await deliver(h, opened);
    await deliver(h, opened);
    expect((await inventoryOf(h, player.token))[0].revokedAt).not.toBeNull();
    expect(await creditsOf(h, player.token, player.user._id)).toBe(50);
    expect((await paymentsOf(h, player.user._id))[0]).toMatchObject({ status: 'disputed', credits_reclaimed: 500 });

    const closed = fake.event('charge.dispute.closed', fake.closeDispute(dispute.id, 'won'));
    await deliver(h, closed);
    await deliver(h, closed);
    expect((await inventoryOf(h, player.token))[0].revokedAt).toBeNull();
    expect(await creditsOf(h, player.token, player.user._id)).toBe(550);
    expect((await paymentsOf(h, player.user._id))[0]).toMatchObject({ status: 'paid', credits_reclaimed: 0 });
  });

  it('keeps the purchase revoked when a dispute is lost', async () => {
    const { frigate } = await catalogue();
    const player = await registerPlayer(h);
    const { chargeId } = await buy(player.token, [{ itemId: frigate.id, quantity: 1 }]);
    const dispute = fake.openDispute(chargeId as string);
    await deliver(h, fake.event('charge.dispute.created', dispute));

    await deliver(h, fake.event('charge.dispute.closed', fake.closeDispute(dispute.id, 'lost')));

    expect((await inventoryOf(h, player.token))[0].revokedAt).not.toBeNull();
    expect((await paymentsOf(h, player.user._id))[0]).toMatchObject({ status: 'dispute_lost', refunded_cents: 1599 });
    expect(await sumRevenueCentsSince(h.ctx.db, '2026-11-01T00:00:00.000Z')).toBe(0);
  });

  it("never pays an order on the site's own page when Stripe is configured", async () => {
    const { frigate } = await catalogue();
    const player = await registerPlayer(h);
    const [payment] = await (async () => {
      await checkout(player.token, [{ itemId: frigate.id, quantity: 1 }]);
      return paymentsOf(h, player.user._id);
    })();

    const res = await call(h, 'POST', `/api/stripe/orders/${payment?.id}/pay`, { token: player.token });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe('This order is paid on the payment provider’s page');
    expect(await inventoryOf(h, player.token)).toEqual([]);
    expect((await call(h, 'POST', '/api/stripe/sandbox/subscription/cancel', { token: player.token })).status).toBe(
      404,
    );
  });

  it('counts revenue in the window and active subscriptions for the admin dashboard', async () => {
    const { frigate } = await catalogue();
    const player = await registerPlayer(h);
    await buy(player.token, [{ itemId: frigate.id, quantity: 1 }]);

    expect(await sumRevenueCentsSince(h.ctx.db, '2026-11-22T00:00:00.000Z')).toBe(1599);
    expect(await sumRevenueCentsSince(h.ctx.db, '2026-11-23T00:00:00.000Z')).toBe(0);
    expect(await countActiveSubscriptions(h.ctx.db)).toBe(0);

    // The admin dashboard's Revenue (30d): in the window today, out of it a month on.
    const { admin } = await adminAndPlayer(h);
    const stats = async () => (await call(h, 'GET', '/api/admin/stats', { token: admin.token })).json.stats;
    expect((await stats()).revenue30d).toBe(15.99);
    h.clock.advance(31 * 24 * 60 * 60 * 1000);
    const again = await call(h, 'POST', '/api/auth/login', {
      body: { email: admin.user.email, password: admin.password },
    });
    expect((await call(h, 'GET', '/api/admin/stats', { token: again.json.token })).json.stats.revenue30d).toBe(0);
  });
});

describe('migration 006 after a later one', () => {
  it('is applied to a database that already ran the migrations numbered after it', async () => {
    const { Kysely, Migrator } = await import('kysely');
    const { connectDatabase } = await import('../src/db/connect.ts');
    const { migrateToLatest } = await import('../src/db/migrate.ts');
    const { migrations } = await import('../src/db/migrations/index.ts');
    const handle = connectDatabase({ databaseUrl: null, sqliteFile: ':memory:' });
    // 014 changes a table 006 makes, 017, 029 and 031 index one (031 also adds payment_events), and 034
    // indexes the entries' payment_id, which 006 adds: they come after 006 whenever 006 does.
    const laterOnPayments = ['-006-', '-014-', '-017-', '-029-', '-031-', '-034-'];
    const withoutPayments = Object.fromEntries(
      Object.entries(migrations).filter(([name]) => !laterOnPayments.some((part) => name.includes(part))),
    );
    const early = await new Migrator({
      db: handle.db as InstanceType<typeof Kysely<any>>,
      provider: { getMigrations: async () => withoutPayments },
    }).migrateToLatest();
    expect(early.error).toBeUndefined();

    expect(await migrateToLatest(handle.db, 'sqlite')).toEqual([
      '2026-11-22-006-payments',
      '2026-11-24-014-one-subscription-per-player',
      '2026-11-24-017-scale-indexes',
      '2026-11-24-029-purchases',
      '2026-11-24-031-payment-events',
      '2026-12-06-034-purchase-write-indexes',
    ]);
    const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['payments', 'subscriptions', 'processed_events']));
    await handle.close();
  });
});
