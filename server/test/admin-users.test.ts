// The admin calls that set a user's credits and tier (SPEC.md §7): who may call them, the rules,
// the ledger row naming the admin, and a refusal that changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sumLedger } from '../src/db/repositories/credits.ts';
import { grantAdmin } from '../src/services/admin/administrators.ts';
import { addCategory, addItem, addTier } from './helpers/catalogue-factories.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('admin user changes on %s', (dialect) => {
  let h: TestHarness;
  let admin: Awaited<ReturnType<typeof registerPlayer>>;
  let player: Awaited<ReturnType<typeof registerPlayer>>;

  beforeEach(async () => {
    h = await createHarness(dialect);
    admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    player = await registerPlayer(h);
  });
  afterEach(async () => {
    await h.close();
  });

  const setCredits = (token: string | undefined, userId: string, body: unknown) =>
    call(h, 'PATCH', `/api/admin/users/${userId}/credits`, { token, body });
  const setTier = (token: string | undefined, userId: string, body: unknown) =>
    call(h, 'PATCH', `/api/admin/users/${userId}/tier`, { token, body });

  it('sets a balance up and down, each change a ledger row naming the admin', async () => {
    const up = await setCredits(admin.token, player.user._id, { credits: 1500 });
    expect(up.status).toBe(200);
    expect(up.json.user).toEqual({
      _id: player.user._id,
      user_name: player.user.username,
      user_email: player.user.email,
      user_created_at: '2026-11-22T12:00:00.000Z',
      discordId: null,
      discordUsername: null,
      credits: 1500,
      currentTier: null,
      isAdmin: false,
      lastLoginAt: '2026-11-22T12:00:00.000Z',
    });
    const down = await setCredits(admin.token, player.user._id, { credits: 200 });
    expect(down.json.user.credits).toBe(200);

    const me = await call(h, 'GET', '/api/auth/me', { token: player.token });
    expect(me.json.user.credits).toBe(200);
    const ledger = await h.ctx.db
      .selectFrom('credit_ledger')
      .select(['delta', 'balance_after', 'reason', 'actor_id'])
      .where('user_id', '=', player.user._id)
      .orderBy('balance_after', 'desc')
      .execute();
    expect(ledger).toEqual([
      { delta: 1500, balance_after: 1500, reason: 'admin_adjustment', actor_id: admin.user._id },
      { delta: -1300, balance_after: 200, reason: 'admin_adjustment', actor_id: admin.user._id },
    ]);
    expect(await sumLedger(h.ctx.db, player.user._id)).toBe(200);
    expect(h.logs.filter((l) => l.msg === 'admin.change' && l.action === 'user.credits')).toHaveLength(2);
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.credits')
      .orderBy('created_at')
      .orderBy('after')
      .execute();
    expect(
      audit.map((a) => [a.actor_id, a.target_id, JSON.parse(a.before ?? '{}'), JSON.parse(a.after ?? '{}')]),
    ).toEqual(
      expect.arrayContaining([
        [admin.user._id, player.user._id, { credits: 0 }, { credits: 1500 }],
        [admin.user._id, player.user._id, { credits: 1500 }, { credits: 200 }],
      ]),
    );
  });

  it('refuses credits that are not a whole number of at least 0 with "Invalid credits amount"', async () => {
    await setCredits(admin.token, player.user._id, { credits: 40 });
    for (const credits of [-1, 1.5, '100', null]) {
      const res = await setCredits(admin.token, player.user._id, { credits });
      expect([res.status, res.json.error.message], String(credits)).toEqual([400, 'Invalid credits amount']);
    }
    // Past the maximum balance the message says the bound (wide-numbers.test.ts has the rest).
    const tooMany = await setCredits(admin.token, player.user._id, { credits: 1e12 + 1 });
    expect([tooMany.status, tooMany.json.error.message]).toEqual([400, 'Credits must be at most 1,000,000,000,000']);
    const missing = await setCredits(admin.token, player.user._id, {});
    expect(missing.json.error.message).toBe('Invalid credits amount');
    const me = await call(h, 'GET', '/api/auth/me', { token: player.token });
    expect(me.json.user.credits).toBe(40);
  });

  it('assigns a tier and takes it away with an empty tierId', async () => {
    const captain = await addTier(h, { name: 'Captain', price_cents: 999 });
    const assigned = await setTier(admin.token, player.user._id, { tierId: captain.id });
    expect(assigned.status).toBe(200);
    expect(assigned.json.user.currentTier).toEqual({ _id: captain.id, name: 'Captain', price: 9.99 });
    let me = await call(h, 'GET', '/api/auth/me', { token: player.token });
    expect(me.json.user.currentTier).toEqual({ _id: captain.id, name: 'Captain', price: 9.99 });

    const cleared = await setTier(admin.token, player.user._id, { tierId: '' });
    expect(cleared.json.user.currentTier).toBeNull();
    me = await call(h, 'GET', '/api/auth/me', { token: player.token });
    expect(me.json.user.currentTier).toBeNull();
    await setTier(admin.token, player.user._id, { tierId: captain.id });
    expect((await setTier(admin.token, player.user._id, { tierId: null })).json.user.currentTier).toBeNull();
  });

  it('answers 404 for an unknown tier or user and changes nothing', async () => {
    const tier = await addTier(h);
    await setTier(admin.token, player.user._id, { tierId: tier.id });
    const badTier = await setTier(admin.token, player.user._id, { tierId: 'no-such-tier' });
    expect([badTier.status, badTier.json.error.message]).toEqual([404, 'Tier not found']);
    const badUser = await setTier(admin.token, 'no-such-user', { tierId: tier.id });
    expect([badUser.status, badUser.json.error.message]).toEqual([404, 'User not found']);
    const badCredits = await setCredits(admin.token, 'no-such-user', { credits: 5 });
    expect([badCredits.status, badCredits.json.error.message]).toEqual([404, 'User not found']);
    const me = await call(h, 'GET', '/api/auth/me', { token: player.token });
    expect(me.json.user.currentTier?._id).toBe(tier.id);
  });

  it('refuses guests with 401 and players with 403, whatever the path spelling, and changes nothing', async () => {
    const tier = await addTier(h);
    for (const path of [
      `/api/admin/users/${player.user._id}/credits`,
      `/api/admin/users/${player.user._id}/credits/`,
      `/api/admin/users/${player.user._id}/tier`,
      '/api/admin/no-such-call',
      '/api/admin/',
    ]) {
      const guest = await call(h, 'PATCH', path, { body: { credits: 999, tierId: tier.id } });
      expect(guest.status, path).toBe(401);
      const self = await call(h, 'PATCH', path, { token: player.token, body: { credits: 999, tierId: tier.id } });
      expect(self.status, path).toBe(403);
      expect(self.json.error.message).toBe('Administrator access required');
    }
    for (const path of [
      `//api/admin/users/${player.user._id}/credits`,
      `/api%2Fadmin/users/${player.user._id}/credits`,
    ]) {
      const res = await call(h, 'PATCH', path, { token: player.token, body: { credits: 999 } });
      expect(res.status, path).not.toBe(200);
    }
    const me = await call(h, 'GET', '/api/auth/me', { token: player.token });
    expect(me.json.user).toMatchObject({ credits: 0, currentTier: null });
  });

  it('keeps the ledger true when an admin sets a balance while the player is buying', async () => {
    await addCategory(h, { slug: 'ships' });
    const item = await addItem(h, { price_credits: 10 });
    await setCredits(admin.token, player.user._id, { credits: 100 });
    await Promise.all([
      ...Array.from({ length: 8 }, () =>
        call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId: item.id, quantity: 1 } }),
      ),
      setCredits(admin.token, player.user._id, { credits: 50 }),
    ]);
    const me = await call(h, 'GET', '/api/auth/me', { token: player.token });
    expect(me.json.user.credits).toBeGreaterThanOrEqual(0);
    expect(await sumLedger(h.ctx.db, player.user._id)).toBe(me.json.user.credits);
  });
});
