// Gifts from the inventory and the one move of items behind them (issue 20): every refusal in the
// contract's words, the recipient's entry acquired as a gift naming the sender and trade-locked, the
// item ledger explaining every quantity, and the races: a gift against a game server's lease, and
// twenty gifts of one entry at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem } from './helpers/catalogue-factories.ts';
import { addEntry, expectLedgerExplainsInventory, gift, inventoryOf } from './helpers/economy.ts';
import { gameServerCalls } from './helpers/game-servers.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dialects)('gifts on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let sender: Account;
  let friend: Account;
  let ship: Awaited<ReturnType<typeof addItem>>;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player: sender } = await adminAndPlayer(h));
    friend = await registerPlayer(h);
    await addCategory(h, { slug: 'ships' });
    ship = await addItem(h, { name: 'Scout' });
  });
  afterEach(async () => {
    await h.close();
  });

  const game = () => gameServerCalls(h, admin.token);
  /** A fresh session, after the clock has moved past the last one's idle days. */
  async function signIn(account: Account): Promise<string> {
    const res = await call(h, 'POST', '/api/auth/login', {
      body: { email: account.user.email, password: account.password },
    });
    expect(res.status).toBe(200);
    return res.json.token;
  }

  it('moves a whole entry: gone from the sender, a gift from them in the recipient’s inventory, locked, audited', async () => {
    const entryId = await addEntry(h, sender.user._id, ship);
    const res = await gift(h, sender.token, entryId, {
      recipient: friend.user.username.toUpperCase(),
      quantity: 1,
      message: 'Fly safe',
    });
    expect(res.status).toBe(200);
    expect(res.json.entry).toBeNull();
    expect(res.json.gift).toMatchObject({ recipient: friend.user.username, quantity: 1 });

    expect(await inventoryOf(h, sender.token)).toEqual([]);
    const [received] = await inventoryOf(h, friend.token);
    expect(received).toMatchObject({
      quantity: 1,
      acquiredMethod: 'gift',
      acquiredAs: 'gift',
      acquiredFrom: sender.user.username,
      location: 'pending',
      keptOnSite: false,
      tradeLocked: true,
      tradeLockedUntil: '2026-11-29T12:00:00.000Z',
      giftRefusal: 'Trade locked until Nov 29, 2026',
      tradeRefusal: 'Trade locked until Nov 29, 2026',
    });
    expect(received.shopItem.name).toBe('Scout');

    const transfer = await h.ctx.db.selectFrom('item_transfers').selectAll().executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({
      kind: 'gift',
      from_user_id: sender.user._id,
      to_user_id: friend.user._id,
      message: 'Fly safe',
    });
    const audit = await call(h, 'GET', '/api/admin/audit?action=items.gift', { token: admin.token });
    expect(audit.json.entries).toHaveLength(1);
    expect(audit.json.entries[0]).toMatchObject({ targetId: transfer.id });
    await expectLedgerExplainsInventory(h);

    const notices = await call(h, 'GET', '/api/notifications', { token: friend.token });
    expect(notices.json.unread).toBe(1);
    expect(notices.json.notifications[0]).toMatchObject({
      kind: 'gift_received',
      data: { from: sender.user.username, item: { name: 'Scout', quantity: 1 }, message: 'Fly safe' },
    });
    expect((await call(h, 'GET', '/api/notifications', { token: sender.token })).json.unread).toBe(0);

    // After the lock, the recipient may pass it on.
    h.clock.advance(7 * DAY + 1);
    const [unlocked] = await inventoryOf(h, await signIn(friend));
    expect(unlocked.giftRefusal).toBeNull();
  });

  it('moves part of an entry: the sender keeps the rest', async () => {
    const entryId = await addEntry(h, sender.user._id, ship, { quantity: 3 });
    const res = await gift(h, sender.token, entryId, { recipient: friend.user.username, quantity: 2 });
    expect(res.status).toBe(200);
    expect(res.json.entry).toMatchObject({ _id: entryId, quantity: 1, location: 'pending' });
    expect((await inventoryOf(h, friend.token)).map((entry) => entry.quantity)).toEqual([2]);
    await expectLedgerExplainsInventory(h);
  });

  it('refuses every rule with its words, in the envelope, and moves nothing', async () => {
    const entryId = await addEntry(h, sender.user._id, ship, { quantity: 2 });
    const refused = async (body: unknown, status: number, message: string, id = entryId, token = sender.token) => {
      const res = await gift(h, token, id, body);
      expect({ status: res.status, message: res.json?.error?.message }).toEqual({ status, message });
    };
    const to = friend.user.username;
    await refused({ recipient: to, quantity: 3 }, 400, 'You only have 2 of this item');
    await refused({ recipient: to, quantity: 0 }, 400, 'Quantity must be at least 1');
    await refused({ recipient: to, quantity: 1.5 }, 400, 'Quantity must be a whole number');
    await refused(
      { recipient: to, quantity: 1, message: 'x'.repeat(201) },
      400,
      'Message must be at most 200 characters',
    );
    await refused({ recipient: '', quantity: 1 }, 400, 'Choose a player to send it to');
    await refused({ recipient: sender.user.username, quantity: 1 }, 400, 'You cannot send a gift to yourself');
    await refused({ recipient: 'nobody_here', quantity: 1 }, 404, 'No player has that username');
    // Not the owner: the same answer as no such entry.
    await refused(
      { recipient: sender.user.username, quantity: 1 },
      404,
      'Inventory entry not found',
      entryId,
      friend.token,
    );
    await refused({ recipient: to, quantity: 1 }, 404, 'Inventory entry not found', 'no-such-entry');

    // Leased by a game server right now, then in the game.
    const { secret } = await game().newKey();
    const polled = await game().poll(secret, `?online=${sender.user._id}&limit=1`);
    const leasedIds = polled.json.deliveries.map((d: any) => d.id);
    expect(leasedIds).toContain(entryId);
    await refused(
      { recipient: to, quantity: 1 },
      409,
      'This item is being handed to the game right now; try again in a minute',
    );
    expect((await game().ack(secret, [entryId])).json.acknowledged).toEqual([entryId]);
    await refused({ recipient: to, quantity: 1 }, 409, 'This item is already in the game');

    const locked = await addEntry(h, sender.user._id, ship, { trade_locked_until: '2026-11-30T08:00:00.000Z' });
    await refused({ recipient: to, quantity: 1 }, 409, 'Trade locked until Nov 30, 2026', locked);

    const keepsake = await addItem(h, { name: 'Keepsake', is_giftable: 0 });
    const notGiftable = await addEntry(h, sender.user._id, keepsake);
    await refused({ recipient: to, quantity: 1 }, 409, 'This item cannot be gifted', notGiftable);

    const revoked = await addEntry(h, sender.user._id, ship);
    await h.ctx.db
      .updateTable('inventory_entries')
      .set({ revoked_at: '2026-11-22T12:00:00.000Z' })
      .where('id', '=', revoked)
      .execute();
    await refused({ recipient: to, quantity: 1 }, 409, 'This item was revoked', revoked);

    // A deleted account receives nothing.
    const gone = await registerPlayer(h);
    const deleted = await call(h, 'POST', '/api/account/delete', {
      token: gone.token,
      body: { password: gone.password, confirm: gone.user.username },
    });
    expect(deleted.status).toBe(200);
    const other = await addEntry(h, sender.user._id, ship);
    await refused({ recipient: gone.user.username, quantity: 1 }, 404, 'No player has that username', other);

    // The inventory gives the same words beside the buttons.
    const hints = new Map((await inventoryOf(h, sender.token)).map((entry) => [entry._id, entry.giftRefusal]));
    expect(hints.get(locked)).toBe('Trade locked until Nov 30, 2026');
    expect(hints.get(notGiftable)).toBe('This item cannot be gifted');
    expect(hints.get(entryId)).toBe('This item is already in the game');
    expect(hints.get(other)).toBeNull();

    expect(await inventoryOf(h, friend.token)).toEqual([]);
    expect(await h.ctx.db.selectFrom('item_transfers').selectAll().execute()).toEqual([]);
    await expectLedgerExplainsInventory(h);
  });

  it('never gives an item twice when a gift races a game server’s lease', async () => {
    const { secret } = await game().newKey();
    for (let round = 0; round < 15; round += 1) {
      const entryId = await addEntry(h, sender.user._id, ship, { quantity: 2 });
      const [gave, polled] = await Promise.all([
        gift(h, sender.token, entryId, { recipient: friend.user.username, quantity: round % 2 === 0 ? 2 : 1 }),
        game().poll(secret, `?online=${sender.user._id}&limit=50`),
      ]);
      const leasedHere = polled.json.deliveries.filter((d: any) => d.id === entryId);
      const handedToGame = leasedHere.reduce((sum: number, d: any) => sum + d.items[0].item_quantity, 0);
      const given = gave.status === 200 ? gave.json.gift.quantity : 0;
      if (gave.status !== 200) {
        expect(gave.json.error.message).toBe('This item is being handed to the game right now; try again in a minute');
      }
      // What went to the game and what went to the friend never add up to more than the entry held
      // (a gift of both units and a lease: one of them; a gift of one: the lease gets what is left).
      expect(handedToGame + given).toBeLessThanOrEqual(2);
      expect(handedToGame + given).toBeGreaterThan(0);
      if (leasedHere.length > 0) await game().ack(secret, [entryId]);
    }
    await expectLedgerExplainsInventory(h);
  });

  it('moves an entry exactly once per unit when twenty gifts of it arrive at once', async () => {
    const entryId = await addEntry(h, sender.user._id, ship, { quantity: 5 });
    const friends = await Promise.all(Array.from({ length: 4 }, () => registerPlayer(h)));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        gift(h, sender.token, entryId, { recipient: friends[i % 4]?.user.username, quantity: 1 }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.json.error.message).toBe('Inventory entry not found');
    }
    expect(await inventoryOf(h, sender.token)).toEqual([]);
    const received = (await Promise.all(friends.map((f) => inventoryOf(h, f.token)))).flat();
    expect(received.reduce((sum, entry) => sum + entry.quantity, 0)).toBe(5);
    await expectLedgerExplainsInventory(h);
  });

  it('keeps the item ledger equal to the inventory after a storm of gifts between players', async () => {
    const accounts = [sender, friend, await registerPlayer(h)];
    for (const player of accounts) await addEntry(h, player.user._id, ship, { quantity: 6 });
    let players = accounts;
    for (let wave = 0; wave < 3; wave += 1) {
      const inventories = await Promise.all(players.map((p) => inventoryOf(h, p.token)));
      await Promise.all(
        players.flatMap((player, i) =>
          (inventories[i] ?? [])
            .filter((entry) => entry.giftRefusal === null)
            .flatMap((entry) =>
              [1, 2].map((k) =>
                gift(h, player.token, entry._id, {
                  recipient: players[(i + k) % players.length]?.user.username,
                  quantity: k,
                }),
              ),
            ),
        ),
      );
      // What was received is locked; let the lock pass so the next wave moves it again.
      h.clock.advance(8 * DAY);
      players = await Promise.all(accounts.map(async (account) => ({ ...account, token: await signIn(account) })));
    }
    const total = (await Promise.all(players.map((p) => inventoryOf(h, p.token))))
      .flat()
      .reduce((sum, entry) => sum + entry.quantity, 0);
    expect(total).toBe(18);
    await expectLedgerExplainsInventory(h);
  });

  it('keeps the item ledger append-only: the database refuses to change or remove a row', async () => {
    await addEntry(h, sender.user._id, ship);
    await expect(h.ctx.db.updateTable('item_ledger').set({ delta: 5 }).execute()).rejects.toThrow(/append-only/);
    await expect(h.ctx.db.deleteFrom('item_ledger').execute()).rejects.toThrow(/append-only/);
  });

  it('lists gifts in both players’ data downloads, and erases a deleted sender’s message but not the gift', async () => {
    const entryId = await addEntry(h, sender.user._id, ship);
    expect(
      (await gift(h, sender.token, entryId, { recipient: friend.user.username, quantity: 1, message: 'gg' })).status,
    ).toBe(200);
    const mine = await call(h, 'GET', '/api/account/export', { token: sender.token });
    expect(mine.json.itemTransfers).toEqual([
      expect.objectContaining({ kind: 'gift', direction: 'sent', otherPlayer: friend.user.username, message: 'gg' }),
    ]);
    expect(mine.json.itemLedger.map((row: any) => row.delta).sort()).toEqual([-1, 1]);
    expect(mine.json.preferences).toEqual({ keepNewItemsOnSite: false });
    const theirs = await call(h, 'GET', '/api/account/export', { token: friend.token });
    expect(theirs.json.itemTransfers[0]).toMatchObject({ direction: 'received', otherPlayer: sender.user.username });

    const deleted = await call(h, 'POST', '/api/account/delete', {
      token: sender.token,
      body: { password: sender.password, confirm: sender.user.username },
    });
    expect(deleted.status).toBe(200);
    const after = await call(h, 'GET', '/api/account/export', { token: friend.token });
    expect(after.json.itemTransfers[0]).toMatchObject({ direction: 'received', message: null });
    expect(after.json.itemTransfers[0].otherPlayer).toMatch(/^Deleted player /);
    const [received] = await inventoryOf(h, friend.token);
    expect(received.acquiredFrom).toMatch(/^Deleted player /);
  });
});
