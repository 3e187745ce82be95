// A player's inventory a page at a time (GET /api/shop/user/inventory?limit=&cursor=), through the
// real app on each dialect: without parameters the whole of it as SPEC.md's call answers; with them
// newest first, ties by id, every entry once across the pages while new ones arrive, another player's
// never, and a bad limit or cursor refused with the reason and nothing changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCategory, addItem } from './helpers/catalogue-factories.ts';
import { addEntry } from './helpers/economy.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('the inventory in pages on %s', (dialect) => {
  let h: TestHarness;
  let ship: Awaited<ReturnType<typeof addItem>>;
  beforeEach(async () => {
    h = await createHarness(dialect);
    await addCategory(h, { slug: 'ships' });
    ship = await addItem(h, { name: 'Scout', price_credits: 100 });
  });
  afterEach(async () => {
    await h.close();
  });

  const inventory = (token: string, query = '') => call(h, 'GET', `/api/shop/user/inventory${query}`, { token });

  /** `count` entries for `userId`, one a second, some sharing a second (ties broken by id). */
  async function entries(userId: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(await addEntry(h, userId, ship));
      if (i % 3 !== 1) h.clock.advance(1000);
    }
    return ids;
  }

  it('answers pages newest first that together hold every entry once, and the whole list without parameters', async () => {
    const player = await registerPlayer(h);
    const other = await registerPlayer(h);
    await entries(other.user._id, 3);
    await entries(player.user._id, 11);

    const whole = await inventory(player.token);
    expect(whole.status).toBe(200);
    expect(whole.json.nextCursor).toBeNull();
    const newestFirst = whole.json.inventory.map((entry: any) => entry._id);
    expect(newestFirst).toHaveLength(11);
    const order = whole.json.inventory.map((entry: any) => [entry.createdAt, entry._id].join(' '));
    expect(order).toEqual([...order].sort().reverse());

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await inventory(player.token, `?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.json.inventory.length).toBeLessThanOrEqual(4);
      seen.push(...res.json.inventory.map((entry: any) => entry._id));
      cursor = res.json.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);
    // Each entry of a page is the same as in the whole list: pictures sized, refusals said.
    const first = (await inventory(player.token, '?limit=1')).json.inventory[0];
    expect(first).toEqual(whole.json.inventory[0]);
  });

  it('goes on where it stopped while new entries arrive: none twice, none of those there all along missed', async () => {
    const player = await registerPlayer(h);
    const before = await entries(player.user._id, 6);
    const page1 = await inventory(player.token, '?limit=3');
    // A gift arrives between the pages: newest, so it is above the first page, not in the second.
    h.clock.advance(60_000);
    const late = await addEntry(h, player.user._id, ship);
    const page2 = await inventory(player.token, `?limit=3&cursor=${page1.json.nextCursor}`);
    const ids = [...page1.json.inventory, ...page2.json.inventory].map((entry: any) => entry._id);
    expect([...ids].sort()).toEqual([...before].sort());
    expect(page2.json.nextCursor).toBeNull();
    expect((await inventory(player.token, '?limit=1')).json.inventory[0]._id).toBe(late);
  });

  it('refuses a limit out of range or a cursor it did not give out, saying why', async () => {
    const player = await registerPlayer(h);
    await entries(player.user._id, 2);
    for (const [query, message] of [
      ['?limit=0', 'limit must be a whole number from 1 to 200'],
      ['?limit=201', 'limit must be a whole number from 1 to 200'],
      ['?limit=ten', 'limit must be a whole number from 1 to 200'],
      ['?cursor=not-ours', 'cursor is not one this list gave out (start again without it)'],
      // A cursor of another list (the purchases') is not this one's.
      [
        `?cursor=${Buffer.from(JSON.stringify(['purchases', '2026-01-01T00:00:00.000Z', 'x'])).toString('base64url')}`,
        'cursor is not one this list gave out (start again without it)',
      ],
    ]) {
      const res = await inventory(player.token, query);
      expect([query, res.status, res.json.error?.message]).toEqual([query, 400, message]);
    }
    expect((await inventory(player.token)).json.inventory).toHaveLength(2);
    const guest = await call(h, 'GET', '/api/shop/user/inventory?limit=5');
    expect(guest.status).toBe(401);
  });

  it('answers a cursor alone with a page of the default size', async () => {
    const player = await registerPlayer(h);
    await entries(player.user._id, 53);
    const first = await inventory(player.token, '?limit=1');
    const rest = await inventory(player.token, `?cursor=${first.json.nextCursor}`);
    expect(rest.json.inventory).toHaveLength(50);
    expect(rest.json.nextCursor).not.toBeNull();
    const last = await inventory(player.token, `?cursor=${rest.json.nextCursor}`);
    expect(last.json.inventory).toHaveLength(2);
    expect(last.json.nextCursor).toBeNull();
  });
});
