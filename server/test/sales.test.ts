// Sales (issue 22): the admins' calls and their refusals, a running sale on the shop's items and in
// what a credit purchase and a card checkout charge, the better of the item's own discount and the
// sale (never both), and the schedule starting and ending a sale, driven by the context's clock, with
// the public catalogue's cache turning over at both ends.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAndEndSales } from '../src/services/catalogue/sales.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, grantCredits } from './helpers/catalogue-factories.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const HOUR = 60 * 60 * 1000;
const at = (h: TestHarness, ms: number) => new Date(h.clock().getTime() + ms).toISOString();

describe.each(dialects)('sales on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  let ships: { id: string };
  beforeEach(async () => {
    // The catalogue cache on, as in production: the tests see it turn over.
    h = await createHarness(dialect, { env: { CATALOGUE_CACHE_MS: '600000' } });
    ({ admin, player } = await adminAndPlayer(h));
    ships = await addCategory(h, { slug: 'ships' });
    await addCategory(h, { slug: 'weapons' });
  });
  afterEach(async () => {
    await h.close();
  });

  const post = (body: Record<string, unknown>) => call(h, 'POST', '/api/admin/sales', { token: admin.token, body });
  const shopItems = async () =>
    Object.fromEntries(
      (await call(h, 'GET', '/api/shop/items')).json.items.map((item: any) => [item.name, item.sale ?? null]),
    );

  it('creates, lists, changes and deletes a sale, audited, for admins only, with clear refusals', async () => {
    const created = await post({
      name: 'Winter Sale',
      percentOff: 25,
      categoryIds: [ships.id],
      startsAt: at(h, HOUR),
      endsAt: at(h, 48 * HOUR),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.sale).toMatchObject({
      name: 'Winter Sale',
      percentOff: 25,
      categoryIds: [ships.id],
      itemIds: [],
      status: 'scheduled',
      startsAt: '2026-11-22T13:00:00.000Z',
      endsAt: '2026-11-24T12:00:00.000Z',
    });
    const id = created.json.sale._id;
    const list = await call(h, 'GET', '/api/admin/sales', { token: admin.token });
    expect(list.json).toMatchObject({ sales: [{ _id: id }], nextCursor: null });

    const changed = await call(h, 'PATCH', `/api/admin/sales/${id}`, { token: admin.token, body: { percentOff: 30 } });
    expect(changed.json.sale.percentOff).toBe(30);
    expect((await call(h, 'GET', `/api/admin/sales/${id}`, { token: admin.token })).json.sale.percentOff).toBe(30);

    const refusals = [
      [
        { name: '', percentOff: 10, categoryIds: [ships.id], startsAt: at(h, 0), endsAt: at(h, HOUR) },
        'Name is required',
      ],
      [
        { name: 'x', percentOff: 0, categoryIds: [ships.id], startsAt: at(h, 0), endsAt: at(h, HOUR) },
        'Percent off must be a whole number from 1 to 100',
      ],
      [{ name: 'x', percentOff: 10, startsAt: at(h, 0), endsAt: at(h, HOUR) }, 'Choose at least one category or item'],
      [
        { name: 'x', percentOff: 10, categoryIds: [ships.id], startsAt: at(h, HOUR), endsAt: at(h, 0) },
        'The end must come after the start',
      ],
      [
        { name: 'x', percentOff: 10, categoryIds: [ships.id], startsAt: at(h, -2 * HOUR), endsAt: at(h, -HOUR) },
        'The end must be in the future',
      ],
      [
        { name: 'x', percentOff: 10, categoryIds: ['nope'], startsAt: at(h, 0), endsAt: at(h, HOUR) },
        'A chosen category does not exist',
      ],
      [
        { name: 'x', percentOff: 10, itemIds: ['nope'], startsAt: at(h, 0), endsAt: at(h, HOUR) },
        'A chosen item does not exist',
      ],
      [
        { name: 'x', percentOff: 10, itemIds: [], startsAt: 'soon', endsAt: at(h, HOUR) },
        'Start and end must be a date and time',
      ],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await post(body);
      expect([refused.status, refused.json.error.message]).toEqual([400, message]);
    }
    expect((await call(h, 'GET', '/api/admin/sales', { token: admin.token })).json.sales).toHaveLength(1);

    expect((await call(h, 'GET', '/api/admin/sales', { token: player.token })).status).toBe(403);
    expect((await call(h, 'GET', '/api/admin/sales')).status).toBe(401);

    const deleted = await call(h, 'DELETE', `/api/admin/sales/${id}`, { token: admin.token });
    expect(deleted.json.sale._id).toBe(id);
    expect((await call(h, 'GET', `/api/admin/sales/${id}`, { token: admin.token })).status).toBe(404);
    const audit = await call(h, 'GET', '/api/admin/audit', { token: admin.token });
    // The test clock stands still, so the three share one time: compared as a set.
    const actions = audit.json.entries.map((e: any) => e.action).filter((a: string) => a.startsWith('sale.'));
    expect(actions.sort()).toEqual(['sale.create', 'sale.delete', 'sale.update']);
  });

  it('is started and ended by the schedule, the shop showing it only meanwhile, the cache turning over', async () => {
    await addItem(h, { name: 'Scout', category: 'ships', price_credits: 1000 });
    await addItem(h, { name: 'Railgun', category: 'weapons', price_credits: 500 });
    const created = await post({
      name: 'Fleet Week',
      percentOff: 20,
      categoryIds: [ships.id],
      startsAt: at(h, HOUR),
      endsAt: at(h, 3 * HOUR),
    });
    expect(created.status).toBe(201);
    expect(await shopItems()).toEqual({ Scout: null, Railgun: null });

    // Its time comes; the answer kept in memory still says no sale until the schedule starts it.
    h.clock.advance(HOUR);
    expect(await shopItems()).toEqual({ Scout: null, Railgun: null });
    expect(await startAndEndSales(h.ctx)).toBe(1);
    expect(await shopItems()).toEqual({ Scout: { percent: 20, endsAt: '2026-11-22T15:00:00.000Z' }, Railgun: null });
    expect(await startAndEndSales(h.ctx)).toBe(0);
    const running = await call(h, 'GET', `/api/admin/sales/${created.json.sale._id}`, { token: admin.token });
    expect(running.json.sale.status).toBe('running');

    h.clock.advance(2 * HOUR);
    expect(await startAndEndSales(h.ctx)).toBe(1);
    expect(await shopItems()).toEqual({ Scout: null, Railgun: null });
    const ended = await call(h, 'GET', `/api/admin/sales/${created.json.sale._id}`, { token: admin.token });
    expect(ended.json.sale.status).toBe('ended');
    const patchEnded = await call(h, 'PATCH', `/api/admin/sales/${created.json.sale._id}`, {
      token: admin.token,
      body: { percentOff: 50 },
    });
    expect([patchEnded.status, patchEnded.json.error.message]).toEqual([
      409,
      'This sale has ended and cannot be changed',
    ]);
    const audit = await call(h, 'GET', '/api/admin/audit', { token: admin.token });
    expect(audit.json.entries.slice(0, 2).map((e: any) => [e.action, e.actorId])).toEqual([
      ['sale.end', 'system:sales-schedule'],
      ['sale.start', 'system:sales-schedule'],
    ]);
  });

  it('starts at once when saved with its start due, and never prices past its end even before the schedule ends it', async () => {
    const scout = await addItem(h, { name: 'Scout', category: 'weapons', price_credits: 1000 });
    await grantCredits(h, player.user._id, 10_000);
    const created = await post({
      name: 'Flash',
      percentOff: 40,
      itemIds: [scout.id],
      startsAt: at(h, 0),
      endsAt: at(h, HOUR),
    });
    expect(created.json.sale.status).toBe('running');
    expect((await shopItems()).Scout).toEqual({ percent: 40, endsAt: '2026-11-22T13:00:00.000Z' });

    h.clock.advance(HOUR);
    const bought = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: scout.id, quantity: 1 },
    });
    expect(bought.status, bought.text).toBe(200);
    expect(bought.json.credits).toBe(9_000);
  });

  it('charges the better of the item’s own discount and the sale, never both, for credits and by card', async () => {
    const small = await addItem(h, {
      name: 'Small',
      category: 'ships',
      price_credits: 1000,
      price_usd_cents: 2000,
      discount: 10,
    });
    const big = await addItem(h, {
      name: 'Big',
      category: 'ships',
      price_credits: 1000,
      price_usd_cents: 2000,
      discount: 50,
    });
    await grantCredits(h, player.user._id, 10_000);
    await post({ name: 'Sale', percentOff: 30, categoryIds: [ships.id], startsAt: at(h, 0), endsAt: at(h, HOUR) });
    const items = await shopItems();
    expect(items.Small).toMatchObject({ percent: 30 });
    expect(items.Big).toMatchObject({ percent: 30 });

    const buy = (itemId: string) =>
      call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId, quantity: 1 } });
    const first = await buy(small.id);
    expect(first.json.credits).toBe(10_000 - 700); // 30 % beats 10 %
    const second = await buy(big.id);
    expect(second.json.credits).toBe(10_000 - 700 - 500); // 50 % beats 30 %; not 65 %

    const checkout = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: player.token,
      body: {
        items: [
          { itemId: small.id, quantity: 1 },
          { itemId: big.id, quantity: 1 },
        ],
      },
    });
    expect(checkout.status, checkout.text).toBe(200);
    const order = await call(h, 'GET', `/api/stripe/orders/${checkout.json.url.replace('/checkout/', '')}`, {
      token: player.token,
    });
    expect(order.json.order.lines.map((l: any) => [l.name, l.unitAmount])).toEqual([
      ['Small', 14],
      ['Big', 10],
    ]);
  });

  it('prices a credit purchase by the best of several running sales that cover the item, by its id or its category', async () => {
    const scout = await addItem(h, { name: 'Scout', category: 'ships', price_credits: 1000 });
    const railgun = await addItem(h, { name: 'Railgun', category: 'weapons', price_credits: 1000 });
    const lone = await addItem(h, { name: 'Lone', category: 'ships', price_credits: 1000 });
    await grantCredits(h, player.user._id, 10_000);
    // Scout: 25 % by its id, 10 % by its category; Railgun only by its id; Lone only by its category.
    await post({ name: 'Ships', percentOff: 10, categoryIds: [ships.id], startsAt: at(h, 0), endsAt: at(h, HOUR) });
    await post({
      name: 'Picked',
      percentOff: 25,
      itemIds: [scout.id, railgun.id],
      startsAt: at(h, 0),
      endsAt: at(h, HOUR),
    });
    await post({ name: 'Later', percentOff: 90, itemIds: [lone.id], startsAt: at(h, HOUR), endsAt: at(h, 2 * HOUR) });

    const buy = async (itemId: string) =>
      (await call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId, quantity: 1 } })).json
        .credits;
    expect(await buy(scout.id)).toBe(10_000 - 750);
    expect(await buy(railgun.id)).toBe(10_000 - 750 - 750);
    expect(await buy(lone.id)).toBe(10_000 - 750 - 750 - 900); // the 90 % sale has not started
    // What the shop shows is what was charged.
    expect(await shopItems()).toMatchObject({
      Scout: { percent: 25 },
      Railgun: { percent: 25 },
      Lone: { percent: 10 },
    });
  });
});

if (dialects.includes('postgres')) {
  describe('a sale on two instances on postgres', () => {
    it('turns the other instance’s catalogue cache over when the schedule starts and ends it', async () => {
      const h = await createHarness('postgres', { env: { CATALOGUE_CACHE_MS: '600000' } });
      const other = await h.openInstance();
      try {
        const { admin } = await adminAndPlayer(h);
        const ships = await addCategory(h, { slug: 'ships' });
        await addItem(h, { name: 'Scout', category: 'ships', price_credits: 1000 });
        const saleOf = async () => (await call(other, 'GET', '/api/shop/items')).json.items[0].sale;
        const created = await call(h, 'POST', '/api/admin/sales', {
          token: admin.token,
          body: {
            name: 'Later',
            percentOff: 10,
            categoryIds: [ships.id],
            startsAt: at(h, HOUR),
            endsAt: at(h, 2 * HOUR),
          },
        });
        expect(created.status).toBe(201);
        // The other instance keeps its answer (no sale) in memory...
        await expect.poll(saleOf, { timeout: 5000 }).toBeNull();
        h.clock.advance(HOUR);
        expect(await saleOf()).toBeNull();
        // ...until this instance's schedule starts the sale and its notice arrives.
        expect(await startAndEndSales(h.ctx)).toBe(1);
        await expect.poll(saleOf, { timeout: 5000 }).toEqual({ percent: 10, endsAt: '2026-11-22T14:00:00.000Z' });
        h.clock.advance(HOUR);
        // The other instance's own schedule finds nothing left to do: each sale ends once.
        expect(await startAndEndSales(h.ctx)).toBe(1);
        expect(await startAndEndSales(other.ctx)).toBe(0);
        await expect.poll(saleOf, { timeout: 5000 }).toBeNull();
      } finally {
        await other.close();
        await h.close();
      }
    });
  });
}
