// Coupons (issue 22) through the real app on each dialect: the admins' codes (validated, audited,
// admins only), the shop's check with every reason a code does not apply, a credit purchase and a
// card checkout charged the discounted price (what the fake Stripe receives), the limits under 100
// concurrent purchases, and a refunded or cancelled order giving its use back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sumLedger } from '../src/db/repositories/credits.ts';
import {
  expireAbandonedSandboxOrders,
  renewDueSandboxSubscriptions,
} from '../src/services/payments/providers/sandbox.ts';
import { adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, addTier, grantCredits } from './helpers/catalogue-factories.ts';
import type { FakeStripe } from './helpers/fake-stripe.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createStripeHarness, deliver, inventoryOf, meOf, paymentsOf } from './helpers/payments.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(dialects)('coupons on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let adminToken: string;

  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    await addCategory(h, { slug: 'ships' });
    await addCategory(h, { slug: 'credits' });
    const { admin } = await adminAndPlayer(h);
    adminToken = admin.token;
  });
  afterEach(async () => {
    await close();
  });

  async function createCoupon(body: Record<string, unknown>) {
    const res = await call(h, 'POST', '/api/admin/coupons', { token: adminToken, body });
    if (res.status !== 201) throw new Error(`coupon not created: ${res.status} ${res.text}`);
    return res.json.coupon;
  }

  async function usesOf(id: string): Promise<number> {
    const res = await call(h, 'GET', '/api/admin/coupons', { token: adminToken });
    return res.json.coupons.find((c: any) => c._id === id).uses;
  }

  async function frigate() {
    return addItem(h, { name: 'Aegis Frigate', price_credits: 1000, price_usd_cents: 2000, discount: 0 });
  }

  async function playerWith(credits: number) {
    const player = await registerPlayer(h);
    if (credits > 0) await grantCredits(h, player.user._id, credits);
    return player;
  }

  describe('admin', () => {
    it('creates, lists, changes and deletes a code, each change in the audit log', async () => {
      const created = await createCoupon({ code: 'Spring25', percentOff: 25, maxUses: 50, maxUsesPerPlayer: 1 });
      expect(created).toMatchObject({
        code: 'Spring25',
        percentOff: 25,
        amountOff: null,
        appliesTo: { all: true },
        minSpend: 0,
        maxUses: 50,
        maxUsesPerPlayer: 1,
        active: true,
        uses: 0,
      });
      const listed = await call(h, 'GET', '/api/admin/coupons', { token: adminToken });
      expect(listed.json.coupons.map((c: any) => c.code)).toEqual(['Spring25']);

      // Switching to an amount off clears the percent.
      const changed = await call(h, 'PATCH', `/api/admin/coupons/${created._id}`, {
        token: adminToken,
        body: { amountOff: 300, active: false },
      });
      expect(changed.status).toBe(200);
      expect(changed.json.coupon).toMatchObject({ percentOff: null, amountOff: 300, active: false });

      const removed = await call(h, 'DELETE', `/api/admin/coupons/${created._id}`, { token: adminToken });
      expect(removed.status).toBe(200);
      expect((await call(h, 'GET', '/api/admin/coupons', { token: adminToken })).json.coupons).toEqual([]);

      const audit = await call(h, 'GET', '/api/admin/audit?search=Spring25', { token: adminToken });
      expect(audit.json.entries.map((e: any) => e.action).sort()).toEqual([
        'coupon.create',
        'coupon.delete',
        'coupon.update',
      ]);
    });

    it('refuses codes that clash without regard to case, and bad fields, with clear messages', async () => {
      await createCoupon({ code: 'WELCOME', amountOff: 100 });
      const cases: [Record<string, unknown>, number, string][] = [
        [{ code: 'welcome', percentOff: 10 }, 409, 'A coupon with this code already exists'],
        [{ code: 'BOTH', percentOff: 10, amountOff: 5 }, 400, 'Give either a percent off or an amount off, not both'],
        [{ code: 'NONE' }, 400, 'Give a percent off or an amount off'],
        [{ code: 'PCT', percentOff: 101 }, 400, 'Percent off must be a whole number from 1 to 100'],
        [{ code: 'a b', percentOff: 10 }, 400, 'A code is 3 to 32 letters, digits, dashes or underscores'],
        [
          { code: 'LATE', percentOff: 10, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
          400,
          'The end must come after the start',
        ],
        [
          { code: 'EMPTY', percentOff: 10, appliesTo: { itemIds: [] } },
          400,
          'Choose at least one category, item or tier, or apply the code to everything',
        ],
        [
          { code: 'PER', percentOff: 10, maxUses: 2, maxUsesPerPlayer: 3 },
          400,
          'Uses per player cannot be more than the total uses',
        ],
      ];
      for (const [body, status, message] of cases) {
        const res = await call(h, 'POST', '/api/admin/coupons', { token: adminToken, body });
        expect([res.status, res.json.error.message]).toEqual([status, message]);
      }
      const list = await call(h, 'GET', '/api/admin/coupons', { token: adminToken });
      expect(list.json.coupons).toHaveLength(1);
    });

    it('answers 403 to players and 401 to guests', async () => {
      const player = await registerPlayer(h);
      expect((await call(h, 'GET', '/api/admin/coupons', { token: player.token })).status).toBe(403);
      const post = await call(h, 'POST', '/api/admin/coupons', {
        token: player.token,
        body: { code: 'HACK', percentOff: 100 },
      });
      expect(post.status).toBe(403);
      expect((await call(h, 'GET', '/api/admin/coupons')).status).toBe(401);
    });
  });

  describe('check', () => {
    it('answers the prices after the code, in credits and in USD', async () => {
      const item = await frigate();
      await createCoupon({ code: 'TENOFF', percentOff: 10 });
      await createCoupon({ code: 'FLAT', amountOff: 150 });
      const player = await registerPlayer(h);
      const percent = await call(h, 'POST', '/api/shop/coupons/check', {
        token: player.token,
        body: { code: 'tenoff', itemId: item.id },
      });
      expect(percent.status).toBe(200);
      expect(percent.json).toEqual({
        code: 'TENOFF',
        credits: { before: 1000, after: 900 },
        usd: { before: 20, after: 18 },
      });
      const flat = await call(h, 'POST', '/api/shop/coupons/check', {
        token: player.token,
        body: { code: 'FLAT', itemId: item.id },
      });
      // 150 credits off the credit price; 150 cents off the card price.
      expect(flat.json).toEqual({
        code: 'FLAT',
        credits: { before: 1000, after: 850 },
        usd: { before: 20, after: 18.5 },
      });
    });

    it('says why a code does not apply', async () => {
      const item = await frigate();
      const other = await addItem(h, { name: 'Gunboat', price_credits: 100, price_usd_cents: 0 });
      const tier = await addTier(h, { name: 'Commander', price_cents: 999 });
      const player = await registerPlayer(h);
      await createCoupon({ code: 'OFF', percentOff: 10, active: false });
      await createCoupon({ code: 'SOON', percentOff: 10, startsAt: '2026-11-23T12:00:00Z' });
      await createCoupon({ code: 'OLD', percentOff: 10, endsAt: '2026-11-22T11:00:00Z' });
      await createCoupon({ code: 'SHIPONLY', percentOff: 10, appliesTo: { itemIds: [item.id] } });
      await createCoupon({ code: 'BIGSPEND', percentOff: 10, minSpend: 5000 });
      const gone = await createCoupon({ code: 'GONE', percentOff: 10, maxUses: 1 });
      await h.ctx.db.updateTable('coupons').set({ uses: 1 }).where('id', '=', gone._id).execute();
      const cases: [Record<string, unknown>, string][] = [
        [{ code: 'NOPE', itemId: item.id }, 'This code does not exist'],
        [{ code: 'OFF', itemId: item.id }, 'This code is not active'],
        [{ code: 'SOON', itemId: item.id }, 'This code is not valid yet'],
        [{ code: 'OLD', itemId: item.id }, 'This code has expired'],
        [{ code: 'GONE', itemId: item.id }, 'This code has been used up'],
        [{ code: 'SHIPONLY', itemId: other.id }, 'This code does not apply to this item'],
        [{ code: 'SHIPONLY', tierId: tier.id }, 'This code does not apply to this item'],
        [{ code: 'BIGSPEND', itemId: other.id }, 'This code needs a purchase of at least 5000 credits'],
        [{ code: 'BIGSPEND', tierId: tier.id }, 'This code needs a purchase of at least $50.00'],
      ];
      for (const [body, message] of cases) {
        const res = await call(h, 'POST', '/api/shop/coupons/check', { token: player.token, body });
        expect([res.status, res.json.error.message]).toEqual([400, message]);
      }
      // The start comes: the code applies.
      h.clock.advance(24 * HOUR);
      const started = await call(h, 'POST', '/api/shop/coupons/check', {
        token: player.token,
        body: { code: 'SOON', itemId: item.id },
      });
      expect(started.status).toBe(200);
    });
  });

  describe('credit purchase', () => {
    it('debits the discounted price and takes one use; the player limit then refuses, changing nothing', async () => {
      const item = await frigate();
      const coupon = await createCoupon({ code: 'ONCE', amountOff: 400, maxUsesPerPlayer: 1 });
      const player = await playerWith(1500);
      const bought = await call(h, 'POST', '/api/shop/purchase', {
        token: player.token,
        body: { itemId: item.id, quantity: 1, coupon: 'once' },
      });
      expect(bought.status).toBe(200);
      expect(bought.json.credits).toBe(900);
      expect(await usesOf(coupon._id)).toBe(1);
      const redemption = await h.ctx.db.selectFrom('coupon_redemptions').selectAll().executeTakeFirstOrThrow();
      expect(redemption).toMatchObject({
        code: 'ONCE',
        kind: 'credit_purchase',
        reference: bought.json.inventoryEntry._id,
        user_id: player.user._id,
        released_at: null,
      });
      expect(Number(redemption.discount)).toBe(400);
      // The player's Purchases list names the code and what it took off.
      const listed = await call(h, 'GET', '/api/purchases', { token: player.token });
      expect(listed.json.purchases[0]).toMatchObject({
        kind: 'credit_purchase',
        totalCredits: 600,
        coupon: { code: 'ONCE', discount: 400 },
      });

      const again = await call(h, 'POST', '/api/shop/purchase', {
        token: player.token,
        body: { itemId: item.id, quantity: 1, coupon: 'ONCE' },
      });
      expect([again.status, again.json.error.message]).toEqual([
        400,
        'You have already used this code as many times as it allows',
      ]);
      expect(await inventoryOf(h, player.token)).toHaveLength(1);
      expect(await sumLedger(h.ctx.db, player.user._id)).toBe(900);
      expect(await usesOf(coupon._id)).toBe(1);
    });

    it('takes no use when the purchase is refused for too few credits', async () => {
      const item = await frigate();
      const coupon = await createCoupon({ code: 'HALF', percentOff: 50 });
      const player = await playerWith(400);
      const res = await call(h, 'POST', '/api/shop/purchase', {
        token: player.token,
        body: { itemId: item.id, quantity: 1, coupon: 'HALF' },
      });
      expect([res.status, res.json.error.message]).toEqual([400, 'Insufficient credits']);
      expect(await usesOf(coupon._id)).toBe(0);
      expect(await h.ctx.db.selectFrom('coupon_redemptions').selectAll().execute()).toEqual([]);
    });

    it('100 concurrent purchases of a code with 10 uses left give exactly 10 discounts', async () => {
      const item = await frigate();
      const coupon = await createCoupon({ code: 'RUSH', percentOff: 50, maxUses: 12 });
      await h.ctx.db.updateTable('coupons').set({ uses: 2 }).where('id', '=', coupon._id).execute();
      const players: Awaited<ReturnType<typeof registerPlayer>>[] = [];
      for (let i = 0; i < 20; i += 1) players.push(await playerWith(5000));
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          call(h, 'POST', '/api/shop/purchase', {
            token: players[i % players.length]?.token as string,
            body: { itemId: item.id, quantity: 1, coupon: 'RUSH' },
          }),
        ),
      );
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(10);
      const refusals = results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.json.error.message}`);
      expect(new Set(refusals)).toEqual(new Set(['400 This code has been used up']));
      expect(await usesOf(coupon._id)).toBe(12);
      const redemptions = await h.ctx.db.selectFrom('coupon_redemptions').selectAll().execute();
      expect(redemptions).toHaveLength(10);
      // Every one who got the discount paid 500, and no one else paid anything.
      let spent = 0;
      for (const player of players) spent += 5000 - (await sumLedger(h.ctx.db, player.user._id));
      expect(spent).toBe(10 * 500);
    });

    it('concurrent purchases by one player stop at the per-player limit', async () => {
      const item = await frigate();
      const coupon = await createCoupon({ code: 'TWICE', percentOff: 50, maxUsesPerPlayer: 2 });
      const player = await playerWith(50_000);
      const results = await Promise.all(
        Array.from({ length: 30 }, () =>
          call(h, 'POST', '/api/shop/purchase', {
            token: player.token,
            body: { itemId: item.id, quantity: 1, coupon: 'TWICE' },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(2);
      expect(await usesOf(coupon._id)).toBe(2);
      expect(await sumLedger(h.ctx.db, player.user._id)).toBe(50_000 - 2 * 500);
      expect(await inventoryOf(h, player.token)).toHaveLength(2);
    });
  });

  describe('card payments', () => {
    async function checkout(token: string, body: Record<string, unknown>) {
      return call(h, 'POST', '/api/stripe/create-checkout-session', { token, body });
    }

    it('charges the discounted amount through Stripe, keeps the code on the order, and a refund gives the use back', async () => {
      const item = await frigate();
      const coupon = await createCoupon({ code: 'CARD5', amountOff: 500, maxUses: 1 });
      const player = await registerPlayer(h);
      const res = await checkout(player.token, { items: [{ itemId: item.id, quantity: 2 }], coupon: 'card5' });
      expect(res.status).toBe(200);

      // What Stripe was asked to charge: $15.00 a unit, twice.
      const [request] = fake.requestsTo('POST', '/v1/checkout/sessions');
      expect(request?.body.line_items[0].price_data.unit_amount).toBe('1500');
      expect(request?.body.line_items[0].quantity).toBe('2');
      const [order] = await paymentsOf(h, player.user._id);
      expect(order?.amount_cents).toBe(3000);
      expect(JSON.parse(order?.purchase as string).coupon).toEqual({ code: 'CARD5', discountCents: 1000 });
      expect(await usesOf(coupon._id)).toBe(1);

      // The one use is taken: another player is refused before any session is opened.
      const other = await registerPlayer(h);
      const refused = await checkout(other.token, { items: [{ itemId: item.id, quantity: 1 }], coupon: 'CARD5' });
      expect([refused.status, refused.json.error.message]).toEqual([400, 'This code has been used up']);
      expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(1);

      // Paid at Stripe, then refunded from Stripe's dashboard: the use comes back.
      const sessionId = (res.json.url as string).split('/').pop() as string;
      const completed = fake.completeCheckout(sessionId);
      expect((await deliver(h, fake.event('checkout.session.completed', completed.session))).status).toBe(200);
      expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('paid');
      // The order on the player's Purchases list and its receipt: $10.00 off through the code.
      const detail = await call(h, 'GET', `/api/purchases/${order?.id}`, { token: player.token });
      expect(detail.json.purchase).toMatchObject({ totalUSD: 30, coupon: { code: 'CARD5', discount: 10 } });
      expect(detail.json.receipt).toMatchObject({ subtotalUSD: 40, discountUSD: 10, totalUSD: 30 });
      const charge = fake.refundCharge(completed.chargeId as string);
      expect((await deliver(h, fake.event('charge.refunded', charge))).status).toBe(200);
      expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('refunded');
      expect(await usesOf(coupon._id)).toBe(0);
      const redemption = await h.ctx.db.selectFrom('coupon_redemptions').selectAll().executeTakeFirstOrThrow();
      expect(redemption.released_at).not.toBeNull();

      const now = await checkout(other.token, { items: [{ itemId: item.id, quantity: 1 }], coupon: 'CARD5' });
      expect(now.status).toBe(200);
      expect(await usesOf(coupon._id)).toBe(1);
    });

    it('discounts only the lines the code reaches, and refuses a code that reaches none', async () => {
      const item = await frigate();
      const other = await addItem(h, { name: 'Gunboat', price_credits: 0, price_usd_cents: 700 });
      await createCoupon({ code: 'SHIPS', percentOff: 50, appliesTo: { itemIds: [item.id] } });
      const player = await registerPlayer(h);
      const none = await checkout(player.token, { items: [{ itemId: other.id, quantity: 1 }], coupon: 'SHIPS' });
      expect([none.status, none.json.error.message]).toEqual([400, 'This code does not apply to this item']);
      const res = await checkout(player.token, {
        items: [
          { itemId: item.id, quantity: 1 },
          { itemId: other.id, quantity: 1 },
        ],
        coupon: 'SHIPS',
      });
      expect(res.status).toBe(200);
      const [request] = fake.requestsTo('POST', '/v1/checkout/sessions');
      expect(request?.body.line_items.map((l: any) => l.price_data.unit_amount)).toEqual(['1000', '700']);
      expect((await paymentsOf(h, player.user._id))[0]?.amount_cents).toBe(1700);
    });

    it('a cancelled order gives its use back', async () => {
      const item = await frigate();
      const coupon = await createCoupon({ code: 'BACK', percentOff: 10, maxUses: 1 });
      const player = await registerPlayer(h);
      const res = await checkout(player.token, { items: [{ itemId: item.id, quantity: 1 }], coupon: 'BACK' });
      expect(res.status).toBe(200);
      expect(await usesOf(coupon._id)).toBe(1);
      const [order] = await paymentsOf(h, player.user._id);
      const cancelled = await call(h, 'POST', `/api/stripe/orders/${order?.id}/cancel`, { token: player.token });
      expect(cancelled.status).toBe(200);
      expect(await usesOf(coupon._id)).toBe(0);
    });

    it('takes a tier code off the first month at Stripe only; the subscription renews at the tier price', async () => {
      const captain = await addTier(h, { name: 'Captain', price_cents: 1000 });
      const coupon = await createCoupon({ code: 'HALFMONTH', percentOff: 50, appliesTo: { tierIds: [captain.id] } });
      await createCoupon({ code: 'SHIPSONLY', percentOff: 50, appliesTo: { itemIds: [(await frigate()).id] } });
      const player = await registerPlayer(h);

      // A code that does not reach the tier opens nothing and says why.
      const refused = await call(h, 'POST', '/api/stripe/subscribe', {
        token: player.token,
        body: { tierId: captain.id, coupon: 'shipsonly' },
      });
      expect([refused.status, refused.json.error.message]).toEqual([400, 'This code does not apply to this item']);
      expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(0);
      expect(await paymentsOf(h, player.user._id)).toHaveLength(0);

      const res = await call(h, 'POST', '/api/stripe/subscribe', {
        token: player.token,
        body: { tierId: captain.id, coupon: 'halfmonth' },
      });
      expect(res.status).toBe(200);
      // Stripe is asked for the tier's full monthly price and a coupon of $5.00, once.
      const [made] = fake.requestsTo('POST', '/v1/coupons');
      expect(made?.body).toMatchObject({ amount_off: '500', currency: 'usd', duration: 'once', max_redemptions: '1' });
      const [session] = fake.requestsTo('POST', '/v1/checkout/sessions');
      expect(session?.body.line_items[0].price_data.unit_amount).toBe('1000');
      expect(session?.body.discounts[0].coupon).toBe([...fake.coupons.keys()][0]);
      const [order] = await paymentsOf(h, player.user._id);
      expect(order?.amount_cents).toBe(500);
      expect(JSON.parse(order?.purchase as string).coupon).toEqual({ code: 'HALFMONTH', discountCents: 500 });
      expect(await usesOf(coupon._id)).toBe(1);

      const completed = fake.completeCheckout((res.json.url as string).split('/').pop() as string);
      expect((await deliver(h, fake.event('checkout.session.completed', completed.session))).status).toBe(200);
      expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('paid');
      const me = await call(h, 'GET', '/api/auth/me', { token: player.token });
      expect(me.json.user.currentTier.name).toBe('Captain');
      const subscription = await h.ctx.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
      expect(Number(subscription.price_cents)).toBe(1000);
      expect(fake.subscriptions.get(subscription.provider_subscription_id)?.items.data[0].price.unit_amount).toBe(1000);

      // Purchases and the receipt: $10.00 less $5.00 through the code.
      const detail = await call(h, 'GET', `/api/purchases/${order?.id}`, { token: player.token });
      expect(detail.json.purchase).toMatchObject({ totalUSD: 5, coupon: { code: 'HALFMONTH', discount: 5 } });
      expect(detail.json.receipt).toMatchObject({ subtotalUSD: 10, discountUSD: 5, totalUSD: 5 });
    });

    it('a lost dispute gives the use back; a won one keeps it', async () => {
      const item = await frigate();
      const coupon = await createCoupon({ code: 'FIGHT', percentOff: 10, maxUses: 2 });
      const charges: string[] = [];
      for (let n = 0; n < 2; n++) {
        const player = await registerPlayer(h);
        const res = await checkout(player.token, { items: [{ itemId: item.id, quantity: 1 }], coupon: 'FIGHT' });
        expect(res.status).toBe(200);
        const completed = fake.completeCheckout((res.json.url as string).split('/').pop() as string);
        expect((await deliver(h, fake.event('checkout.session.completed', completed.session))).status).toBe(200);
        charges.push(completed.chargeId as string);
      }
      expect(await usesOf(coupon._id)).toBe(2);

      const won = fake.openDispute(charges[0] as string);
      const lost = fake.openDispute(charges[1] as string);
      for (const dispute of [won, lost]) await deliver(h, fake.event('charge.dispute.created', dispute));
      // An open dispute may still be won: the use stays taken meanwhile.
      expect(await usesOf(coupon._id)).toBe(2);
      await deliver(h, fake.event('charge.dispute.closed', fake.closeDispute(won.id, 'won')));
      expect(await usesOf(coupon._id)).toBe(2);
      const closed = fake.event('charge.dispute.closed', fake.closeDispute(lost.id, 'lost'));
      await deliver(h, closed);
      await deliver(h, closed);
      expect(await usesOf(coupon._id)).toBe(1);
    });
  });
});

describe.each(dialects)('a subscription coupon in the sandbox on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it("charges the first month less the code on the site's checkout, and renews at the tier price", async () => {
    const { admin } = await adminAndPlayer(h);
    const captain = await addTier(h, { name: 'Captain', price_cents: 1000 });
    const created = await call(h, 'POST', '/api/admin/coupons', {
      token: admin.token,
      body: { code: 'WELCOME', amountOff: 300, appliesTo: { tierIds: [captain.id] } },
    });
    expect(created.status).toBe(201);
    const player = await registerPlayer(h);
    const res = await call(h, 'POST', '/api/stripe/subscribe', {
      token: player.token,
      body: { tierId: captain.id, coupon: 'welcome' },
    });
    expect(res.status).toBe(200);
    const orderId = (res.json.url as string).replace('/checkout/', '');
    const order = await call(h, 'GET', `/api/stripe/orders/${orderId}`, { token: player.token });
    expect(order.json.order).toMatchObject({ kind: 'subscription', amount: 7, tier: { name: 'Captain', price: 10 } });
    expect((await call(h, 'POST', `/api/stripe/orders/${orderId}/pay`, { token: player.token })).status).toBe(200);
    expect((await meOf(h, player.token)).currentTier.name).toBe('Captain');

    h.clock.advance(30 * DAY);
    expect(await renewDueSandboxSubscriptions(h.ctx)).toEqual({ renewed: 1, ended: 0 });
    const paid = (await paymentsOf(h, player.user._id)).map((p) => [p.kind, p.status, Number(p.amount_cents)]);
    expect(paid).toEqual(
      expect.arrayContaining([
        ['subscription', 'paid', 700],
        ['renewal', 'paid', 1000],
      ]),
    );
  });

  it('expires an order left unpaid for a day and gives its use back, for a new order to take', async () => {
    const { admin } = await adminAndPlayer(h);
    const captain = await addTier(h, { name: 'Captain', price_cents: 1000 });
    const created = await call(h, 'POST', '/api/admin/coupons', {
      token: admin.token,
      body: { code: 'ONCE', amountOff: 300, maxUses: 1, appliesTo: { tierIds: [captain.id] } },
    });
    const uses = async () =>
      (await call(h, 'GET', '/api/admin/coupons', { token: admin.token })).json.coupons.find(
        (c: any) => c._id === created.json.coupon._id,
      ).uses;
    const player = await registerPlayer(h);
    const res = await call(h, 'POST', '/api/stripe/subscribe', {
      token: player.token,
      body: { tierId: captain.id, coupon: 'ONCE' },
    });
    expect(res.status).toBe(200);
    const orderId = (res.json.url as string).replace('/checkout/', '');
    expect(await uses()).toBe(1);

    // Not yet a day: it waits.
    h.clock.advance(23 * HOUR);
    expect(await expireAbandonedSandboxOrders(h.ctx)).toBe(0);
    expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('pending');
    h.clock.advance(2 * HOUR);
    expect(await expireAbandonedSandboxOrders(h.ctx)).toBe(1);
    expect(await expireAbandonedSandboxOrders(h.ctx)).toBe(0);
    expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('expired');
    expect(await uses()).toBe(0);

    // As with an expired Stripe page, the old order can no longer be paid; a new one takes the use.
    const token = (
      await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: player.password } })
    ).json.token as string;
    const late = await call(h, 'POST', `/api/stripe/orders/${orderId}/pay`, { token });
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe('This order is no longer open');
    expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('expired');
    const again = await call(h, 'POST', '/api/stripe/subscribe', {
      token,
      body: { tierId: captain.id, coupon: 'ONCE' },
    });
    expect(again.status).toBe(200);
    expect(await uses()).toBe(1);
  });
});
