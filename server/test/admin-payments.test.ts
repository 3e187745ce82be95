// The admin's Payments screen (issue 22) through the real app: the list's filters, search and paging,
// one order's history, a full refund through the fake Stripe (the same reversal as a refund made in
// Stripe's dashboard: items revoked wherever they went, credits clawed back, a tier and a gifted month
// ended), a second refund refused, the CSV, and the revenue per day.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE_SYNC_JOB } from '../src/services/discord/roles.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, addTier } from './helpers/catalogue-factories.ts';
import { gift } from './helpers/economy.ts';
import type { FakeStripe } from './helpers/fake-stripe.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createStripeHarness, creditsOf, deliver, inventoryOf, meOf, payByCard } from './helpers/payments.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dialects)('admin refunds through Stripe on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let admin: Account;
  let player: Account;

  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    ({ admin, player } = await adminAndPlayer(h));
    await addCategory(h, { slug: 'ships' });
    await addCategory(h, { slug: 'credits' });
  });
  afterEach(async () => {
    await close();
  });

  async function buyFrigateAndPack(token = player.token) {
    const frigate = await addItem(h, { name: 'Aegis Frigate', price_credits: 0, price_usd_cents: 1999 });
    const pack = await addItem(h, {
      name: '500 Credits',
      category: 'credits',
      price_credits: 0,
      price_usd_cents: 499,
      credit_amount: 500,
      game_items: '[]',
    });
    const paid = await payByCard(h, fake, token, [
      { itemId: frigate.id, quantity: 1 },
      { itemId: pack.id, quantity: 1 },
    ]);
    const list = await call(h, 'GET', '/api/admin/payments', { token: admin.token });
    return { paid, paymentId: list.json.payments[0]._id as string };
  }

  const refund = (id: string, token = admin.token) => call(h, 'POST', `/api/admin/payments/${id}/refund`, { token });

  it('lists the card order with its player, amount and what it bought; its page shows checkout then paid', async () => {
    const { paymentId } = await buyFrigateAndPack();
    const list = await call(h, 'GET', '/api/admin/payments', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      payments: [
        {
          _id: paymentId,
          player: { _id: player.user._id, username: player.user.username },
          kind: 'items',
          status: 'paid',
          amount: 24.98,
          refunded: 0,
          currency: 'usd',
          provider: 'stripe',
          summary: '1 × Aegis Frigate, 1 × 500 Credits',
          createdAt: '2026-11-22T12:00:00.000Z',
          paidAt: '2026-11-22T12:00:00.000Z',
        },
      ],
      nextCursor: null,
    });
    const one = await call(h, 'GET', `/api/admin/payments/${paymentId}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.json.payment).toMatchObject({
      email: player.user.email,
      creditsGranted: 500,
      refundRefusal: null,
      lines: [
        { name: 'Aegis Frigate', quantity: 1, amount: 19.99, credits: 0 },
        { name: '500 Credits', quantity: 1, amount: 4.99, credits: 500 },
      ],
    });
    expect(one.json.payment.paymentIntentId).toMatch(/^pi_/);
    expect(one.json.payment.events).toEqual([
      {
        _id: expect.any(String),
        type: 'checkout',
        at: '2026-11-22T12:00:00.000Z',
        amount: null,
        by: player.user.username,
        note: null,
      },
      {
        _id: expect.any(String),
        type: 'paid',
        at: '2026-11-22T12:00:00.000Z',
        amount: 24.98,
        by: 'Stripe',
        note: null,
      },
    ]);
    expect((await call(h, 'GET', '/api/admin/payments/nope', { token: admin.token })).json).toEqual({
      error: expect.objectContaining({ message: 'Payment not found' }),
    });
  });

  it('refunds in full through Stripe: the items revoked, the credits clawed back, audited; a second refund is refused', async () => {
    const { paymentId } = await buyFrigateAndPack();
    expect(await creditsOf(h, player.token, player.user._id)).toBe(500);
    h.clock.advance(DAY);

    const res = await refund(paymentId);
    expect(res.status, res.text).toBe(200);
    const refunds = fake.requestsTo('POST', '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.idempotencyKey).toBe(`admin-refund-${paymentId}`);
    expect(refunds[0]?.body).toMatchObject({
      payment_intent: res.json.payment.paymentIntentId,
      reason: 'requested_by_customer',
      metadata: { paymentId, refundedBy: admin.user._id },
    });
    expect(res.json.payment).toMatchObject({
      status: 'refunded',
      refunded: 24.98,
      creditsReclaimed: 500,
      refundRefusal: 'This payment has already been refunded',
    });
    expect(res.json.payment.events.at(-1)).toEqual({
      _id: expect.any(String),
      type: 'refunded',
      at: '2026-11-23T12:00:00.000Z',
      amount: 24.98,
      by: admin.user.username,
      note: 'Refunded from the admin Payments screen',
    });
    // The frigate is no longer the player's to use: revoked, never delivered, neither giftable nor tradeable.
    const [entry] = await inventoryOf(h, player.token);
    expect(entry).toMatchObject({ revokedAt: '2026-11-23T12:00:00.000Z', giftRefusal: 'This item was revoked' });
    expect(await creditsOf(h, player.token, player.user._id)).toBe(0);
    const audit = await call(h, 'GET', '/api/admin/audit?action=payments.refund', { token: admin.token });
    expect(audit.json.entries).toHaveLength(1);

    const again = await refund(paymentId);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('This payment has already been refunded');
    expect(fake.requestsTo('POST', '/v1/refunds')).toHaveLength(1);

    // Stripe's charge.refunded webhook arriving afterwards finds it done.
    const charge = [...fake.charges.values()][0];
    expect((await deliver(h, fake.event('charge.refunded', charge as object))).status).toBe(200);
    const after = await call(h, 'GET', `/api/admin/payments/${paymentId}`, { token: admin.token });
    expect(after.json.payment.events.filter((e: { type: string }) => e.type === 'refunded')).toHaveLength(1);
    expect(await creditsOf(h, player.token, player.user._id)).toBe(0);
  });

  it('takes back an item the buyer gave away before the refund', async () => {
    const { paymentId } = await buyFrigateAndPack();
    const friend = await registerPlayer(h);
    // Its trade lock run out (as a week later; the session would have expired by then).
    await h.ctx.db.updateTable('inventory_entries').set({ trade_locked_until: null }).execute();
    const [bought] = await inventoryOf(h, player.token);
    const given = await gift(h, player.token, bought._id, { recipient: friend.user.username, quantity: 1 });
    expect(given.status, given.text).toBe(200);
    expect((await inventoryOf(h, friend.token))[0].revokedAt).toBeNull();

    expect((await refund(paymentId)).status).toBe(200);

    const [received] = await inventoryOf(h, friend.token);
    expect(received.revokedAt).not.toBeNull();
    expect(received.giftRefusal).toBe('This item was revoked');
  });

  it('refuses while Stripe is down and changes nothing (502); a player is refused (403)', async () => {
    const { paymentId } = await buyFrigateAndPack();
    expect((await refund(paymentId, player.token)).status).toBe(403);
    fake.failEverything = true;
    const res = await refund(paymentId);
    expect(res.status).toBe(502);
    expect(res.json.error.message).toBe('The payment provider could not be reached. Please try again.');
    fake.failEverything = false;
    const one = await call(h, 'GET', `/api/admin/payments/${paymentId}`, { token: admin.token });
    expect(one.json.payment.status).toBe('paid');
    expect(await creditsOf(h, player.token, player.user._id)).toBe(500);
  });
});

describe.each(dialects)('admin refunds in the sandbox on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let buyer: Account;
  let friend: Account;

  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player: buyer } = await adminAndPlayer(h));
    friend = await registerPlayer(h);
  });
  afterEach(async () => {
    await h.close();
  });

  const payOrder = async (token: string, url: string) => {
    const id = url.replace('/checkout/', '');
    const paid = await call(h, 'POST', `/api/stripe/orders/${id}/pay`, { token });
    expect(paid.status, paid.text).toBe(200);
    return id;
  };

  it('a refunded month of a tier given as a gift ends: the tier and its Discord role go', async () => {
    const tier = await addTier(h, { name: 'Captain', price_cents: 500 });
    const res = await call(h, 'POST', '/api/stripe/gift-tier', {
      token: buyer.token,
      body: { tierId: tier.id, giftTo: friend.user.username },
    });
    const id = await payOrder(buyer.token, res.json.url);
    expect((await meOf(h, friend.token)).currentTier?.name).toBe('Captain');
    const listed = await call(h, 'GET', '/api/admin/payments', { token: admin.token });
    expect(listed.json.payments[0]).toMatchObject({
      kind: 'tier_gift',
      summary: `Captain tier for one month, a gift for ${friend.user.username}`,
    });

    const refunded = await call(h, 'POST', `/api/admin/payments/${id}/refund`, { token: admin.token });
    expect(refunded.status, refunded.text).toBe(200);
    expect((await meOf(h, friend.token)).currentTier).toBeNull();
    const gift = await h.ctx.db.selectFrom('tier_gifts').select('ended_at').executeTakeFirstOrThrow();
    expect(gift.ended_at).not.toBeNull();
    const jobs = await h.ctx.db
      .selectFrom('jobs')
      .select(['kind', 'payload'])
      .where('kind', '=', ROLE_SYNC_JOB)
      .execute();
    expect(jobs.some((job) => String(job.payload).includes(friend.user._id))).toBe(true);
  });

  it('a refunded subscription ends the tier', async () => {
    const tier = await addTier(h, { name: 'Cadet', price_cents: 300 });
    const res = await call(h, 'POST', '/api/stripe/subscribe', { token: buyer.token, body: { tierId: tier.id } });
    const id = await payOrder(buyer.token, res.json.url);
    expect((await meOf(h, buyer.token)).currentTier?.name).toBe('Cadet');
    const refunded = await call(h, 'POST', `/api/admin/payments/${id}/refund`, { token: admin.token });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.json.payment).toMatchObject({ kind: 'subscription', status: 'refunded', provider: 'sandbox' });
    expect((await meOf(h, buyer.token)).currentTier).toBeNull();
  });

  it('an item bought for a friend is taken back from the friend', async () => {
    await addCategory(h, { slug: 'ships' });
    const ship = await addItem(h, { name: 'Scout', price_credits: 0, price_usd_cents: 999 });
    const res = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { items: [{ itemId: ship.id, quantity: 1 }], giftTo: friend.user.username },
    });
    expect(res.status, res.text).toBe(200);
    const id = await payOrder(buyer.token, res.json.url);
    expect((await inventoryOf(h, friend.token))[0].revokedAt).toBeNull();
    expect((await call(h, 'POST', `/api/admin/payments/${id}/refund`, { token: admin.token })).status).toBe(200);
    expect((await inventoryOf(h, friend.token))[0].revokedAt).not.toBeNull();
  });

  it('refuses to refund an order that was never paid', async () => {
    await addCategory(h, { slug: 'ships' });
    const ship = await addItem(h, { name: 'Scout', price_credits: 0, price_usd_cents: 999 });
    const res = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { items: [{ itemId: ship.id, quantity: 1 }] },
    });
    const id = (res.json.url as string).replace('/checkout/', '');
    const refused = await call(h, 'POST', `/api/admin/payments/${id}/refund`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe('Only a paid payment can be refunded');
    const one = await call(h, 'GET', `/api/admin/payments/${id}`, { token: admin.token });
    expect(one.json.payment).toMatchObject({ status: 'pending', refundRefusal: 'Only a paid payment can be refunded' });
  });
});

describe.each(dialects)('the admin payments list, CSV and revenue on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let ada: Account;
  let bob: Account;
  let seq = 0;

  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin } = await adminAndPlayer(h));
    ada = await registerPlayer(h, { username: `ada${Date.now() % 100000}`, email: `ada.${Date.now()}@mail.test` });
    bob = await registerPlayer(h, { username: `bob${Date.now() % 100000}`, email: `bob.${Date.now()}@other.test` });
  });
  afterEach(async () => {
    await h.close();
  });

  /** A payment row as the payment rules write them. */
  async function addPayment(
    userId: string,
    overrides: {
      status?: string;
      provider?: 'stripe' | 'sandbox';
      createdAt: string;
      paidAt?: string | null;
      cents?: number;
      refundedCents?: number;
      refundedAt?: string | null;
      name?: string;
    },
  ) {
    seq += 1;
    const id = `pay-${String(seq).padStart(4, '0')}`;
    const cents = overrides.cents ?? 1000;
    const status = overrides.status ?? 'paid';
    await h.ctx.db
      .insertInto('payments')
      .values({
        id,
        user_id: userId,
        provider: overrides.provider ?? 'stripe',
        kind: 'items',
        status,
        amount_cents: cents,
        currency: 'usd',
        purchase: JSON.stringify({
          kind: 'items',
          lines: [
            {
              itemId: 'i',
              name: overrides.name ?? 'Scout',
              category: 'ships',
              quantity: 1,
              unitAmountCents: cents,
              amountCents: cents,
              credits: 0,
            },
          ],
        }),
        idempotency_key: null,
        checkout_session_id: null,
        checkout_url: null,
        payment_intent_id: `pi_${id}`,
        subscription_id: null,
        invoice_id: null,
        note: null,
        created_at: overrides.createdAt,
        updated_at: overrides.createdAt,
        paid_at:
          overrides.paidAt === undefined ? (status === 'pending' ? null : overrides.createdAt) : overrides.paidAt,
        refunded_at: overrides.refundedAt ?? null,
        refunded_cents: overrides.refundedCents ?? 0,
      })
      .execute();
    return id;
  }

  const list = (query = '') => call(h, 'GET', `/api/admin/payments${query}`, { token: admin.token });
  const ids = (res: { json: { payments: { _id: string }[] } }) => res.json.payments.map((p) => p._id);

  it('filters by status, provider and days; searches username, email and order id; pages without gaps', async () => {
    const a1 = await addPayment(ada.user._id, { createdAt: '2026-11-01T10:00:00.000Z' });
    const a2 = await addPayment(ada.user._id, { createdAt: '2026-11-05T10:00:00.000Z', status: 'refunded' });
    const b1 = await addPayment(bob.user._id, { createdAt: '2026-11-05T23:59:59.000Z', provider: 'sandbox' });
    const b2 = await addPayment(bob.user._id, { createdAt: '2026-11-10T00:00:00.000Z', status: 'pending' });

    expect(ids(await list())).toEqual([b2, b1, a2, a1]);
    expect(ids(await list('?status=refunded'))).toEqual([a2]);
    expect(ids(await list('?provider=sandbox'))).toEqual([b1]);
    expect(ids(await list('?from=2026-11-05&to=2026-11-05'))).toEqual([b1, a2]);
    expect(ids(await list('?from=2026-11-06'))).toEqual([b2]);
    expect(ids(await list(`?search=${ada.user.username.toUpperCase()}`))).toEqual([a2, a1]);
    expect(ids(await list('?search=other.test'))).toEqual([b2, b1]);
    expect(ids(await list('?search=bo'))).toEqual([b2, b1]);
    expect(ids(await list(`?search=${a1}`))).toEqual([a1]);
    expect(ids(await list(`?search=pi_${b1}`))).toEqual([b1]);
    expect(ids(await list('?search=nobody-at-all'))).toEqual([]);
    expect(ids(await list('?status=paid&search=ada'))).toEqual([a1]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...ids(page));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(seen).toEqual([b2, b1, a2, a1]);

    for (const bad of [
      '?status=lost',
      '?provider=paypal',
      '?from=5.11.2026',
      '?from=2026-11-06&to=2026-11-05',
      '?cursor=abc',
    ]) {
      const res = await list(bad);
      expect(res.status, bad).toBe(400);
      expect(res.json.error.message).toEqual(expect.any(String));
    }
  });

  it('exports the filtered rows as CSV: a header row, quoting, formulas defused', async () => {
    const quoted = await addPayment(ada.user._id, {
      createdAt: '2026-11-02T08:00:00.000Z',
      name: 'Frigate "Mk II", refit',
      cents: 1999,
    });
    const formula = await addPayment(ada.user._id, { createdAt: '2026-11-03T08:00:00.000Z', name: '=HYPERLINK("x")' });
    await addPayment(bob.user._id, { createdAt: '2026-11-04T08:00:00.000Z', status: 'pending' });

    const res = await call(h, 'GET', `/api/admin/payments.csv?status=paid`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="payments-2026-11-22.csv"');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      'Order,Created (UTC),Paid (UTC),Player,Player id,Email,Kind,Status,Amount (USD),Refunded (USD),Currency,Provider,Provider payment,Items',
    );
    expect(lines[1]).toBe(
      `${formula},2026-11-03T08:00:00.000Z,2026-11-03T08:00:00.000Z,${ada.user.username},${ada.user._id},${ada.user.email},items,paid,10.00,0.00,usd,stripe,pi_${formula},"1 × =HYPERLINK(""x"")"`,
    );
    expect(lines[2]).toBe(
      `${quoted},2026-11-02T08:00:00.000Z,2026-11-02T08:00:00.000Z,${ada.user.username},${ada.user._id},${ada.user.email},items,paid,19.99,0.00,usd,stripe,pi_${quoted},"1 × Frigate ""Mk II"", refit"`,
    );
    expect(lines.slice(3)).toEqual(['']);

    const csvOf = async (query: string) =>
      (await call(h, 'GET', `/api/admin/payments.csv${query}`, { token: admin.token })).text.split('\r\n').length - 2;
    expect(await csvOf('')).toBe(3);
    expect(await csvOf(`?search=${bob.user.username}`)).toBe(1);
    expect((await call(h, 'GET', '/api/admin/payments.csv?to=x', { token: admin.token })).status).toBe(400);
  });

  it('streams more rows than one batch, each once', async () => {
    for (let i = 0; i < 520; i += 1) {
      const at = new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString();
      await addPayment(bob.user._id, { createdAt: at });
    }
    const res = await call(h, 'GET', '/api/admin/payments.csv', { token: admin.token });
    const rows = res.text.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(520);
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(520);
  });

  it('draws revenue per day: refunds subtracted on their day, days without orders as zero', async () => {
    h.clock.set(new Date('2026-11-22T15:00:00.000Z'));
    await addPayment(ada.user._id, { createdAt: '2026-11-20T09:00:00.000Z', cents: 1000 });
    await addPayment(ada.user._id, { createdAt: '2026-11-20T18:00:00.000Z', cents: 500 });
    await addPayment(bob.user._id, {
      createdAt: '2026-11-21T09:00:00.000Z',
      cents: 2000,
      status: 'refunded',
      refundedCents: 2000,
      refundedAt: '2026-11-22T10:00:00.000Z',
    });
    await addPayment(bob.user._id, { createdAt: '2026-11-21T10:00:00.000Z', status: 'pending', paidAt: null });
    // Outside the 30 days.
    await addPayment(bob.user._id, { createdAt: '2026-10-01T10:00:00.000Z', cents: 9900 });

    const res = await call(h, 'GET', '/api/admin/stats/revenue', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.days).toHaveLength(30);
    expect(res.json.days[0]).toEqual({ date: '2026-10-24', revenue: 0, orders: 0 });
    expect(res.json.days.slice(-3)).toEqual([
      { date: '2026-11-20', revenue: 15, orders: 2 },
      { date: '2026-11-21', revenue: 20, orders: 1 },
      { date: '2026-11-22', revenue: -20, orders: 0 },
    ]);
    expect(res.json).toMatchObject({ totalRevenue: 15, totalOrders: 3 });
    // The dashboard's Revenue (30d) agrees with the chart.
    const stats = await call(h, 'GET', '/api/admin/stats', { token: admin.token });
    expect(stats.json.stats.revenue30d).toBe(15);

    const ninety = await call(h, 'GET', '/api/admin/stats/revenue?days=90', { token: admin.token });
    expect(ninety.json.days).toHaveLength(90);
    expect(ninety.json.totalRevenue).toBe(114);
    expect((await call(h, 'GET', '/api/admin/stats/revenue?days=7', { token: admin.token })).status).toBe(400);
  });
});
