// The game servers' side (issue 7): keys, the delivery queue with leases, acknowledgements, mail,
// online players first, revoked purchases left out, and the admin's view and re-queue.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, grantCredits } from './helpers/catalogue-factories.ts';
import { gameServerCalls } from './helpers/game-servers.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('game server deliveries on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  let ship: Awaited<ReturnType<typeof addItem>>;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player } = await adminAndPlayer(h));
    await addCategory(h, { slug: 'ships' });
    ship = await addItem(h, {
      name: 'Scout',
      price_credits: 100,
      game_items: JSON.stringify([
        { item_name: 'ship_scout', item_quantity: 1 },
        { item_name: 'fuel_cell', item_quantity: 5 },
      ]),
    });
  });
  afterEach(async () => {
    await h.close();
  });

  const newKey = (name?: string) => gameServerCalls(h, admin.token).newKey(name);
  const poll = (secret: string, query = '') => gameServerCalls(h, admin.token).poll(secret, query);
  /** The query of a game server that has the player online: only such a poll gets their purchases. */
  const online = () => `?online=${player.user._id}`;
  const ack = (secret: string, ids: string[]) => gameServerCalls(h, admin.token).ack(secret, ids);
  async function buy(who: Account = player) {
    await grantCredits(h, who.user._id, 100);
    const res = await call(h, 'POST', '/api/shop/purchase', {
      token: who.token,
      body: { itemId: ship.id, quantity: 1 },
    });
    return res.json.inventoryEntry._id as string;
  }
  const inventory = async (who: Account = player) =>
    (await call(h, 'GET', '/api/shop/user/inventory', { token: who.token })).json.inventory;

  it('shows a new key once, keeps only its hash, lists it without the secret, and refuses it once revoked', async () => {
    const { key, secret } = await newKey();
    expect(secret).toMatch(/^spk_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    const stored = await h.ctx.db.selectFrom('game_server_keys').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(secret);
    const list = await call(h, 'GET', '/api/admin/game-servers', { token: admin.token });
    expect(JSON.stringify(list.json)).not.toContain(secret);
    expect(list.json.keys[0]).toMatchObject({ name: 'EU-1', lastUsedAt: null, revokedAt: null });

    expect((await poll(secret)).status).toBe(200);
    expect((await call(h, 'GET', '/api/admin/game-servers', { token: admin.token })).json.keys[0].lastUsedAt).toBe(
      '2026-11-22T12:00:00.000Z',
    );
    await call(h, 'DELETE', `/api/admin/game-servers/${key._id}`, { token: admin.token });
    const refused = await poll(secret);
    expect([refused.status, refused.json.error.message]).toEqual([401, 'Unknown or revoked game server key']);
  });

  it('takes only keys on /api/game, and keys nowhere else', async () => {
    const { secret } = await newKey();
    expect((await poll('')).status).toBe(401);
    expect((await poll(player.token)).status).toBe(401);
    expect((await poll(admin.token)).status).toBe(401);
    expect((await poll(`${secret}x`)).status).toBe(401);
    expect((await call(h, 'GET', '/api/auth/me', { token: secret })).status).toBe(401);
    expect((await call(h, 'GET', '/api/admin/users', { token: secret })).status).toBe(401);
    expect((await call(h, 'GET', '/api/game/anything', { token: player.token })).status).toBe(401);
  });

  it('queues a purchase with its game items times the quantity, and an ack makes it In Game for good', async () => {
    const { secret } = await newKey();
    const entryId = await buy();
    const first = await poll(secret, online());
    expect(first.json.deliveries).toEqual([
      {
        id: entryId,
        kind: 'purchase',
        player: { id: player.user._id, username: player.user.username, discordId: null },
        items: [
          { item_name: 'ship_scout', item_quantity: 1 },
          { item_name: 'fuel_cell', item_quantity: 5 },
        ],
        requiresOnline: true,
        mail: null,
        createdAt: '2026-11-22T12:00:00.000Z',
        attempt: 1,
        leaseUntil: '2026-11-22T12:01:00.000Z',
      },
    ]);
    const acked = await ack(secret, [entryId, 'no-such-delivery']);
    expect(acked.json).toEqual({
      acknowledged: [entryId],
      alreadyAcknowledged: [],
      unknown: ['no-such-delivery'],
      refused: [],
    });
    const again = await ack(secret, [entryId]);
    expect(again.json).toEqual({ acknowledged: [], alreadyAcknowledged: [entryId], unknown: [], refused: [] });

    h.clock.advance(10 * 60_000);
    expect((await poll(secret, online())).json.deliveries).toEqual([]);
    expect((await inventory())[0].deliveredToGame).toBe(true);
  });

  it('leases a delivery to one poller; another gets it only after the lease ends unacknowledged', async () => {
    const eu = await newKey('EU-1');
    const us = await newKey('US-1');
    const entryId = await buy();
    const [a, b] = await Promise.all([poll(eu.secret, online()), poll(us.secret, online())]);
    const handedOut = [...a.json.deliveries, ...b.json.deliveries].map((d: any) => d.id);
    expect(handedOut).toEqual([entryId]);

    h.clock.advance(59_000);
    expect((await poll(us.secret, online())).json.deliveries).toEqual([]);
    h.clock.advance(2_000);
    const retried = await poll(us.secret, online());
    expect(retried.json.deliveries.map((d: any) => [d.id, d.attempt])).toEqual([[entryId, 2]]);
    expect((await inventory())[0].deliveredToGame).toBe(false);
  });

  it('delivers mail with its sender, subject and message, without needing the player online', async () => {
    const { secret } = await newKey();
    await call(h, 'POST', '/api/admin/send-mail', {
      token: admin.token,
      body: {
        userId: player.user._id,
        senderName: 'Fleet Command',
        subject: 'Welcome',
        message: 'Here is a wrench.',
        customItems: [{ itemName: 'golden_wrench', quantity: 3 }],
      },
    });
    const deliveries = (await poll(secret, '?online=someone-else')).json.deliveries;
    expect(deliveries).toEqual([
      expect.objectContaining({
        kind: 'mail',
        requiresOnline: false,
        items: [{ item_name: 'golden_wrench', item_quantity: 3 }],
        mail: { sender: 'Fleet Command', subject: 'Welcome', message: 'Here is a wrench.' },
      }),
    ]);
    await ack(secret, [deliveries[0].id]);
    expect((await inventory())[0]).toMatchObject({ acquiredMethod: 'admin_mail', deliveredToGame: true });
  });

  it('hands online players their purchases first and leaves offline players purchases alone', async () => {
    const { secret } = await newKey();
    const other = await registerPlayer(h);
    const offlineEntry = await buy(player);
    h.clock.advance(1000);
    const onlineEntry = await buy(other);
    const res = await poll(secret, `?online=${other.user._id}`);
    expect(res.json.deliveries.map((d: any) => d.id)).toEqual([onlineEntry]);
    const body = await call(h, 'POST', '/api/game/deliveries', {
      token: secret,
      body: { limit: 10, online: [player.user._id] },
    });
    expect(body.json.deliveries.map((d: any) => d.id)).toEqual([offlineEntry]);
  });

  it('never hands out a revoked purchase', async () => {
    const { secret } = await newKey();
    const entryId = await buy();
    await h.ctx.db
      .updateTable('inventory_entries')
      .set({ revoked_at: h.clock().toISOString() })
      .where('id', '=', entryId)
      .execute();
    expect((await poll(secret, online())).json.deliveries).toEqual([]);
  });

  it('refuses a bad limit, online list or ack body with the envelope', async () => {
    const { secret } = await newKey();
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=1.5']) {
      const res = await poll(secret, query);
      expect([res.status, res.json.error.message], query).toEqual([400, 'limit must be a whole number from 1 to 100']);
    }
    for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: Array.from({ length: 501 }, (_, i) => `d${i}`) }]) {
      const res = await call(h, 'POST', '/api/game/deliveries/ack', { token: secret, body });
      expect([res.status, res.json.error.message]).toEqual([400, 'ids must be a list of 1 to 500 delivery ids']);
    }
  });

  it("shows admins a player's deliveries and lets them re-queue one", async () => {
    const { secret } = await newKey('EU-1');
    const delivered = await buy();
    h.clock.advance(1000);
    const leased = await buy();
    await poll(secret, `${online()}&limit=1`);
    await ack(secret, [delivered]);
    await poll(secret, online());

    const byId = await gameServerCalls(h, admin.token).deliveriesOf(player.user._id);
    expect(byId.get(delivered)).toMatchObject({ status: 'delivered', deliveredBy: 'EU-1', name: 'Scout' });
    expect(byId.get(leased)).toMatchObject({ status: 'leased', attempts: 1 });

    const requeued = await call(h, 'POST', `/api/admin/deliveries/${delivered}/requeue`, { token: admin.token });
    expect(requeued.status).toBe(200);
    h.clock.advance(61_000);
    const again = await poll(secret, online());
    expect(again.json.deliveries.map((d: any) => d.id).sort()).toEqual([delivered, leased].sort());
    expect((await call(h, 'POST', '/api/admin/deliveries/nope/requeue', { token: admin.token })).status).toBe(404);
    expect(
      (await call(h, 'GET', `/api/admin/users/${player.user._id}/deliveries`, { token: player.token })).status,
    ).toBe(403);
  });

  it("pages a player's deliveries newest first, each once, with purchases made between pages", async () => {
    const bought: string[] = [];
    // Pairs bought at the same instant: ties go by id.
    for (let i = 0; i < 3; i++) {
      bought.push(await buy(), await buy());
      h.clock.advance(1000);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call(h, 'GET', `/api/admin/users/${player.user._id}/deliveries${query}`, {
        token: admin.token,
      });
      expect(page.status).toBe(200);
      seen.push(...page.json.deliveries.map((d: any) => d._id));
      cursor = page.json.nextCursor;
      // Newer than every page still to come: never shown on them.
      await buy();
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...bought].sort());
    const bad = await call(h, 'GET', `/api/admin/users/${player.user._id}/deliveries?cursor=x.y`, {
      token: admin.token,
    });
    expect([bad.status, bad.json.error.message]).toEqual([
      400,
      'cursor is not one this list gave out (start again without it)',
    ]);
  });

  it('describes the game calls in an OpenAPI document', async () => {
    const res = await call(h, 'GET', '/api/game/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(Object.keys(res.json.paths).sort()).toEqual(['/deliveries', '/deliveries/ack', '/heartbeat', '/stats']);
    const ackAnswer = res.json.paths['/deliveries/ack'].post.responses[200].content['application/json'].schema;
    expect(ackAnswer.required).toEqual(['acknowledged', 'alreadyAcknowledged', 'unknown', 'refused']);
    expect(ackAnswer.properties.refused.items.properties.reason.enum).toEqual([
      'not leased',
      'leased by another game server',
      'acknowledged by another game server',
      'revoked',
      'disputed',
    ]);
  });
});
