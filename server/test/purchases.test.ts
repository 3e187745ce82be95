// Buying with credits (SPEC.md §5, §7) and the inventory: every rule, nothing changed by a refusal,
// and a race of many purchases that never overdraws.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sumLedger } from '../src/db/repositories/credits.ts';
import { purchaseWithCredits } from '../src/services/purchases/purchases.ts';
import { addCategory, addItem, addTier, grantCredits, setUserTier } from './helpers/catalogue-factories.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dialects)('purchases on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
    await addCategory(h, { slug: 'ships' });
    await addCategory(h, { slug: 'credits' });
  });
  afterEach(async () => {
    await h.close();
  });

  async function playerWithCredits(credits: number) {
    const player = await registerPlayer(h);
    if (credits > 0) await grantCredits(h, player.user._id, credits);
    return player;
  }

  async function balanceOf(token: string) {
    return (await call(h, 'GET', '/api/auth/me', { token })).json.user.credits as number;
  }

  async function inventoryOf(token: string) {
    return (await call(h, 'GET', '/api/shop/user/inventory', { token })).json.inventory as any[];
  }

  /** A refusal must leave the balance, the inventory and the ledger as they were. */
  async function expectUnchanged(token: string, userId: string, credits: number) {
    expect(await balanceOf(token)).toBe(credits);
    expect(await inventoryOf(token)).toEqual([]);
    expect(await sumLedger(h.ctx.db, userId)).toBe(credits);
  }

  it('debits the discounted price and answers the new balance and the pending, trade-locked entry', async () => {
    const item = await addItem(h, {
      name: 'Aegis Shield',
      price_credits: 1500,
      discount: 20,
      game_items: JSON.stringify([{ item_name: 'armor_aegis', item_quantity: 1 }]),
    });
    const player = await playerWithCredits(2000);

    const res = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: item.id, quantity: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.json.credits).toBe(800);
    const entry = res.json.inventoryEntry;
    expect(entry).toEqual({
      _id: expect.any(String),
      shopItem: expect.objectContaining({
        _id: item.id,
        name: 'Aegis Shield',
        priceCredits: 1500,
        discount: 20,
        gameItems: [{ item_name: 'armor_aegis', item_quantity: 1 }],
      }),
      quantity: 1,
      deliveredToGame: false,
      createdAt: '2026-11-22T12:00:00.000Z',
      acquiredMethod: 'credit_purchase',
      tradeLocked: true,
      tradeLockedUntil: '2026-11-29T12:00:00.000Z',
      revokedAt: null,
      location: 'pending',
      keptOnSite: false,
      leased: false,
      acquiredAs: 'purchase',
      acquiredFrom: null,
      giftRefusal: 'Trade locked until Nov 29, 2026',
      tradeRefusal: 'Trade locked until Nov 29, 2026',
    });

    expect(await balanceOf(player.token)).toBe(800);
    expect(await inventoryOf(player.token)).toEqual([entry]);
    const ledger = await h.ctx.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', player.user._id)
      .execute();
    expect(ledger.map((row) => [row.delta, row.balance_after, row.reason, row.reference])).toEqual(
      expect.arrayContaining([[-1200, 800, 'credit_purchase', entry._id]]),
    );
    expect(await sumLedger(h.ctx.db, player.user._id)).toBe(800);
  });

  it('keeps the item as it was sold when the catalogue changes, and lifts the trade lock on its date', async () => {
    const item = await addItem(h, { name: 'Scout', price_credits: 100 });
    const player = await playerWithCredits(100);
    await call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId: item.id, quantity: 1 } });
    await h.ctx.db.updateTable('shop_items').set({ name: 'Scout Mk II', price_credits: 999 }).execute();

    let [entry] = await inventoryOf(player.token);
    expect(entry.shopItem.name).toBe('Scout');
    expect(entry.shopItem.priceCredits).toBe(100);
    expect(entry.tradeLocked).toBe(true);

    // A week later the session has idled out: sign in again, as the player would.
    h.clock.advance(7 * DAY + 1);
    const again = await call(h, 'POST', '/api/auth/login', {
      body: { email: player.user.email, password: player.password },
    });
    [entry] = await inventoryOf(again.json.token);
    expect(entry.tradeLocked).toBe(false);
    expect(entry.tradeLockedUntil).toBe('2026-11-29T12:00:00.000Z');

    await h.ctx.db.deleteFrom('shop_items').execute();
    expect((await inventoryOf(again.json.token))[0].shopItem.name).toBe('Scout');
  });

  it('trade-locks for TRADE_LOCK_DAYS, and not at all when it is 0', async () => {
    await h.close();
    h = await createHarness(dialect, { env: { TRADE_LOCK_DAYS: '0' } });
    await addCategory(h, { slug: 'ships' });
    const item = await addItem(h, { price_credits: 10 });
    const player = await playerWithCredits(10);
    const res = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: item.id, quantity: 1 },
    });
    expect(res.json.inventoryEntry.tradeLocked).toBe(false);
    expect(res.json.inventoryEntry.tradeLockedUntil).toBeNull();
  });

  it('refuses too few credits with "Insufficient credits" and changes nothing', async () => {
    const item = await addItem(h, { price_credits: 500 });
    const player = await playerWithCredits(499);
    const res = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: item.id, quantity: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: { message: 'Insufficient credits', code: 'invalid_request', requestId: expect.any(String) },
    });
    await expectUnchanged(player.token, player.user._id, 499);
  });

  it('refuses credit packs, items without a credit price, and inactive or unknown items', async () => {
    const pack = await addItem(h, {
      category: 'credits',
      price_credits: 100,
      credit_amount: 500,
      price_usd_cents: 499,
    });
    const cashOnly = await addItem(h, { price_credits: 0, price_usd_cents: 999 });
    const inactive = await addItem(h, { price_credits: 10, is_active: 0 });
    await addCategory(h, { slug: 'retired', is_active: 0 });
    const inRetired = await addItem(h, { category: 'retired', price_credits: 10 });
    const player = await playerWithCredits(1000);

    const attempts: [string, number, string][] = [
      [pack.id, 400, 'Credit packs are bought with cash, not credits'],
      [cashOnly.id, 400, 'This item cannot be bought with credits'],
      [inactive.id, 404, 'Item not found'],
      [inRetired.id, 404, 'Item not found'],
      ['no-such-item', 404, 'Item not found'],
    ];
    for (const [itemId, status, message] of attempts) {
      const res = await call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId, quantity: 1 } });
      expect([res.status, res.json.error.message]).toEqual([status, message]);
    }
    await expectUnchanged(player.token, player.user._id, 1000);
  });

  it('sells a tier-exclusive item only to holders of that tier', async () => {
    const admiral = await addTier(h, { name: 'Admiral' });
    const captain = await addTier(h, { name: 'Captain' });
    const paint = await addItem(h, { price_credits: 800, tier_exclusive_id: admiral.id });
    const player = await playerWithCredits(1000);

    const refusedWithout = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: paint.id, quantity: 1 },
    });
    expect(refusedWithout.status).toBe(403);
    expect(refusedWithout.json.error.message).toBe('This item is exclusive to the Admiral tier');

    await setUserTier(h, player.user._id, captain.id);
    const refusedOther = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: paint.id, quantity: 1 },
    });
    expect(refusedOther.status).toBe(403);
    await expectUnchanged(player.token, player.user._id, 1000);

    await setUserTier(h, player.user._id, admiral.id);
    const bought = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: paint.id, quantity: 1 },
    });
    expect(bought.status).toBe(200);
    expect(bought.json.credits).toBe(200);
  });

  it('asks an account deleted since its session was checked to log in, for any item', async () => {
    const admiral = await addTier(h, { name: 'Admiral' });
    const drone = await addItem(h, { price_credits: 10 });
    const paint = await addItem(h, { price_credits: 10, tier_exclusive_id: admiral.id });
    for (const item of [drone, paint]) {
      await expect(purchaseWithCredits(h.ctx, 'deleted-account', item.id)).rejects.toMatchObject({
        status: 401,
        message: 'Please log in to continue',
      });
    }
    expect(await h.ctx.db.selectFrom('credit_ledger').selectAll().execute()).toEqual([]);
  });

  it('refuses any quantity but 1 and a missing item id', async () => {
    const item = await addItem(h, { price_credits: 10 });
    const player = await playerWithCredits(100);
    for (const quantity of [0, 2, -1, 1.5, '1', null]) {
      const res = await call(h, 'POST', '/api/shop/purchase', {
        token: player.token,
        body: { itemId: item.id, quantity },
      });
      expect([res.status, res.json.error.message], String(quantity)).toEqual([400, 'Quantity must be 1']);
    }
    const noItem = await call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { quantity: 1 } });
    expect([noItem.status, noItem.json.error.message]).toEqual([400, 'Item id is required']);
    await expectUnchanged(player.token, player.user._id, 100);
  });

  it('ignores fields a buyer may not set: the price and the balance come from the server', async () => {
    const item = await addItem(h, { price_credits: 100 });
    const player = await playerWithCredits(100);
    const res = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: item.id, quantity: 1, price: 0, priceCredits: 0, credits: 999999, userId: 'someone-else' },
    });
    expect(res.status).toBe(200);
    expect(res.json.credits).toBe(0);
  });

  it('refuses a NUL byte in an id with the envelope, never a 500 (PostgreSQL cannot store it)', async () => {
    const player = await playerWithCredits(100);
    const buy = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: 'a\u0000b', quantity: 1 },
    });
    expect([400, 404]).toContain(buy.status);
    expect(buy.json.error.message).toEqual(expect.any(String));
    const order = await call(h, 'GET', '/api/stripe/orders/%00', { token: player.token });
    expect([400, 404]).toContain(order.status);
    expect(order.json.error.code).toMatch(/^(invalid_request|not_found)$/);
    await expectUnchanged(player.token, player.user._id, 100);
  });

  it('needs a signed-in player for buying and for the inventory', async () => {
    const item = await addItem(h, { price_credits: 10 });
    const buy = await call(h, 'POST', '/api/shop/purchase', { body: { itemId: item.id, quantity: 1 } });
    expect(buy.status).toBe(401);
    const inventory = await call(h, 'GET', '/api/shop/user/inventory');
    expect(inventory.status).toBe(401);
    expect(inventory.json.error.message).toBe('Please log in to continue');
  });

  it('shows each player only their own inventory', async () => {
    const item = await addItem(h, { price_credits: 10 });
    const buyer = await playerWithCredits(10);
    const other = await playerWithCredits(0);
    await call(h, 'POST', '/api/shop/purchase', { token: buyer.token, body: { itemId: item.id, quantity: 1 } });
    expect(await inventoryOf(buyer.token)).toHaveLength(1);
    expect(await inventoryOf(other.token)).toEqual([]);
  });

  it('lets exactly N of 5N simultaneous purchases through for credits worth N items', async () => {
    const n = 4;
    const price = 125;
    const item = await addItem(h, { price_credits: price });
    const player = await playerWithCredits(n * price);

    const results = await Promise.all(
      Array.from({ length: 5 * n }, () =>
        call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId: item.id, quantity: 1 } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(n);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4 * n);
    for (const refused of results.filter((r) => r.status === 400)) {
      expect(refused.json.error.message).toBe('Insufficient credits');
    }
    const balances = results.filter((r) => r.status === 200).map((r) => r.json.credits);
    expect(Math.min(...balances)).toBe(0);
    expect(new Set(balances).size).toBe(n);

    expect(await balanceOf(player.token)).toBe(0);
    expect(await inventoryOf(player.token)).toHaveLength(n);
    expect(await sumLedger(h.ctx.db, player.user._id)).toBe(0);
    const ledger = await h.ctx.db
      .selectFrom('credit_ledger')
      .select('balance_after')
      .where('user_id', '=', player.user._id)
      .execute();
    expect(ledger.every((row) => Number(row.balance_after) >= 0)).toBe(true);
  });
});
