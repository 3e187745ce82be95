// The admin's side of moves between players (issue 20, Admin): a player's item ledger a page at a
// time and by kind, and reversing a gift or a trade once: items and credits back, both players told,
// audited; refused when the items have moved on; twenty admins at once reverse it once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/transaction.ts';
import { toIso } from '../src/lib/clock.ts';
import { moveItems } from '../src/services/economy/item-moves.ts';
import { creditWithLedger, debitWithLedger } from '../src/services/purchases/credit-ledger.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, grantCredits } from './helpers/catalogue-factories.ts';
import { addEntry, expectLedgerExplainsInventory, gift, inventoryOf } from './helpers/economy.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('admin item ledger and reversals on %s', (dialect) => {
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

  const ledgerOf = (userId: string, query = '') =>
    call(h, 'GET', `/api/admin/users/${userId}/item-ledger${query}`, { token: admin.token });
  const reverse = (transferId: string, token = admin.token) =>
    call(h, 'POST', `/api/admin/transfers/${transferId}/reverse`, { token });

  async function giftOne(quantity = 1): Promise<string> {
    const entryId = await addEntry(h, sender.user._id, ship, { quantity });
    const res = await gift(h, sender.token, entryId, { recipient: friend.user.username, quantity });
    expect(res.status).toBe(200);
    return res.json.gift._id;
  }

  async function creditsOf(userId: string): Promise<number> {
    const row = await h.ctx.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.credits);
  }

  it('lists a player’s item ledger newest first, a page at a time, filtered by kind', async () => {
    for (let i = 0; i < 5; i += 1) {
      await giftOne();
      h.clock.advance(1000);
    }
    const first = await ledgerOf(friend.user._id, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.json.entries).toHaveLength(2);
    const second = await ledgerOf(friend.user._id, `?limit=2&cursor=${first.json.nextCursor}`);
    const third = await ledgerOf(friend.user._id, `?limit=2&cursor=${second.json.nextCursor}`);
    expect(third.json.entries).toHaveLength(1);
    expect(third.json.nextCursor).toBeNull();
    const all = [...first.json.entries, ...second.json.entries, ...third.json.entries];
    expect(new Set(all.map((entry) => entry._id)).size).toBe(5);
    expect(all.map((entry) => entry.createdAt)).toEqual([...all.map((entry) => entry.createdAt)].sort().reverse());
    expect(all[0]).toMatchObject({
      delta: 1,
      itemName: 'Scout',
      transfer: { kind: 'gift', from: sender.user.username, to: friend.user.username, reversible: true },
    });

    // The sender's side: the opening purchase rows and the gifts' negative rows.
    expect((await ledgerOf(sender.user._id, '?kind=gift')).json.entries).toHaveLength(5);
    expect((await ledgerOf(sender.user._id)).json.entries).toHaveLength(10);
    expect((await ledgerOf(sender.user._id, '?kind=trade')).json.entries).toHaveLength(0);
    const bad = await ledgerOf(sender.user._id, '?kind=theft');
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe('kind must be one of gift, trade, purchase-gift, reversal');
    expect((await ledgerOf('nobody')).status).toBe(404);
    expect(
      (await call(h, 'GET', `/api/admin/users/${friend.user._id}/item-ledger`, { token: friend.token })).status,
    ).toBe(403);
  });

  it('reverses a gift once: the items back with the sender, both told, audited; again is refused', async () => {
    const transferId = await giftOne(3);
    const res = await reverse(transferId);
    expect(res.status).toBe(200);
    expect(res.json.transfer).toMatchObject({ _id: transferId, reversible: false });
    expect(res.json.reversals).toHaveLength(1);
    expect(await inventoryOf(h, friend.token)).toEqual([]);
    const [back] = await inventoryOf(h, sender.token);
    expect(back).toMatchObject({ quantity: 3, acquiredMethod: 'admin_reversal' });

    for (const [account, other] of [
      [sender, friend],
      [friend, sender],
    ] as const) {
      const notices = await call(h, 'GET', '/api/notifications', { token: account.token });
      expect(notices.json.notifications[0]).toMatchObject({
        kind: 'transfer_reversed',
        data: { transfer: 'gift', with: other.user.username },
      });
    }
    const audit = await call(h, 'GET', '/api/admin/audit?action=items.admin_reversal', { token: admin.token });
    expect(audit.json.entries).toHaveLength(1);
    expect(audit.json.entries[0]).toMatchObject({ actorId: admin.user._id });

    const again = await reverse(transferId);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('This transfer was already reversed');
    const reversal = await reverse(res.json.reversals[0]);
    expect(reversal.status).toBe(409);
    expect(reversal.json.error.message).toBe('A reversal cannot be reversed');
    expect((await reverse('no-such-transfer')).status).toBe(404);
    expect((await reverse(transferId, sender.token)).status).toBe(403);
    const listed = await ledgerOf(friend.user._id, '?kind=reversal');
    expect(listed.json.entries).toHaveLength(1);
    expect(listed.json.entries[0]).toMatchObject({ delta: -3, transfer: { kind: 'admin_reversal' } });
    await expectLedgerExplainsInventory(h);
  });

  it('refuses when the items have moved on (given onward, in the game), and nothing changes', async () => {
    const transferId = await giftOne();
    const [received] = await inventoryOf(h, friend.token);
    // The lock ends, and the friend passes the item on.
    await h.ctx.db
      .updateTable('inventory_entries')
      .set({ trade_locked_until: null })
      .where('id', '=', received._id)
      .execute();
    const third = await registerPlayer(h);
    const onward = await gift(h, friend.token, received._id, { recipient: third.user.username, quantity: 1 });
    expect(onward.status).toBe(200);
    const refused = await reverse(transferId);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(
      `${friend.user.username} no longer holds these items (given or traded onward)`,
    );

    const second = await giftOne();
    const [inGame] = (await inventoryOf(h, friend.token)).filter((entry) => entry.location !== 'in_game');
    await h.ctx.db
      .updateTable('inventory_entries')
      .set({ delivered_to_game: 1 })
      .where('id', '=', inGame._id)
      .execute();
    const inGameRefused = await reverse(second);
    expect(inGameRefused.status).toBe(409);
    expect(inGameRefused.json.error.message).toBe('The items cannot be taken back: This item is already in the game');
    const row = await h.ctx.db
      .selectFrom('item_transfers')
      .select('reversed_at')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(row.reversed_at).toBeNull();
  });

  it('reverses a trade whole: both legs’ items and the credits that moved go back', async () => {
    const theirs = await addItem(h, { name: 'Hauler' });
    const mine = await addEntry(h, sender.user._id, ship);
    const yours = await addEntry(h, friend.user._id, theirs);
    await grantCredits(h, sender.user._id, 500);
    const tradeId = 'trade-1';
    const legs = await inTransaction(h.ctx.db, async (trx) => {
      const now = toIso(h.clock());
      const a = await moveItems(h.ctx, trx, {
        kind: 'trade',
        from: sender.user._id,
        to: friend.user._id,
        lines: [{ entryId: mine, quantity: 1 }],
        reference: tradeId,
      });
      const b = await moveItems(h.ctx, trx, {
        kind: 'trade',
        from: friend.user._id,
        to: sender.user._id,
        lines: [{ entryId: yours, quantity: 1 }],
        reference: tradeId,
      });
      await debitWithLedger(trx, { userId: sender.user._id, amount: 200, reason: 'trade', reference: tradeId, now });
      await creditWithLedger(trx, { userId: friend.user._id, amount: 200, reason: 'trade', reference: tradeId, now });
      return [a.transferId, b.transferId];
    });
    expect(await creditsOf(sender.user._id)).toBe(300);
    const res = await reverse(legs[1] as string);
    expect(res.status).toBe(200);
    expect(res.json.reversals).toHaveLength(2);
    expect(await creditsOf(sender.user._id)).toBe(500);
    expect(await creditsOf(friend.user._id)).toBe(0);
    expect((await inventoryOf(h, sender.token)).map((entry) => entry.shopItem.name)).toEqual(['Scout']);
    expect((await inventoryOf(h, friend.token)).map((entry) => entry.shopItem.name)).toEqual(['Hauler']);
    expect((await reverse(legs[0] as string)).status).toBe(409);
    await expectLedgerExplainsInventory(h);
  });

  it('reverses a trade accepted through the trade calls: items and credits back with both players', async () => {
    const theirs = await addItem(h, { name: 'Hauler' });
    const mine = await addEntry(h, sender.user._id, ship);
    const yours = await addEntry(h, friend.user._id, theirs);
    await grantCredits(h, sender.user._id, 500);
    const offer = await call(h, 'POST', '/api/trades', {
      token: sender.token,
      body: {
        to: friend.user.username,
        give: { items: [{ entryId: mine, quantity: 1 }], credits: 200 },
        get: { items: [{ entryId: yours, quantity: 1 }], credits: 0 },
      },
    });
    expect(offer.status).toBe(201);
    const offerId = offer.json.trade?._id ?? offer.json._id;
    expect((await call(h, 'POST', `/api/trades/${offerId}/accept`, { token: friend.token })).status).toBe(200);
    expect(await creditsOf(sender.user._id)).toBe(300);
    expect((await inventoryOf(h, sender.token)).map((entry) => entry.shopItem.name)).toEqual(['Hauler']);

    const moves = await ledgerOf(friend.user._id, '?kind=trade');
    const transferId = moves.json.entries.find((entry: any) => entry.transfer)?.transfer._id;
    expect(transferId).toBeTruthy();
    const res = await reverse(transferId);
    expect(res.status).toBe(200);
    expect(res.json.reversals).toHaveLength(2);
    expect(await creditsOf(sender.user._id)).toBe(500);
    expect(await creditsOf(friend.user._id)).toBe(0);
    expect((await inventoryOf(h, sender.token)).map((entry) => entry.shopItem.name)).toEqual(['Scout']);
    expect((await inventoryOf(h, friend.token)).map((entry) => entry.shopItem.name)).toEqual(['Hauler']);
    await expectLedgerExplainsInventory(h);
  });

  it('twenty admins reversing one gift at once reverse it once', async () => {
    const transferId = await giftOne(2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => reverse(transferId)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(19);
    const [back] = await inventoryOf(h, sender.token);
    expect(back).toMatchObject({ quantity: 2 });
    expect(
      await h.ctx.db.selectFrom('item_transfers').selectAll().where('kind', '=', 'admin_reversal').execute(),
    ).toHaveLength(1);
    await expectLedgerExplainsInventory(h);
  });
});
