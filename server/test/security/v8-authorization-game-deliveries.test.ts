// ASVS V8 (authorization), game deliveries: "only the key holding the lease may acknowledge, and
// revoked or disputed entries are refused"; "two pollers never receive the same delivery while
// leased"; and a delivery that needs its player online is leased only to a poll naming them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from '../helpers/admin.ts';
import { addCategory, addItem, grantCredits } from '../helpers/catalogue-factories.ts';
import type { FakeStripe } from '../helpers/fake-stripe.ts';
import { type GameKey, gameServerCalls } from '../helpers/game-servers.ts';
import { call } from '../helpers/http.ts';
import { createStripeHarness, deliver, payByCard } from '../helpers/payments.ts';
import { dialects, type TestHarness } from '../helpers/test-context.ts';

describe.each(dialects)('game deliveries: who may acknowledge, on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let admin: Account;
  let player: Account;
  let game: ReturnType<typeof gameServerCalls>;
  let eu: GameKey;
  let us: GameKey;
  let ship: Awaited<ReturnType<typeof addItem>>;

  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    ({ admin, player } = await adminAndPlayer(h));
    game = gameServerCalls(h, admin.token);
    eu = await game.newKey('EU-1');
    us = await game.newKey('US-1');
    await addCategory(h, { slug: 'ships' });
    ship = await addItem(h, { name: 'Scout', price_credits: 100, price_usd_cents: 999 });
  });
  afterEach(async () => {
    await close();
  });

  /** Buys the ship with credits; the new delivery's id. */
  async function buy(): Promise<string> {
    await grantCredits(h, player.user._id, 100);
    const res = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: ship.id, quantity: 1 },
    });
    expect(res.status).toBe(200);
    return res.json.inventoryEntry._id as string;
  }
  const pollOnline = (key: GameKey) => game.poll(key.secret, `?online=${player.user._id}`);
  const leasedIds = async (key: GameKey) => (await pollOnline(key)).json.deliveries.map((d: any) => d.id as string);
  const row = (id: string) =>
    h.ctx.db.selectFrom('inventory_entries').selectAll().where('id', '=', id).executeTakeFirst();
  /**
   * Where the other game server's calls land: on PostgreSQL another instance, as behind a load
   * balancer; SQLite is one process, whose one connection takes the writes one at a time.
   */
  const otherInstance = async () => (dialect === 'postgres' ? h.openInstance() : h);
  const refusalLogs = () =>
    h.logs
      .filter((line) => line.msg === 'game.ack_refused')
      .map(({ keyId, entryId, reason }) => ({ keyId, entryId, reason }));

  it('refuses an ack from a key that does not hold the lease, logs it, and leaves the delivery as it was', async () => {
    const entryId = await buy();
    expect(await leasedIds(eu)).toEqual([entryId]);
    const before = await row(entryId);

    const refused = await game.ack(us.secret, [entryId]);
    expect(refused.status).toBe(200);
    expect(refused.json).toEqual({
      acknowledged: [],
      alreadyAcknowledged: [],
      unknown: [],
      refused: [{ id: entryId, reason: 'leased by another game server' }],
    });
    expect(await row(entryId)).toEqual(before);
    expect((await game.deliveriesOf(player.user._id)).get(entryId)).toMatchObject({
      status: 'leased',
      deliveredAt: null,
      deliveredBy: null,
    });
    expect(refusalLogs()).toEqual([{ keyId: us.key._id, entryId, reason: 'leased by another game server' }]);

    // The holder still acknowledges it.
    expect((await game.ack(eu.secret, [entryId])).json).toMatchObject({ acknowledged: [entryId], refused: [] });
    expect((await game.deliveriesOf(player.user._id)).get(entryId)).toMatchObject({
      status: 'delivered',
      deliveredBy: 'EU-1',
    });
  });

  it('refuses an id nobody leased and names ids that do not exist', async () => {
    const entryId = await buy();
    const before = await row(entryId);

    const res = await game.ack(eu.secret, [entryId, 'no-such-delivery']);
    expect(res.json).toEqual({
      acknowledged: [],
      alreadyAcknowledged: [],
      unknown: ['no-such-delivery'],
      refused: [{ id: entryId, reason: 'not leased' }],
    });
    expect(await row(entryId)).toEqual(before);
    expect(await leasedIds(us)).toEqual([entryId]);
  });

  it('after a lease runs out, the late ack counts only if no other server leased it since', async () => {
    const late = await buy();
    h.clock.advance(1000);
    const taken = await buy();
    expect((await leasedIds(eu)).sort()).toEqual([late, taken].sort());
    h.clock.advance(61_000);
    // US takes one of the two expired leases; the other stays with nobody but EU.
    const retaken = await game.poll(us.secret, `?online=${player.user._id}&limit=1`);
    expect(retaken.json.deliveries.map((d: any) => d.id)).toEqual([late]);

    const res = await game.ack(eu.secret, [late, taken]);
    expect(res.json).toEqual({
      acknowledged: [taken],
      alreadyAcknowledged: [],
      unknown: [],
      refused: [{ id: late, reason: 'leased by another game server' }],
    });
    expect((await game.ack(us.secret, [late])).json.acknowledged).toEqual([late]);

    // A second ack by the holder changes nothing; one by another key is refused.
    const deliveredAt = (await row(late))?.delivered_at;
    h.clock.advance(1000);
    expect((await game.ack(us.secret, [late])).json).toEqual({
      acknowledged: [],
      alreadyAcknowledged: [late],
      unknown: [],
      refused: [],
    });
    expect((await game.ack(eu.secret, [late])).json.refused).toEqual([
      { id: late, reason: 'acknowledged by another game server' },
    ]);
    expect((await row(late))?.delivered_at).toBe(deliveredAt);
    expect((await game.deliveriesOf(player.user._id)).get(late)).toMatchObject({ deliveredBy: 'US-1' });
  });

  it('refuses the lease holder an ack of a refunded or disputed purchase, and delivers nothing', async () => {
    // A second apart, so the queue hands them out in this order.
    const payForShip = async () => {
      const paid = await payByCard(h, fake, player.token, [{ itemId: ship.id, quantity: 1 }]);
      h.clock.advance(1000);
      return paid;
    };
    const refunded = await payForShip();
    const disputed = await payForShip();
    const lost = await payForShip();
    const ids = await leasedIds(eu);
    expect(ids).toHaveLength(3);
    const [refundedId, disputedId, lostId] = ids;

    await deliver(h, fake.event('charge.refunded', fake.refundCharge(refunded.chargeId as string)));
    await deliver(h, fake.event('charge.dispute.created', fake.openDispute(disputed.chargeId as string)));
    const lostDispute = fake.openDispute(lost.chargeId as string);
    await deliver(h, fake.event('charge.dispute.created', lostDispute));
    await deliver(h, fake.event('charge.dispute.closed', fake.closeDispute(lostDispute.id, 'lost')));
    const before = await Promise.all(ids.map(row));

    const res = await game.ack(eu.secret, ids);
    expect(res.json).toEqual({
      acknowledged: [],
      alreadyAcknowledged: [],
      unknown: [],
      refused: [
        { id: refundedId, reason: 'revoked' },
        { id: disputedId, reason: 'disputed' },
        { id: lostId, reason: 'revoked' },
      ],
    });
    expect(await Promise.all(ids.map(row))).toEqual(before);
    const view = await game.deliveriesOf(player.user._id);
    for (const id of ids) expect(view.get(id)).toMatchObject({ status: 'revoked', deliveredAt: null });
    expect(refusalLogs()).toEqual([
      { keyId: eu.key._id, entryId: refundedId, reason: 'revoked' },
      { keyId: eu.key._id, entryId: disputedId, reason: 'disputed' },
      { keyId: eu.key._id, entryId: lostId, reason: 'revoked' },
    ]);
  });

  it('lets only the holder win when two keys acknowledge the same deliveries at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) ids.push(await buy());
    expect((await leasedIds(eu)).sort()).toEqual([...ids].sort());
    const other = await otherInstance();

    const [mine, theirs] = await Promise.all([
      game.ack(eu.secret, ids),
      call(other, 'POST', '/api/game/deliveries/ack', { token: us.secret, body: { ids } }),
    ]);
    expect(mine.json.acknowledged.sort()).toEqual([...ids].sort());
    expect(theirs.json.acknowledged).toEqual([]);
    expect(theirs.json.refused.map((r: any) => r.id).sort()).toEqual([...ids].sort());
    const view = await game.deliveriesOf(player.user._id);
    for (const id of ids) expect(view.get(id)).toMatchObject({ status: 'delivered', deliveredBy: 'EU-1' });
  });

  it('never lets a late ack and a new lease both win when they race', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) ids.push(await buy());
    expect(await leasedIds(eu)).toHaveLength(8);
    h.clock.advance(61_000);
    const other = await otherInstance();

    const [acked, polled] = await Promise.all([
      game.ack(eu.secret, ids),
      call(other, 'GET', `/api/game/deliveries?online=${player.user._id}`, { token: us.secret }),
    ]);
    const ackedIds = new Set<string>(acked.json.acknowledged);
    const leasedToUs = new Set<string>(polled.json.deliveries.map((d: any) => d.id));
    for (const id of ids) {
      // Each one went exactly one way: delivered by EU, or leased to US (and EU's ack refused).
      expect(ackedIds.has(id) !== leasedToUs.has(id), id).toBe(true);
      if (leasedToUs.has(id)) {
        expect(acked.json.refused).toContainEqual({ id, reason: 'leased by another game server' });
      }
    }
  });

  /** An administrator's mail to the player with an item: a delivery that does not need them online. */
  async function mail(): Promise<void> {
    const res = await call(h, 'POST', '/api/admin/send-mail', {
      token: admin.token,
      body: {
        userId: player.user._id,
        subject: 'Welcome',
        message: 'Here is a wrench.',
        customItems: [{ itemName: 'golden_wrench', quantity: 1 }],
      },
    });
    expect(res.status).toBe(201);
  }
  const handedOut = (res: Awaited<ReturnType<typeof game.poll>>) =>
    res.json.deliveries.map((d: any) => [d.kind, d.requiresOnline, d.attempt]);

  it('leases a purchase only to a poll that names its player online, and keeps it until one does', async () => {
    const entryId = await buy();
    h.clock.advance(1000);
    await mail();

    // No online list, an empty one, or other players: only the mail, which needs nobody online.
    expect(handedOut(await game.poll(eu.secret))).toEqual([['mail', false, 1]]);
    expect(handedOut(await game.poll(eu.secret, '?online='))).toEqual([]);
    const emptyBody = await call(h, 'POST', '/api/game/deliveries', { token: eu.secret, body: { online: [] } });
    expect(emptyBody.json.deliveries).toEqual([]);
    expect(handedOut(await game.poll(us.secret, '?online=someone-else'))).toEqual([]);
    expect((await game.deliveriesOf(player.user._id)).get(entryId)).toMatchObject({ status: 'pending', attempts: 0 });

    // Not lost: the first poll that names the player online gets it, handed out for the first time.
    const named = await game.poll(us.secret, `?online=someone-else,${player.user._id}`);
    expect(named.json.deliveries.map((d: any) => [d.id, d.requiresOnline, d.attempt])).toEqual([[entryId, true, 1]]);
  });

  it('hands a poll without an online list its mail even behind many purchases waiting for their players', async () => {
    for (let i = 0; i < 5; i += 1) {
      await buy();
      h.clock.advance(1000);
    }
    await mail();

    expect(handedOut(await game.poll(eu.secret, '?limit=1'))).toEqual([['mail', false, 1]]);
    expect(handedOut(await pollOnline(us))).toHaveLength(5);
  });
});
