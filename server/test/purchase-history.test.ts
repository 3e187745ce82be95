// A player's Purchases page and receipts, and the monthly goal (issue 22), through the real app on
// each dialect: every kind of purchase with its amounts and status (card payments through the
// `stripe` package against the fake Stripe), a refund that shows at once, the card's last four digits
// on the receipt, paging across both sources without gap or repeat, another player's purchase a 404,
// and the goal's sum over the calendar month with a refund subtracted and last month left out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertPayment } from '../src/db/repositories/payments.ts';
import { insertCreditPurchase } from '../src/db/repositories/purchases.ts';
import { newId } from '../src/lib/ids.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, addTier, grantCredits } from './helpers/catalogue-factories.ts';
import type { FakeStripe } from './helpers/fake-stripe.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createStripeHarness, deliver, payByCard } from './helpers/payments.ts';
import { dialects, type TestHarness } from './helpers/test-context.ts';

const SECOND = 1000;

describe.each(dialects)('a player’s purchases on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let admin: Account;
  let player: Account;
  let friend: Account;
  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    ({ admin, player } = await adminAndPlayer(h));
    friend = await registerPlayer(h);
    await addCategory(h, { slug: 'ships' });
    await addCategory(h, { slug: 'credits' });
  });
  afterEach(async () => {
    await close();
  });

  const list = (token: string, query = '') => call(h, 'GET', `/api/purchases${query}`, { token });

  it('lists every kind newest first with its amount and status; a refunded card order reads refunded', async () => {
    const frigate = await addItem(h, {
      name: 'Aegis Frigate',
      price_credits: 300,
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
    const captain = await addTier(h, { name: 'Captain', price_cents: 999 });
    await grantCredits(h, player.user._id, 1000);

    // With credits, for oneself and for a friend.
    const own = await call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId: frigate.id } });
    expect(own.status).toBe(200);
    h.clock.advance(SECOND);
    const gifted = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: frigate.id, giftTo: friend.user.username },
    });
    expect(gifted.status).toBe(200);
    h.clock.advance(SECOND);
    // By card: the frigate (refunded later), then a credit pack.
    const frigateOrder = await payByCard(h, fake, player.token, [{ itemId: frigate.id, quantity: 1 }]);
    h.clock.advance(SECOND);
    fake.card = { brand: 'mastercard', last4: '4444' };
    await payByCard(h, fake, player.token, [{ itemId: pack.id, quantity: 1 }]);
    h.clock.advance(SECOND);
    // A month of a tier for the friend, by card.
    const tierGift = await call(h, 'POST', '/api/stripe/gift-tier', {
      token: player.token,
      body: { tierId: captain.id, giftTo: friend.user.username },
    });
    expect(tierGift.status).toBe(200);
    const giftSession = fake.completeCheckout((tierGift.json.url as string).split('/').pop() as string);
    expect((await deliver(h, fake.event('checkout.session.completed', giftSession.session))).status).toBe(200);
    h.clock.advance(SECOND);
    // A subscription: its first invoice.
    const subscribe = await call(h, 'POST', '/api/stripe/subscribe', {
      token: player.token,
      body: { tierId: captain.id },
    });
    const subSession = fake.completeCheckout((subscribe.json.url as string).split('/').pop() as string);
    expect((await deliver(h, fake.event('checkout.session.completed', subSession.session))).status).toBe(200);
    h.clock.advance(SECOND);
    // An order opened and never paid stays pending.
    await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: player.token,
      body: { items: [{ itemId: pack.id, quantity: 2 }] },
    });
    // The frigate's charge is refunded in Stripe's dashboard.
    await deliver(h, fake.event('charge.refunded', fake.refundCharge(frigateOrder.chargeId as string)));

    const res = await list(player.token);
    expect(res.status).toBe(200);
    expect(res.json.nextCursor).toBeNull();
    const rows = res.json.purchases.map((p: any) => [
      p.kind,
      p.status,
      p.totalCredits ?? p.totalUSD,
      p.lines.map((l: any) => `${l.quantity}× ${l.name} ${l.amount}`).join(', '),
      p.giftTo,
      p.hasReceipt,
    ]);
    expect(rows).toEqual([
      ['credit_pack', 'pending', 9.98, '2× 500 Credits 9.98', null, false],
      ['subscription', 'paid', 9.99, '1× Captain tier, first month 9.99', null, true],
      [
        'gift',
        'paid',
        9.99,
        `1× Captain tier for one month, a gift for ${friend.user.username} 9.99`,
        friend.user.username,
        true,
      ],
      ['credit_pack', 'paid', 4.99, '1× 500 Credits 4.99', null, true],
      ['card_order', 'refunded', 15.99, '1× Aegis Frigate 15.99', null, true],
      ['gift', 'paid', 240, '1× Aegis Frigate 240', friend.user.username, false],
      ['credit_purchase', 'paid', 240, '1× Aegis Frigate 240', null, false],
    ]);
    expect(res.json.purchases[6].lines[0].itemId).toBe(frigate.id);
    expect(res.json.purchases[6]._id).toBe(own.json.inventoryEntry._id);

    // The friend's list holds none of it: gifts are the buyer's purchases.
    expect((await list(friend.token)).json.purchases).toEqual([]);

    // The refunded frigate's receipt: full price, the item's discount, the total, the refund, Visa 4242.
    const frigateId = res.json.purchases[4]._id;
    const receipt = await call(h, 'GET', `/api/purchases/${frigateId}`, { token: player.token });
    expect(receipt.status).toBe(200);
    expect(receipt.json.receipt).toEqual({
      storeName: 'Starport',
      orderNumber: frigateId,
      subtotalUSD: 19.99,
      discountUSD: 4,
      totalUSD: 15.99,
      refundedUSD: 15.99,
      card: { brand: 'visa', last4: '4242' },
      sandbox: false,
      paidAt: '2026-11-22T12:00:02.000Z',
    });
    // The pack was paid with the other card; no discount there.
    const packReceipt = await call(h, 'GET', `/api/purchases/${res.json.purchases[3]._id}`, { token: player.token });
    expect(packReceipt.json.receipt).toMatchObject({
      subtotalUSD: 4.99,
      discountUSD: 0,
      card: { brand: 'mastercard', last4: '4444' },
    });
    // The subscription's first invoice names its card too.
    const subReceipt = await call(h, 'GET', `/api/purchases/${res.json.purchases[1]._id}`, { token: player.token });
    expect(subReceipt.json.receipt.card).toEqual({ brand: 'mastercard', last4: '4444' });
    // A credit purchase and a pending order have no receipt.
    const credit = await call(h, 'GET', `/api/purchases/${own.json.inventoryEntry._id}`, { token: player.token });
    expect(credit.json).toMatchObject({ purchase: { kind: 'credit_purchase', totalCredits: 240 }, receipt: null });
    const pending = await call(h, 'GET', `/api/purchases/${res.json.purchases[0]._id}`, { token: player.token });
    expect(pending.json.receipt).toBeNull();
  });

  it('shows a renewal and a failed renewal of the subscription', async () => {
    const captain = await addTier(h, { name: 'Captain', price_cents: 999 });
    const subscribe = await call(h, 'POST', '/api/stripe/subscribe', {
      token: player.token,
      body: { tierId: captain.id },
    });
    const started = fake.completeCheckout((subscribe.json.url as string).split('/').pop() as string);
    await deliver(h, fake.event('checkout.session.completed', started.session));
    h.clock.advance(SECOND);
    const renewal = fake.renewSubscription(started.subscriptionId as string);
    await deliver(h, fake.event('invoice.paid', fake.invoices.get(renewal.invoiceId) as object));
    h.clock.advance(SECOND);
    const failed = fake.renewSubscription(started.subscriptionId as string, { paid: false });
    await deliver(h, fake.event('invoice.payment_failed', fake.invoices.get(failed.invoiceId) as object));

    const res = await list(player.token);
    expect(res.json.purchases.map((p: any) => [p.kind, p.status, p.totalUSD, p.lines[0].name, p.hasReceipt])).toEqual([
      ['subscription', 'failed', 9.99, 'Captain tier, monthly renewal', false],
      ['subscription', 'paid', 9.99, 'Captain tier, monthly renewal', true],
      ['subscription', 'paid', 9.99, 'Captain tier, first month', true],
    ]);
    const renewalReceipt = await call(h, 'GET', `/api/purchases/${res.json.purchases[1]._id}`, { token: player.token });
    expect(renewalReceipt.json.receipt).toMatchObject({ totalUSD: 9.99, card: { brand: 'visa', last4: '4242' } });
  });

  it('pages across credit purchases and card orders without gap or repeat, and refuses a cursor it did not give out', async () => {
    // Eleven purchases, alternating sources, two pairs at the very same moment (ties go by id).
    const made: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const at = new Date(Date.UTC(2026, 10, 1, 0, 0, i - (i % 2 === 1 && i < 5 ? 1 : 0))).toISOString();
      const id = newId();
      made.push(id);
      if (i % 2 === 0) {
        await insertCreditPurchase(h.ctx.db, {
          id,
          user_id: player.user._id,
          item_id: null,
          item_name: `Thing ${i}`,
          quantity: 1,
          price_credits: 10 * i,
          recipient_id: null,
          created_at: at,
        });
      } else {
        await insertPayment(h.ctx.db, paymentRow(id, player.user._id, { created_at: at, paid_at: at }));
      }
    }
    // And one of the friend's, never listed here.
    await insertPayment(h.ctx.db, paymentRow(newId(), friend.user._id, {}));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(player.token, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.json.purchases.length).toBeLessThanOrEqual(3);
      seen.push(...res.json.purchases.map((p: any) => p._id));
      cursor = res.json.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(11);
    expect([...seen].sort()).toEqual([...made].sort());
    const whole = (await list(player.token, '?limit=50')).json.purchases.map((p: any) => p._id);
    expect(seen).toEqual(whole);

    const bad = await list(player.token, '?cursor=not-a-cursor');
    expect([bad.status, bad.json.error.message]).toEqual([
      400,
      'cursor is not one this list gave out (start again without it)',
    ]);
    const tooMany = await list(player.token, '?limit=500');
    expect(tooMany.status).toBe(400);
  });

  it('answers another player’s purchase, an unknown id and a closed order with 404, and a guest with 401', async () => {
    const theirs = newId();
    await insertPayment(h.ctx.db, paymentRow(theirs, friend.user._id, {}));
    const theirCredit = newId();
    await insertCreditPurchase(h.ctx.db, {
      id: theirCredit,
      user_id: friend.user._id,
      item_id: null,
      item_name: 'Scout',
      quantity: 1,
      price_credits: 100,
      recipient_id: null,
      created_at: '2026-11-22T12:00:00.000Z',
    });
    const expired = newId();
    await insertPayment(h.ctx.db, paymentRow(expired, player.user._id, { status: 'expired', paid_at: null }));

    for (const id of [theirs, theirCredit, 'nope', expired]) {
      const res = await call(h, 'GET', `/api/purchases/${id}`, { token: player.token });
      expect([res.status, res.json.error.message]).toEqual([404, 'Purchase not found']);
    }
    expect((await call(h, 'GET', `/api/purchases/${theirs}`, { token: friend.token })).status).toBe(200);
    expect((await list(player.token)).json.purchases).toEqual([]);
    expect((await call(h, 'GET', '/api/purchases')).status).toBe(401);
    expect((await call(h, 'GET', `/api/purchases/${theirs}`)).status).toBe(401);
  });

  it('the monthly goal: this UTC month’s card revenue less its refunds; last month left out; none until set', async () => {
    const goal = () => call(h, 'GET', '/api/shop/goal');
    expect((await goal()).json).toEqual({ goalUSD: null, raisedUSD: 0, text: '' });

    const set = await call(h, 'PATCH', '/api/admin/site-settings', {
      token: admin.token,
      body: { monthlyGoal: { amountUSD: 500, text: '  Keep the servers running  ' } },
    });
    expect(set.status).toBe(200);
    expect(set.json.settings.monthlyGoal).toEqual({ amountUSD: 500, text: 'Keep the servers running' });
    expect((await call(h, 'GET', '/api/shop/site-settings')).json.settings.monthlyGoal).toEqual({
      amountUSD: 500,
      text: 'Keep the servers running',
    });

    const user = player.user._id;
    // The clock is 2026-11-22T12:00Z: October's payment and refund are left out.
    await insertPayment(
      h.ctx.db,
      paymentRow(newId(), user, { amount_cents: 7000, paid_at: '2026-10-31T23:59:59.999Z' }),
    );
    await insertPayment(
      h.ctx.db,
      paymentRow(newId(), user, { amount_cents: 1999, paid_at: '2026-11-01T00:00:00.000Z' }),
    );
    await insertPayment(
      h.ctx.db,
      paymentRow(newId(), user, { amount_cents: 999, paid_at: '2026-11-20T10:00:00.000Z' }),
    );
    // Paid in October, refunded in November: the refund counts now.
    await insertPayment(
      h.ctx.db,
      paymentRow(newId(), user, {
        status: 'refunded',
        amount_cents: 500,
        refunded_cents: 500,
        paid_at: '2026-10-15T00:00:00.000Z',
        refunded_at: '2026-11-05T00:00:00.000Z',
      }),
    );
    // Paid and half refunded in November.
    await insertPayment(
      h.ctx.db,
      paymentRow(newId(), user, {
        status: 'partially_refunded',
        amount_cents: 1000,
        refunded_cents: 400,
        paid_at: '2026-11-06T00:00:00.000Z',
        refunded_at: '2026-11-07T00:00:00.000Z',
      }),
    );
    // Not money received: pending, and December's.
    await insertPayment(h.ctx.db, paymentRow(newId(), user, { status: 'pending', amount_cents: 9999, paid_at: null }));
    await insertPayment(
      h.ctx.db,
      paymentRow(newId(), user, { amount_cents: 3000, paid_at: '2026-12-01T00:00:00.000Z' }),
    );

    expect((await goal()).json).toEqual({ goalUSD: 500, raisedUSD: 30.98, text: 'Keep the servers running' });

    for (const monthlyGoal of [
      { amountUSD: 0, text: '' },
      { amountUSD: 10.005, text: '' },
      { amountUSD: 5, text: 'x'.repeat(121) },
    ]) {
      const refused = await call(h, 'PATCH', '/api/admin/site-settings', { token: admin.token, body: { monthlyGoal } });
      expect(refused.status).toBe(400);
    }
    const byPlayer = await call(h, 'PATCH', '/api/admin/site-settings', {
      token: player.token,
      body: { monthlyGoal: null },
    });
    expect(byPlayer.status).toBe(403);
    expect((await goal()).json.goalUSD).toBe(500);

    // A new month starts from nothing (December's own payment only).
    h.clock.set(new Date('2026-12-02T00:00:00.000Z'));
    expect((await goal()).json.raisedUSD).toBe(30);
    h.clock.set(new Date('2026-11-22T12:00:00.000Z'));

    const cleared = await call(h, 'PATCH', '/api/admin/site-settings', {
      token: admin.token,
      body: { monthlyGoal: null },
    });
    expect(cleared.json.settings.monthlyGoal).toBeNull();
    expect((await goal()).json).toEqual({ goalUSD: null, raisedUSD: 0, text: '' });
  });
});

function paymentRow(id: string, userId: string, overrides: Record<string, unknown>) {
  return {
    id,
    user_id: userId,
    provider: 'stripe' as const,
    kind: 'items' as const,
    status: 'paid',
    amount_cents: 999,
    currency: 'usd',
    purchase: JSON.stringify({ kind: 'items', lines: [] }),
    idempotency_key: null,
    checkout_session_id: null,
    checkout_url: null,
    payment_intent_id: null,
    subscription_id: null,
    invoice_id: null,
    note: null,
    created_at: '2026-11-22T12:00:00.000Z',
    updated_at: '2026-11-22T12:00:00.000Z',
    paid_at: '2026-11-22T12:00:00.000Z',
    refunded_at: null,
    ...overrides,
  };
}
