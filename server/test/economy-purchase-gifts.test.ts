// Buying for a friend (issue 20): with credits and by card (sandbox and the Stripe code against the
// fake), every refusal before money moves, and a month of a tier as a gift that the end job takes
// back unless the recipient subscribed themself.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE_SYNC_JOB } from '../src/services/discord/roles.ts';
import { endDueTierGifts } from '../src/services/economy/tier-gifts.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, addTier, grantCredits, setUserTier } from './helpers/catalogue-factories.ts';
import { expectLedgerExplainsInventory, inventoryOf } from './helpers/economy.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createStripeHarness, deliver } from './helpers/payments.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const DAY = 24 * 60 * 60 * 1000;

async function creditsOf(h: TestHarness, userId: string): Promise<number> {
  const row = await h.ctx.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.credits);
}

describe.each(dialects)('buying for a friend on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let buyer: Account;
  let friend: Account;
  let ship: Awaited<ReturnType<typeof addItem>>;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player: buyer } = await adminAndPlayer(h));
    friend = await registerPlayer(h);
    await addCategory(h, { slug: 'ships' });
    ship = await addItem(h, { name: 'Scout', price_credits: 300, price_usd_cents: 999 });
  });
  afterEach(async () => {
    await h.close();
  });

  const buy = (body: unknown, token = buyer.token) => call(h, 'POST', '/api/shop/purchase', { token, body });

  it('with credits: the buyer pays, the friend owns it as a gift from the buyer, locked, in the ledger, told', async () => {
    await grantCredits(h, buyer.user._id, 1000);
    const res = await buy({ itemId: ship.id, giftTo: friend.user.username.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.json.credits).toBe(700);
    expect(res.json.gift).toMatchObject({ recipient: friend.user.username });
    expect(await creditsOf(h, buyer.user._id)).toBe(700);
    expect(await creditsOf(h, friend.user._id)).toBe(0);

    expect(await inventoryOf(h, buyer.token)).toEqual([]);
    const [received] = await inventoryOf(h, friend.token);
    expect(received).toMatchObject({
      quantity: 1,
      acquiredMethod: 'gift',
      acquiredFrom: buyer.user.username,
      tradeLocked: true,
      tradeLockedUntil: '2026-11-29T12:00:00.000Z',
    });
    expect(received.shopItem.name).toBe('Scout');

    const ledger = await call(h, 'GET', `/api/admin/users/${friend.user._id}/item-ledger?kind=purchase-gift`, {
      token: admin.token,
    });
    expect(ledger.status).toBe(200);
    expect(ledger.json.entries).toHaveLength(1);
    expect(ledger.json.entries[0]).toMatchObject({
      delta: 1,
      itemName: 'Scout',
      transfer: { kind: 'purchase_gift', from: buyer.user.username, to: friend.user.username, reversible: true },
    });
    const audit = await call(h, 'GET', '/api/admin/audit?action=items.purchase_gift', { token: admin.token });
    expect(audit.json.entries).toHaveLength(1);
    const notices = await call(h, 'GET', '/api/notifications', { token: friend.token });
    expect(notices.json.notifications[0]).toMatchObject({
      kind: 'gift_received',
      data: { from: buyer.user.username, item: { name: 'Scout', quantity: 1 } },
    });
    await expectLedgerExplainsInventory(h);
  });

  it('refuses an unknown recipient, oneself and too few credits, and then nothing has moved', async () => {
    await grantCredits(h, buyer.user._id, 100);
    const unknown = await buy({ itemId: ship.id, giftTo: 'nobody-here' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe('No player has that username');
    const self = await buy({ itemId: ship.id, giftTo: buyer.user.username });
    expect(self.status).toBe(400);
    expect(self.json.error.message).toBe('You cannot send a gift to yourself');
    const poor = await buy({ itemId: ship.id, giftTo: friend.user.username });
    expect(poor.status).toBe(400);
    expect(poor.json.error.message).toBe('Insufficient credits');
    expect(await creditsOf(h, buyer.user._id)).toBe(100);
    expect(await inventoryOf(h, friend.token)).toEqual([]);
    expect(await h.ctx.db.selectFrom('item_transfers').selectAll().execute()).toEqual([]);
  });

  it('a tier-exclusive item goes only to a friend holding its tier', async () => {
    const tier = await addTier(h, { name: 'Commander' });
    const exclusive = await addItem(h, { name: 'Flagship', price_credits: 100, tier_exclusive_id: tier.id });
    await grantCredits(h, buyer.user._id, 500);
    await setUserTier(h, buyer.user._id, tier.id);
    const refused = await buy({ itemId: exclusive.id, giftTo: friend.user.username });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe(
      `${friend.user.username} does not hold the Commander tier this item is exclusive to`,
    );
    await setUserTier(h, friend.user._id, tier.id);
    await setUserTier(h, buyer.user._id, null);
    expect((await buy({ itemId: exclusive.id, giftTo: friend.user.username })).status).toBe(200);
  });

  it('by card in the sandbox: the order remembers the friend and Pay delivers to them', async () => {
    const refused = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { items: [{ itemId: ship.id }], giftTo: buyer.user.username },
    });
    expect(refused.status).toBe(400);
    const res = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { items: [{ itemId: ship.id, quantity: 2 }], giftTo: friend.user.username },
    });
    expect(res.status).toBe(200);
    const orderId = (res.json.url as string).replace('/checkout/', '');
    expect((await call(h, 'POST', `/api/stripe/orders/${orderId}/pay`, { token: buyer.token })).status).toBe(200);
    expect(await inventoryOf(h, buyer.token)).toEqual([]);
    const [received] = await inventoryOf(h, friend.token);
    expect(received).toMatchObject({ quantity: 2, acquiredMethod: 'gift', acquiredFrom: buyer.user.username });
    await expectLedgerExplainsInventory(h);
  });

  it('a month of a tier as a gift (sandbox): granted when paid, ended by the job a month later', async () => {
    const tier = await addTier(h, { name: 'Captain', price_cents: 500 });
    const busy = await registerPlayer(h);
    await setUserTier(h, busy.user._id, tier.id);
    const hasTier = await call(h, 'POST', '/api/stripe/gift-tier', {
      token: buyer.token,
      body: { tierId: tier.id, giftTo: busy.user.username },
    });
    expect(hasTier.status).toBe(409);
    expect(hasTier.json.error.message).toBe(`${busy.user.username} already has a supporter tier`);

    const res = await call(h, 'POST', '/api/stripe/gift-tier', {
      token: buyer.token,
      body: { tierId: tier.id, giftTo: friend.user.username },
    });
    expect(res.status).toBe(200);
    const orderId = (res.json.url as string).replace('/checkout/', '');
    const order = await call(h, 'GET', `/api/stripe/orders/${orderId}`, { token: buyer.token });
    expect(order.json.order.lines[0].name).toBe(`Captain tier for one month, a gift for ${friend.user.username}`);
    expect((await call(h, 'POST', `/api/stripe/orders/${orderId}/pay`, { token: buyer.token })).status).toBe(200);

    const me = await call(h, 'GET', '/api/auth/me', { token: friend.token });
    expect(me.json.user.currentTier).toMatchObject({ name: 'Captain' });
    const buyerMe = await call(h, 'GET', '/api/auth/me', { token: buyer.token });
    expect(buyerMe.json.user.currentTier).toBeNull();
    const jobs = await h.ctx.db
      .selectFrom('jobs')
      .select(['kind', 'payload'])
      .where('kind', '=', ROLE_SYNC_JOB)
      .execute();
    expect(jobs.some((job) => String(job.payload).includes(friend.user._id))).toBe(true);

    expect(await endDueTierGifts(h.ctx)).toBe(0);
    h.clock.advance(31 * DAY);
    expect(await endDueTierGifts(h.ctx)).toBe(1);
    expect(await endDueTierGifts(h.ctx)).toBe(0);
    const after = await h.ctx.db
      .selectFrom('users')
      .select('current_tier_id')
      .where('id', '=', friend.user._id)
      .executeTakeFirstOrThrow();
    expect(after.current_tier_id).toBeNull();
  });

  it('the data download lists tier gifts both ways; deleting the recipient’s account ends theirs', async () => {
    const tier = await addTier(h, { name: 'Captain', price_cents: 500 });
    const res = await call(h, 'POST', '/api/stripe/gift-tier', {
      token: buyer.token,
      body: { tierId: tier.id, giftTo: friend.user.username },
    });
    await call(h, 'POST', `/api/stripe/orders/${(res.json.url as string).replace('/checkout/', '')}/pay`, {
      token: buyer.token,
    });
    const sent = await call(h, 'GET', '/api/account/export', { token: buyer.token });
    expect(sent.json.tierGifts).toEqual([
      expect.objectContaining({ direction: 'sent', otherPlayer: friend.user.username, tier: 'Captain', endedAt: null }),
    ]);
    const received = await call(h, 'GET', '/api/account/export', { token: friend.token });
    expect(received.json.tierGifts[0]).toMatchObject({ direction: 'received', otherPlayer: buyer.user.username });
    const deleted = await call(h, 'POST', '/api/account/delete', {
      token: friend.token,
      body: { password: friend.password, confirm: friend.user.username },
    });
    expect(deleted.status).toBe(200);
    const row = await h.ctx.db.selectFrom('tier_gifts').select('ended_at').executeTakeFirstOrThrow();
    expect(row.ended_at).not.toBeNull();
  });

  it('the end job keeps the tier when the recipient has their own subscription', async () => {
    const tier = await addTier(h, { name: 'Captain', price_cents: 500 });
    const res = await call(h, 'POST', '/api/stripe/gift-tier', {
      token: buyer.token,
      body: { tierId: tier.id, giftTo: friend.user.username },
    });
    await call(h, 'POST', `/api/stripe/orders/${(res.json.url as string).replace('/checkout/', '')}/pay`, {
      token: buyer.token,
    });
    // The friend subscribes to the same tier themself (a subscription row holding it).
    const now = h.clock().toISOString();
    await h.ctx.db
      .insertInto('subscriptions')
      .values({
        id: 'sub-own',
        user_id: friend.user._id,
        provider: 'sandbox',
        provider_subscription_id: 'sub_sandbox_own',
        tier_id: tier.id,
        status: 'active',
        price_cents: 500,
        current_period_end: new Date(h.clock().getTime() + 60 * DAY).toISOString(),
        synced_at: now,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    h.clock.advance(31 * DAY);
    expect(await endDueTierGifts(h.ctx)).toBe(1);
    const after = await h.ctx.db
      .selectFrom('users')
      .select('current_tier_id')
      .where('id', '=', friend.user._id)
      .executeTakeFirstOrThrow();
    expect(after.current_tier_id).toBe(tier.id);
  });
});

describe.each(dialects)('card gifts through the Stripe code on %s', (dialect) => {
  let s: Awaited<ReturnType<typeof createStripeHarness>>;
  beforeEach(async () => {
    s = await createStripeHarness(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  it('the paid webhook delivers the items to the friend, and a tier gift is one payment, not a subscription', async () => {
    const { h, fake } = s;
    await addCategory(h, { slug: 'ships' });
    const ship = await addItem(h, { name: 'Scout', price_usd_cents: 999 });
    const tier = await addTier(h, { name: 'Captain', price_cents: 500 });
    const buyer = await registerPlayer(h);
    const friend = await registerPlayer(h);

    const res = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { items: [{ itemId: ship.id }], giftTo: friend.user.username },
    });
    expect(res.status).toBe(200);
    const sessionId = (res.json.url as string).split('/').pop() as string;
    const completed = fake.completeCheckout(sessionId);
    expect((await deliver(h, fake.event('checkout.session.completed', completed.session))).status).toBe(200);
    expect(await inventoryOf(h, buyer.token)).toEqual([]);
    const [received] = await inventoryOf(h, friend.token);
    expect(received).toMatchObject({ acquiredMethod: 'gift', acquiredFrom: buyer.user.username });

    const other = await registerPlayer(h);
    const gift = await call(h, 'POST', '/api/stripe/gift-tier', {
      token: buyer.token,
      body: { tierId: tier.id, giftTo: other.user.username },
    });
    expect(gift.status).toBe(200);
    const giftSession = (gift.json.url as string).split('/').pop() as string;
    const paid = fake.completeCheckout(giftSession);
    expect(paid.session.mode).toBe('payment');
    expect((await deliver(h, fake.event('checkout.session.completed', paid.session))).status).toBe(200);
    const me = await call(h, 'GET', '/api/auth/me', { token: other.token });
    expect(me.json.user.currentTier).toMatchObject({ name: 'Captain' });
    expect(await h.ctx.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
  });
});
