// Trades between players (issue 20): an offer frozen when sent, every refusal in the contract's
// words, the swap of items and credits at acceptance (or nothing, and the offer invalid with the
// reason), the notices both ways, the races (twenty accepts over the same entry, an accept against a
// cancel), the ledgers after a storm of gifts and trades, and the expiry pass.
import { tradeMessages } from '@starport/api-client/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sumLedger } from '../src/db/repositories/credits.ts';
import { expireTrades } from '../src/services/economy/trades.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, grantCredits } from './helpers/catalogue-factories.ts';
import { addEntry, expectLedgerExplainsInventory, gift, inventoryOf } from './helpers/economy.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dialects)('trades on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let alice: Account;
  let bob: Account;
  let scout: Awaited<ReturnType<typeof addItem>>;
  let lancer: Awaited<ReturnType<typeof addItem>>;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player: alice } = await adminAndPlayer(h));
    bob = await registerPlayer(h);
    await addCategory(h, { slug: 'ships' });
    scout = await addItem(h, { name: 'Scout', image_url: '/images/items/scout.png' });
    lancer = await addItem(h, { name: 'Lancer' });
  });
  afterEach(async () => {
    await h.close();
  });

  const send = (token: string, body: unknown) => call(h, 'POST', '/api/trades', { token, body });
  const act = (token: string, id: string, verb: 'accept' | 'decline' | 'cancel') =>
    call(h, 'POST', `/api/trades/${id}/${verb}`, { token });
  const trades = async (token: string) => (await call(h, 'GET', '/api/trades', { token })).json;
  const balanceOf = async (token: string) =>
    (await call(h, 'GET', '/api/auth/me', { token })).json.user.credits as number;
  const noticesOf = async (token: string) =>
    ((await call(h, 'GET', '/api/notifications', { token })).json.notifications as { kind: string; data: any }[]).map(
      (notice) => ({ kind: notice.kind, data: notice.data }),
    );
  /** A fresh session, after the clock has moved past the last one's idle days. */
  async function signIn(account: Account): Promise<Account> {
    const res = await call(h, 'POST', '/api/auth/login', {
      body: { email: account.user.email, password: account.password },
    });
    expect(res.status).toBe(200);
    return { ...account, token: res.json.token };
  }
  async function expectCreditsExplained(...accounts: Account[]) {
    for (const account of accounts) {
      expect(await sumLedger(h.ctx.db, account.user._id)).toBe(await balanceOf(account.token));
    }
  }
  /** An offer from alice to bob: 2 of her 3 Scouts and 100 credits for his Lancer. */
  async function aliceOffersBob() {
    const scoutEntry = await addEntry(h, alice.user._id, scout, { quantity: 3 });
    const lancerEntry = await addEntry(h, bob.user._id, lancer);
    await grantCredits(h, alice.user._id, 150);
    const res = await send(alice.token, {
      to: bob.user.username,
      give: { items: [{ entryId: scoutEntry, quantity: 2 }], credits: 100 },
      get: { items: [{ entryId: lancerEntry, quantity: 1 }], credits: 0 },
      message: 'Deal?',
    });
    expect(res.status).toBe(201);
    return { scoutEntry, lancerEntry, trade: res.json.trade };
  }

  it('sends a frozen offer both see, and accepting swaps items and credits at once, with notices', async () => {
    const { scoutEntry, lancerEntry, trade } = await aliceOffersBob();
    expect(trade).toMatchObject({
      status: 'open',
      from: alice.user.username,
      to: bob.user.username,
      give: {
        items: [{ entryId: scoutEntry, name: 'Scout', imageUrl: '/images/items/scout.png', quantity: 2 }],
        credits: 100,
      },
      get: { items: [{ entryId: lancerEntry, name: 'Lancer', quantity: 1 }], credits: 0 },
      message: 'Deal?',
      expiresAt: '2026-11-29T12:00:00.000Z',
      invalidReason: null,
    });
    // Renaming the item later does not change what the offer says.
    await h.ctx.db.updateTable('shop_items').set({ name: 'Scout Mk II' }).where('id', '=', scout.id).execute();
    expect((await trades(bob.token)).incoming.map((offer: any) => offer.give.items[0].name)).toEqual(['Scout']);
    expect((await trades(alice.token)).outgoing.map((offer: any) => offer._id)).toEqual([trade._id]);
    expect(await noticesOf(bob.token)).toEqual([
      { kind: 'trade_offer_received', data: { tradeId: trade._id, from: alice.user.username } },
    ]);

    const accepted = await act(bob.token, trade._id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.json.trade).toMatchObject({ status: 'accepted', decidedAt: '2026-11-22T12:00:00.000Z' });

    const aliceHas = await inventoryOf(h, alice.token);
    expect(
      aliceHas.map((entry) => [entry.shopItem.name, entry.quantity, entry.acquiredAs, entry.acquiredFrom]),
    ).toEqual(
      expect.arrayContaining([
        ['Scout', 1, 'purchase', null],
        ['Lancer', 1, 'trade', bob.user.username],
      ]),
    );
    const bobHas = await inventoryOf(h, bob.token);
    expect(bobHas.map((entry) => [entry.shopItem.name, entry.quantity, entry.acquiredAs, entry.acquiredFrom])).toEqual([
      ['Scout', 2, 'trade', alice.user.username],
    ]);
    expect(bobHas[0].tradeRefusal).toBe('Trade locked until Nov 29, 2026');
    expect(await balanceOf(alice.token)).toBe(50);
    expect(await balanceOf(bob.token)).toBe(100);
    await expectCreditsExplained(alice, bob);
    await expectLedgerExplainsInventory(h);
    expect(await noticesOf(alice.token)).toEqual([
      { kind: 'trade_accepted', data: { tradeId: trade._id, by: bob.user.username } },
    ]);
    const history = await trades(alice.token);
    expect(history.outgoing).toEqual([]);
    expect(history.history.map((offer: any) => [offer._id, offer.status])).toEqual([[trade._id, 'accepted']]);
    const transfers = await h.ctx.db
      .selectFrom('item_transfers')
      .selectAll()
      .where('reference', '=', trade._id)
      .execute();
    expect(transfers.map((row) => row.kind)).toEqual(['trade', 'trade']);
  });

  it('refuses each broken rule at sending, in the contract’s words', async () => {
    const mine = await addEntry(h, alice.user._id, scout, { quantity: 2 });
    const theirs = await addEntry(h, bob.user._id, lancer);
    const locked = await addEntry(h, alice.user._id, scout, { trade_locked_until: '2026-12-01T00:00:00.000Z' });
    const untradeable = await addItem(h, { name: 'Badge', is_tradeable: 0 });
    const badge = await addEntry(h, alice.user._id, untradeable);
    const refused = async (body: unknown, status: number, message: string) => {
      const res = await send(alice.token, body);
      expect({ status: res.status, message: res.json?.error?.message }).toEqual({ status, message });
    };
    const to = bob.user.username;
    const one = (entryId: string, quantity = 1) => ({ items: [{ entryId, quantity }], credits: 0 });
    await refused({ to: alice.user.username, give: one(mine) }, 400, tradeMessages.selfTrade);
    await refused({ to: 'nobody_here', give: one(mine) }, 404, tradeMessages.recipientNotFound);
    await refused({ to: '', give: one(mine) }, 400, tradeMessages.recipientRequired);
    await refused({ to }, 400, tradeMessages.empty);
    await refused({ to, give: { items: [], credits: 0 }, get: { items: [], credits: 0 } }, 400, tradeMessages.empty);
    await refused(
      {
        to,
        give: {
          items: [
            { entryId: mine, quantity: 1 },
            { entryId: mine, quantity: 1 },
          ],
        },
      },
      400,
      tradeMessages.duplicateEntry,
    );
    await refused({ to, give: one(mine, 3) }, 400, 'Scout: You only have 2 of this item');
    await refused({ to, give: one(mine, 0) }, 400, 'Quantity must be at least 1');
    await refused({ to, give: { items: [], credits: -5 } }, 400, tradeMessages.creditsWhole);
    await refused({ to, give: one(theirs) }, 404, 'Inventory entry not found');
    await refused({ to, get: one(mine) }, 404, 'Inventory entry not found');
    await refused({ to, give: one(locked) }, 409, 'Scout: Trade locked until Dec 1, 2026');
    await refused({ to, give: one(badge) }, 409, 'Badge: This item cannot be traded');
    await refused({ to, give: { items: [], credits: 10 } }, 409, tradeMessages.notEnoughCreditsYou);

    const off = await call(h, 'PATCH', '/api/admin/site-settings', {
      token: admin.token,
      body: { creditsInTrades: false },
    });
    expect(off.status).toBe(200);
    expect(off.json.settings.creditsInTrades).toBe(false);
    expect((await call(h, 'GET', '/api/shop/site-settings')).json.settings.creditsInTrades).toBe(false);
    await grantCredits(h, alice.user._id, 10);
    await refused({ to, give: one(mine), get: { items: [], credits: 5 } }, 409, tradeMessages.creditsOff);
    expect((await trades(alice.token)).creditsInTrades).toBe(false);
    // Items alone still go.
    expect((await send(alice.token, { to, give: one(mine) })).status).toBe(201);
    expect(await h.ctx.db.selectFrom('trade_offers').select('id').execute()).toHaveLength(1);
  });

  it('holds at most 20 open offers per sender, even sent at once, and counts offers per hour', async () => {
    await grantCredits(h, alice.user._id, 100);
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => send(alice.token, { to: bob.user.username, give: { items: [], credits: 1 } })),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(20);
    for (const res of answers.filter((one) => one.status !== 201)) {
      expect({ status: res.status, message: res.json.error.message }).toEqual({
        status: 409,
        message: tradeMessages.tooManyOpen,
      });
    }
    // Cancelling one makes room for one more.
    const first = answers.find((res) => res.status === 201)?.json.trade._id;
    expect((await act(alice.token, first, 'cancel')).status).toBe(200);
    expect((await send(alice.token, { to: bob.user.username, give: { items: [], credits: 1 } })).status).toBe(201);
  });

  it('answers 429 past TRADE_OFFER_LIMIT_PER_PLAYER offers an hour', async () => {
    const limited = await createHarness(dialect, { env: { TRADE_OFFER_LIMIT_PER_PLAYER: '2' } });
    try {
      const sender = await registerPlayer(limited);
      const other = await registerPlayer(limited);
      await grantCredits(limited, sender.user._id, 10);
      const body = { to: other.user.username, give: { items: [], credits: 1 } };
      const answers = [];
      for (let i = 0; i < 3; i += 1)
        answers.push(await call(limited, 'POST', '/api/trades', { token: sender.token, body }));
      expect(answers.map((res) => res.status)).toEqual([201, 201, 429]);
      expect(answers[2]?.json.error.message).toContain(tradeMessages.tooManyOffers);
      expect(answers[2]?.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });

  it('lets only the recipient accept or decline, only the sender cancel, and only open offers', async () => {
    const { trade } = await aliceOffersBob();
    const carol = await registerPlayer(h);
    const refusal = async (token: string, verb: 'accept' | 'decline' | 'cancel', status: number, message: string) => {
      const res = await act(token, trade._id, verb);
      expect({ status: res.status, message: res.json.error.message }).toEqual({ status, message });
    };
    await refusal(alice.token, 'accept', 403, tradeMessages.onlyRecipient);
    await refusal(alice.token, 'decline', 403, tradeMessages.onlyRecipient);
    await refusal(bob.token, 'cancel', 403, tradeMessages.onlySender);
    await refusal(carol.token, 'accept', 404, tradeMessages.notFound);
    await refusal(carol.token, 'cancel', 404, tradeMessages.notFound);
    expect((await act(bob.token, 'no-such-offer', 'accept')).status).toBe(404);
    expect((await call(h, 'POST', `/api/trades/${trade._id}/accept`)).status).toBe(401);

    const declined = await act(bob.token, trade._id, 'decline');
    expect(declined.json.trade.status).toBe('declined');
    expect(await noticesOf(alice.token)).toEqual([
      { kind: 'trade_declined', data: { tradeId: trade._id, by: bob.user.username } },
    ]);
    await refusal(bob.token, 'accept', 409, tradeMessages.notOpen);
    await refusal(alice.token, 'cancel', 409, tradeMessages.notOpen);
    expect(await inventoryOf(h, bob.token)).toHaveLength(1);
  });

  it('cancelling tells the recipient; nothing moves', async () => {
    const { trade } = await aliceOffersBob();
    const cancelled = await act(alice.token, trade._id, 'cancel');
    expect(cancelled.json.trade.status).toBe('cancelled');
    expect((await noticesOf(bob.token)).map((notice) => notice.kind)).toEqual([
      'trade_cancelled',
      'trade_offer_received',
    ]);
    expect(await balanceOf(alice.token)).toBe(150);
  });

  it('an accept after credits ran short moves nothing and marks the offer invalid with the reason', async () => {
    const { trade } = await aliceOffersBob();
    // Alice spends what she promised meanwhile.
    await h.ctx.db.updateTable('users').set({ credits: 20 }).where('id', '=', alice.user._id).execute();
    const res = await act(bob.token, trade._id, 'accept');
    const reason = `${alice.user.username} no longer has enough credits`;
    expect({ status: res.status, message: res.json.error.message }).toEqual({ status: 409, message: reason });
    const { history } = await trades(bob.token);
    expect(history.map((offer: any) => [offer.status, offer.invalidReason])).toEqual([['invalid', reason]]);
    expect((await inventoryOf(h, alice.token)).map((entry) => entry.quantity)).toEqual([3]);
    expect((await inventoryOf(h, bob.token)).map((entry) => entry.shopItem.name)).toEqual(['Lancer']);
    expect(await balanceOf(bob.token)).toBe(0);
    await expectLedgerExplainsInventory(h);
  });

  it('an accept after an item left (gifted away, now locked or partly gone) names what changed', async () => {
    const { lancerEntry, trade } = await aliceOffersBob();
    const carol = await registerPlayer(h);
    expect((await gift(h, bob.token, lancerEntry, { recipient: carol.user.username, quantity: 1 })).status).toBe(200);
    const res = await act(bob.token, trade._id, 'accept');
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(`${bob.user.username} no longer has Lancer`);
    expect(await balanceOf(alice.token)).toBe(150);
    expect((await inventoryOf(h, alice.token)).map((entry) => entry.quantity)).toEqual([3]);

    // An entry that shrank below the offer's quantity.
    const scouts = await addEntry(h, alice.user._id, scout, { quantity: 2 });
    const second = await send(alice.token, {
      to: bob.user.username,
      give: { items: [{ entryId: scouts, quantity: 2 }] },
    });
    await gift(h, alice.token, scouts, { recipient: carol.user.username, quantity: 1 });
    const short = await act(bob.token, second.json.trade._id, 'accept');
    expect(short.json.error.message).toBe(`${alice.user.username} no longer has 2 × Scout`);
  });

  it('lists a player’s tradeable entries only: on the site, tradeable, not locked', async () => {
    const open = await addEntry(h, bob.user._id, scout, { quantity: 4 });
    await addEntry(h, bob.user._id, lancer, { trade_locked_until: '2026-12-01T00:00:00.000Z' });
    await addEntry(h, bob.user._id, await addItem(h, { name: 'Badge', is_tradeable: 0 }));
    const res = await call(h, 'GET', `/api/players/${bob.user.username.toUpperCase()}/tradeable`, {
      token: alice.token,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      player: bob.user.username,
      entries: [
        {
          _id: open,
          itemId: scout.id,
          name: 'Scout',
          imageUrl: '/images/items/scout.png',
          rarity: 'common',
          quantity: 4,
        },
      ],
    });
    expect((await call(h, 'GET', '/api/players/nobody_here/tradeable', { token: alice.token })).status).toBe(404);
    expect((await call(h, 'GET', `/api/players/${bob.user.username}/tradeable`)).status).toBe(401);
  });

  it('twenty accepts of offers over the same entry at once move it exactly once; the others become invalid', async () => {
    const prize = await addEntry(h, bob.user._id, scout);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => registerPlayer(h)));
    const offers: string[] = [];
    for (const buyer of buyers) {
      await grantCredits(h, buyer.user._id, 10);
      const res = await call(h, 'POST', '/api/trades', {
        token: buyer.token,
        body: {
          to: bob.user.username,
          give: { items: [], credits: 10 },
          get: { items: [{ entryId: prize, quantity: 1 }] },
        },
      });
      expect(res.status).toBe(201);
      offers.push(res.json.trade._id);
    }
    const answers = await Promise.all(offers.map((id) => act(bob.token, id, 'accept')));
    const won = answers.filter((res) => res.status === 200);
    expect(won).toHaveLength(1);
    for (const res of answers.filter((one) => one.status !== 200)) {
      expect({ status: res.status, message: res.json.error.message }).toEqual({
        status: 409,
        message: `${bob.user.username} no longer has Scout`,
      });
    }
    const statuses = await h.ctx.db.selectFrom('trade_offers').select(['status', 'invalid_reason']).execute();
    expect(statuses.filter((row) => row.status === 'accepted')).toHaveLength(1);
    expect(statuses.filter((row) => row.status === 'invalid' && row.invalid_reason)).toHaveLength(19);
    const holders = await h.ctx.db.selectFrom('inventory_entries').select(['user_id', 'quantity']).execute();
    expect(holders.map((row) => Number(row.quantity))).toEqual([1]);
    expect(await balanceOf(bob.token)).toBe(10);
    await expectCreditsExplained(bob, ...buyers);
    await expectLedgerExplainsInventory(h);
  });

  it('an accept racing a cancel: exactly one wins, and the state agrees with it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { trade } = await aliceOffersBob();
      const [accepted, cancelled] = await Promise.all([
        act(bob.token, trade._id, 'accept'),
        act(alice.token, trade._id, 'cancel'),
      ]);
      expect([accepted.status, cancelled.status].sort()).toEqual([200, 409]);
      const status = (
        await h.ctx.db.selectFrom('trade_offers').select('status').where('id', '=', trade._id).executeTakeFirstOrThrow()
      ).status;
      expect(status).toBe(accepted.status === 200 ? 'accepted' : 'cancelled');
      await expectCreditsExplained(alice, bob);
      await expectLedgerExplainsInventory(h);
    }
  });

  it('the item and credit ledgers explain every holding after a storm of gifts and trades', async () => {
    const players = [alice, bob, ...(await Promise.all(Array.from({ length: 4 }, () => registerPlayer(h))))];
    for (const player of players) {
      await grantCredits(h, player.user._id, 500);
      for (let i = 0; i < 3; i += 1) await addEntry(h, player.user._id, i % 2 ? scout : lancer, { quantity: 3 });
    }
    const sent: { id: string; to: Account }[] = [];
    for (const [index, player] of players.entries()) {
      const other = players[(index + 1) % players.length] as Account;
      const mine = (await inventoryOf(h, player.token))[0];
      const theirs = (await inventoryOf(h, other.token))[1];
      const res = await call(h, 'POST', '/api/trades', {
        token: player.token,
        body: {
          to: other.user.username,
          give: { items: [{ entryId: mine._id, quantity: 2 }], credits: 40 },
          get: { items: [{ entryId: theirs._id, quantity: 1 }], credits: 15 },
        },
      });
      expect(res.status).toBe(201);
      sent.push({ id: res.json.trade._id, to: other });
    }
    const storm = [
      ...sent.map(({ id, to }) => act(to.token, id, 'accept')),
      ...players.map(async (player, index) => {
        const entries = await inventoryOf(h, player.token);
        const target = players[(index + 2) % players.length] as Account;
        return Promise.all(
          entries
            .slice(0, 2)
            .map((entry) => gift(h, player.token, entry._id, { recipient: target.user.username, quantity: 1 })),
        );
      }),
    ];
    await Promise.all(storm);
    await expectLedgerExplainsInventory(h);
    await expectCreditsExplained(...players);
    const total = await h.ctx.db
      .selectFrom('inventory_entries')
      .select((eb) => eb.fn.sum<number>('quantity').as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(total.total)).toBe(players.length * 9);
    let credits = 0;
    for (const player of players) credits += await balanceOf(player.token);
    expect(credits).toBe(players.length * 500);
  });

  it('pages the history, latest decided first, for both players', async () => {
    await grantCredits(h, alice.user._id, 10);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await send(alice.token, { to: bob.user.username, give: { items: [], credits: 1 } });
      ids.push(res.json.trade._id);
      h.clock.advance(60_000);
      expect((await act(bob.token, res.json.trade._id, 'decline')).status).toBe(200);
    }
    const first = await trades(alice.token);
    expect(first.history.map((offer: any) => offer._id)).toEqual([...ids].reverse());
    expect(first.historyNextCursor).toBeNull();

    const page1 = await call(h, 'GET', '/api/trades/history?limit=2', { token: bob.token });
    expect(page1.json.trades.map((offer: any) => offer._id)).toEqual([ids[2], ids[1]]);
    const page2 = await call(h, 'GET', `/api/trades/history?limit=2&cursor=${page1.json.nextCursor}`, {
      token: bob.token,
    });
    expect(page2.json).toMatchObject({ nextCursor: null });
    expect(page2.json.trades.map((offer: any) => offer._id)).toEqual([ids[0]]);
    const bad = await call(h, 'GET', '/api/trades/history?cursor=nonsense', { token: bob.token });
    expect(bad.status).toBe(400);
    const carol = await registerPlayer(h);
    expect((await call(h, 'GET', '/api/trades/history', { token: carol.token })).json).toEqual({
      trades: [],
      nextCursor: null,
    });
  });

  it('the expiry pass ends offers unanswered for 7 days and tells both players', async () => {
    const { trade } = await aliceOffersBob();
    h.clock.advance(7 * DAY - 60_000);
    expect(await expireTrades(h.ctx)).toBe(0);
    h.clock.advance(60_000);
    expect(await expireTrades(h.ctx)).toBe(1);
    alice = await signIn(alice);
    bob = await signIn(bob);
    expect((await trades(alice.token)).history.map((offer: any) => offer.status)).toEqual(['expired']);
    expect((await noticesOf(alice.token))[0]).toEqual({
      kind: 'trade_expired',
      data: { tradeId: trade._id, with: bob.user.username },
    });
    expect((await noticesOf(bob.token))[0]).toEqual({
      kind: 'trade_expired',
      data: { tradeId: trade._id, with: alice.user.username },
    });
    expect((await act(bob.token, trade._id, 'accept')).status).toBe(409);
    expect(await expireTrades(h.ctx)).toBe(0);
  });
});
