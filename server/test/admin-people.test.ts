// The admin calls about people (SPEC.md §7): the user list, the admin flag, mail with items, the
// dashboard figures; and that every admin path refuses guests (401) and players (403).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, addTier, setUserTier } from './helpers/catalogue-factories.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('admin people on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player } = await adminAndPlayer(h));
  });
  afterEach(async () => {
    await h.close();
  });

  const as = (method: string, path: string, body?: unknown) => call(h, method, path, { token: admin.token, body });

  it('lists every user in the admin-view shape, newest first', async () => {
    h.clock.advance(1000);
    const later = await registerPlayer(h);
    const tier = await addTier(h, { name: 'Captain', price_cents: 999 });
    await setUserTier(h, later.user._id, tier.id);
    const res = await as('GET', '/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.json.users).toHaveLength(3);
    expect(res.json.users[0]).toEqual({
      _id: later.user._id,
      user_name: later.user.username,
      user_email: later.user.email,
      user_created_at: '2026-11-22T12:00:01.000Z',
      discordId: null,
      discordUsername: null,
      credits: 0,
      currentTier: { _id: tier.id, name: 'Captain', price: 9.99 },
      isAdmin: false,
      // Registering signs in.
      lastLoginAt: '2026-11-22T12:00:01.000Z',
    });
    expect(res.json.nextCursor).toBeNull();
    expect(res.json.users.find((u: any) => u._id === admin.user._id).isAdmin).toBe(true);
    expect(JSON.stringify(res.json)).not.toContain('password');
  });

  it('grants and revokes the admin flag; nobody revokes their own, and the last admin stays', async () => {
    const granted = await as('PATCH', `/api/admin/users/${player.user._id}/admin`, { isAdmin: true });
    expect([granted.status, granted.json.user.isAdmin]).toEqual([200, true]);
    expect((await call(h, 'GET', '/api/admin/users', { token: player.token })).status).toBe(200);

    const own = await as('PATCH', `/api/admin/users/${admin.user._id}/admin`, { isAdmin: false });
    expect([own.status, own.json.error.message]).toEqual([400, 'You cannot revoke your own admin status']);

    const revoked = await as('PATCH', `/api/admin/users/${player.user._id}/admin`, { isAdmin: false });
    expect([revoked.status, revoked.json.user.isAdmin]).toEqual([200, false]);
    // The demoted admin's next admin call is refused.
    expect((await call(h, 'GET', '/api/admin/users', { token: player.token })).status).toBe(403);

    // With two admins, the other one may revoke; the last one may not be revoked by anyone.
    await as('PATCH', `/api/admin/users/${player.user._id}/admin`, { isAdmin: true });
    const byOther = await call(h, 'PATCH', `/api/admin/users/${admin.user._id}/admin`, {
      token: player.token,
      body: { isAdmin: false },
    });
    expect(byOther.status).toBe(200);
    const bad = await call(h, 'PATCH', `/api/admin/users/${player.user._id}/admin`, {
      token: player.token,
      body: { isAdmin: 'no' },
    });
    expect([bad.status, bad.json.error.message]).toEqual([400, 'isAdmin must be true or false']);
    const audit = await h.ctx.db.selectFrom('audit_log').select(['action', 'actor_id', 'target_id']).execute();
    expect(audit.filter((a) => a.action === 'user.admin_revoke')).toEqual([
      { action: 'user.admin_revoke', actor_id: admin.user._id, target_id: player.user._id },
      { action: 'user.admin_revoke', actor_id: player.user._id, target_id: admin.user._id },
    ]);
  });

  it('sends mail whose shop and custom items arrive as Pending admin_mail entries', async () => {
    await addCategory(h, { slug: 'ships' });
    const ship = await addItem(h, {
      name: 'Scout',
      game_items: JSON.stringify([{ item_name: 'ship_scout', item_quantity: 1 }]),
    });
    const res = await as('POST', '/api/admin/send-mail', {
      userId: player.user._id,
      subject: ' Welcome ',
      message: 'A gift for the launch.',
      itemIds: [ship.id],
      customItems: [{ itemName: 'Golden Wrench', quantity: 3 }],
    });
    expect(res.status).toBe(201);
    expect(res.json.mail).toEqual({
      _id: expect.any(String),
      userId: player.user._id,
      senderName: 'Admin',
      subject: 'Welcome',
      message: 'A gift for the launch.',
      items: [
        { name: 'Scout', quantity: 1 },
        { name: 'Golden Wrench', quantity: 3 },
      ],
      createdAt: '2026-11-22T12:00:00.000Z',
    });
    const inventory = (await call(h, 'GET', '/api/shop/user/inventory', { token: player.token })).json.inventory;
    const summary = inventory.map((e: any) => [
      e.shopItem.name,
      e.quantity,
      e.acquiredMethod,
      e.deliveredToGame,
      e.tradeLocked,
    ]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['Scout', 1, 'admin_mail', false, false],
        ['Golden Wrench', 3, 'admin_mail', false, false],
      ]),
    );
    expect(inventory.find((e: any) => e.shopItem.name === 'Golden Wrench').shopItem.gameItems).toEqual([
      { item_name: 'Golden Wrench', item_quantity: 1 },
    ]);
    const mails = await h.ctx.db.selectFrom('mails').selectAll().execute();
    expect(mails.map((m) => [m.user_id, m.sent_by, m.sender_name])).toEqual([
      [player.user._id, admin.user._id, 'Admin'],
    ]);
  });

  it('refuses mail without subject or message, a nameless custom item or an unknown item, sending nothing', async () => {
    const base = { userId: player.user._id, subject: 'Hi', message: 'Hello' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, subject: ' ' }, 400, 'Subject and message are required'],
      [{ ...base, message: '' }, 400, 'Subject and message are required'],
      [{ userId: player.user._id }, 400, 'Subject and message are required'],
      [{ ...base, customItems: [{ itemName: ' ', quantity: 1 }] }, 400, 'Item name is required'],
      [
        { ...base, customItems: [{ itemName: 'Wrench', quantity: 0 }] },
        400,
        'Quantity must be a whole number of at least 1',
      ],
      [{ ...base, itemIds: ['no-such-item'] }, 404, 'Item not found'],
      [{ ...base, userId: 'no-such-user' }, 404, 'User not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await as('POST', '/api/admin/send-mail', body);
      expect([res.status, res.json.error.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await h.ctx.db.selectFrom('mails').selectAll().execute()).toEqual([]);
    expect((await call(h, 'GET', '/api/shop/user/inventory', { token: player.token })).json.inventory).toEqual([]);
  });

  it('shows real dashboard figures', async () => {
    await addCategory(h, { slug: 'ships' });
    await addItem(h);
    await addItem(h);
    await addItem(h, { is_active: 0 });
    const tier = await addTier(h);
    await setUserTier(h, player.user._id, tier.id);
    const res = await as('GET', '/api/admin/stats');
    // A tier assigned by hand is not a paid subscription (payments.test.ts counts those).
    expect(res.json.stats).toEqual({ totalUsers: 2, activeSubscriptions: 0, shopItems: 2, revenue30d: 0 });
  });

  it('answers 401 to guests and 403 to players on every admin route, however the path is spelled', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/tiers/all'],
      ['POST', '/api/tiers'],
      ['PATCH', '/api/tiers/some-id'],
      ['DELETE', '/api/tiers/some-id'],
      ['GET', '/api/shop/admin/items'],
      ['POST', '/api/shop/admin/items'],
      ['PATCH', '/api/shop/admin/items/some-id'],
      ['DELETE', '/api/shop/admin/items/some-id'],
      ['GET', '/api/shop/admin/images'],
      ['POST', '/api/shop/admin/images/upload'],
      ['DELETE', '/api/shop/admin/images'],
      ['GET', '/api/admin/users'],
      ['PATCH', '/api/admin/users/some-id/tier'],
      ['PATCH', '/api/admin/users/some-id/credits'],
      ['PATCH', '/api/admin/users/some-id/admin'],
      ['POST', '/api/admin/send-mail'],
      ['GET', '/api/admin/categories'],
      ['POST', '/api/admin/categories'],
      ['PATCH', '/api/admin/categories/some-id'],
      ['DELETE', '/api/admin/categories/some-id'],
      ['GET', '/api/admin/site-settings'],
      ['PATCH', '/api/admin/site-settings'],
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users/'],
      ['GET', '/api/tiers/all/'],
      ['GET', '/api/shop/admin/items/'],
    ];
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : {};
      const guest = await call(h, method, path, { body });
      expect(guest.status, `${method} ${path} as guest`).toBe(401);
      const asPlayer = await call(h, method, path, { token: player.token, body });
      expect(asPlayer.status, `${method} ${path} as player`).toBe(403);
      expect(asPlayer.json.error.message).toBe('Administrator access required');
    }
    for (const path of ['//api/admin/users', '/api%2Fadmin/users', '/api/admin%2Fusers', '/API/admin/users']) {
      const res = await call(h, 'GET', path, { token: player.token });
      expect([401, 403, 404], path).toContain(res.status);
      expect(res.text, path).not.toContain(player.user.email);
    }
  });
});
