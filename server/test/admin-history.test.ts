// The audit log and a player's ledger, newest first a page at a time (issue 18): each entry once
// across pages even with changes made between pages, ties by id, and a cursor of another list or
// a made-up one refused with 400.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantAdmin } from '../src/services/admin/administrators.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('the audit log and ledger pages on %s', (dialect) => {
  let h: TestHarness;
  let admin: Awaited<ReturnType<typeof registerPlayer>>;
  let player: Awaited<ReturnType<typeof registerPlayer>>;

  beforeEach(async () => {
    h = await createHarness(dialect);
    admin = await registerPlayer(h, { username: 'Commander_Vega', email: 'vega@fleet.test' });
    await grantAdmin(h.ctx, admin.user.email, 'test');
    player = await registerPlayer(h, { username: 'Rookie_Orion', email: 'orion@crew.test' });
  });
  afterEach(async () => {
    await h.close();
  });

  const get = (path: string) => call(h, 'GET', path, { token: admin.token });
  const setCredits = (credits: number) =>
    call(h, 'PATCH', `/api/admin/users/${player.user._id}/credits`, { token: admin.token, body: { credits } });

  async function walk(path: string, between: () => Promise<void>) {
    const pages: { delta?: number; action?: string; _id: string }[][] = [];
    let cursor: string | null = null;
    do {
      const answer = await get(`${path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status).toBe(200);
      pages.push(answer.json.entries);
      cursor = answer.json.nextCursor;
      await between();
    } while (cursor);
    return pages.flat();
  }

  it('pages a player’s ledger newest first, each entry once, with changes made between pages', async () => {
    // Two changes at each instant: ties go by id.
    for (const credits of [100, 300, 200, 500, 400]) {
      await setCredits(credits);
      if (credits % 200 === 0) h.clock.advance(1000);
    }
    const expected = await h.ctx.db
      .selectFrom('credit_ledger')
      .select(['id', 'delta'])
      .where('user_id', '=', player.user._id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    h.clock.advance(1000);
    let next = 1000;
    const seen = await walk(`/api/admin/users/${player.user._id}/ledger`, async () => {
      next += 1;
      await setCredits(next);
    });
    expect(seen.map((entry) => [entry._id, entry.delta])).toEqual(expected.map((row) => [row.id, row.delta]));
  });

  it('pages the audit log newest first, each entry once', async () => {
    for (const credits of [10, 20, 30, 40, 50]) {
      await setCredits(credits);
      h.clock.advance(1);
    }
    const total = await h.ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    h.clock.advance(1000);
    const seen = await walk('/api/admin/audit', async () => {
      await setCredits(Math.floor(Math.random() * 1000) + 60);
    });
    expect(seen).toHaveLength(Number(total.n));
    expect(new Set(seen.map((entry) => entry._id)).size).toBe(seen.length);
    expect(seen[0]).toMatchObject({ action: 'user.credits', targetId: player.user._id, after: { credits: 50 } });
  });

  it('refuses a cursor of another list, a made-up one and a bad limit; an unknown player is 404', async () => {
    await setCredits(10);
    await setCredits(20);
    const ledgerCursor = (await get(`/api/admin/users/${player.user._id}/ledger?limit=1`)).json.nextCursor;
    expect(typeof ledgerCursor).toBe('string');
    for (const path of [
      `/api/admin/audit?cursor=${ledgerCursor}`,
      `/api/admin/users/${player.user._id}/deliveries?cursor=${ledgerCursor}`,
      `/api/admin/users/${player.user._id}/ledger?cursor=bm90LWpzb24`,
    ]) {
      const answer = await get(path);
      expect([answer.status, answer.json.error.message]).toEqual([
        400,
        'cursor is not one this list gave out (start again without it)',
      ]);
    }
    const limit = await get('/api/admin/audit?limit=500');
    expect([limit.status, limit.json.error.message]).toEqual([400, 'limit must be a whole number from 1 to 200']);
    expect((await get('/api/admin/users/nobody/ledger')).status).toBe(404);
    expect((await call(h, 'GET', '/api/admin/audit', { token: player.token })).status).toBe(403);
  });

  it('filters the audit log by action and names the admin and the target', async () => {
    const tier = await call(h, 'POST', '/api/tiers', {
      token: admin.token,
      body: { name: 'Gold 100% Club', price: 5, discordRole: 'Gold' },
    });
    expect(tier.status, tier.text).toBe(201);
    for (const credits of [10, 20, 30]) {
      h.clock.advance(1000);
      await setCredits(credits);
    }
    const credits = await get('/api/admin/audit?action=user.credits&limit=2');
    expect(credits.json.entries).toHaveLength(2);
    expect(credits.json.entries[0]).toMatchObject({
      action: 'user.credits',
      actorId: admin.user._id,
      actorName: 'Commander_Vega',
      targetId: player.user._id,
      targetName: 'Rookie_Orion',
      after: { credits: 30 },
    });
    const rest = await get(`/api/admin/audit?action=user.credits&cursor=${credits.json.nextCursor}`);
    expect(rest.json.entries.map((entry: { after: unknown }) => entry.after)).toEqual([{ credits: 10 }]);
    expect(rest.json.nextCursor).toBeNull();
    const tiers = await get('/api/admin/audit?action=tier.create');
    expect(tiers.json.entries).toHaveLength(1);
    expect(tiers.json.entries[0]).toMatchObject({ targetType: 'tier', targetName: 'Gold 100% Club' });
    expect((await get('/api/admin/audit?action=tier.delete')).json).toEqual({ entries: [], nextCursor: null });
  });

  it('searches the audit log by admin, by target and by what changed, ignoring case', async () => {
    const other = await registerPlayer(h, { username: 'Wing_Lyra', email: 'lyra@crew.test' });
    await grantAdmin(h.ctx, other.user.email, 'test');
    const tier = await call(h, 'POST', '/api/tiers', {
      token: other.token,
      body: { name: 'Gold 100% Club', price: 5, discordRole: 'Gold' },
    });
    expect(tier.status, tier.text).toBe(201);
    await setCredits(10);
    const actions = async (search: string) => {
      const answer = await get(`/api/admin/audit?search=${encodeURIComponent(search)}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.json.entries.map((entry: { action: string }) => entry.action).sort();
    };
    // The admin by username or email (the grants came from the CLI: their target is the admin).
    expect(await actions('vega')).toEqual(['user.admin_grant', 'user.credits']);
    expect(await actions('LYRA@CREW')).toEqual(['tier.create', 'user.admin_grant']);
    expect(await actions(admin.user._id)).toEqual(['user.admin_grant', 'user.credits']);
    // The target by a player's username or its id, or by what the change recorded.
    expect(await actions('rookie')).toEqual(['user.credits']);
    expect(await actions(player.user._id)).toEqual(['user.credits']);
    expect(await actions('  100% club ')).toEqual(['tier.create']);
    // `%` and `_` are themselves.
    expect(await actions('0% c')).toEqual(['tier.create']);
    expect(await actions('0%c')).toEqual([]);
    expect(await actions('g_v')).toEqual([]);
    expect(await actions('nothing like it')).toEqual([]);
  });

  it('refuses an unknown action and an overlong search with 400 and a message', async () => {
    const action = await get('/api/admin/audit?action=drop.tables');
    expect([action.status, action.json.error.message]).toEqual([
      400,
      "action must be one of the audit log's actions (e.g. tier.create)",
    ]);
    const search = await get(`/api/admin/audit?search=${'a'.repeat(201)}`);
    expect([search.status, search.json.error.message]).toEqual([400, 'search must be at most 200 characters']);
  });
});
