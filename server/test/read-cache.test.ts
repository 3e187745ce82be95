// Sessions read from memory while the database is unchanged (db/read-cache.ts): a write through the
// app, a write by another connection to the same SQLite file (a second server, the admin CLI), and a
// write landing while a read is under way are all seen by the very next call.
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { sqliteFile } from '../src/boot.ts';
import type { CacheBounds } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { type ChangeCounter, ReadCache, registerChangeCounter, sqliteChangeCounter } from '../src/db/read-cache.ts';
import { keptSessionRead } from '../src/services/accounts/sessions.ts';
import { addCategory, addItem, addTier, grantCredits, setUserTier } from './helpers/catalogue-factories.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('signed-in calls on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('see a change made through the app at once', async () => {
    const player = await registerPlayer(h);
    expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user.credits).toBe(0);
    await h.ctx.db.updateTable('users').set({ credits: 25 }).where('id', '=', player.user._id).execute();
    expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user.credits).toBe(25);
    await h.ctx.db.deleteFrom('sessions').execute();
    expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(401);
  });
});

describe.each(dialects)('signed-in calls after a purchase on %s', (dialect) => {
  it('show the buyer’s new balance at once, the rest of their account as it is, and other players as they were', async () => {
    const h = await createHarness(dialect);
    onTestFinished(() => h.close());
    await addCategory(h, { slug: 'ships' });
    const item = await addItem(h, { name: 'Scout', price_credits: 30 });
    const tier = await addTier(h, { name: 'Captain' });
    const [buyer, other] = [await registerPlayer(h), await registerPlayer(h)];
    await grantCredits(h, buyer.user._id, 100);
    await grantCredits(h, other.user._id, 7);
    const me = async (who: typeof buyer) => (await call(h, 'GET', '/api/auth/me', { token: who.token })).json.user;
    expect((await me(buyer)).credits).toBe(100);
    expect((await me(other)).credits).toBe(7);

    for (const balance of [70, 40, 10]) {
      const bought = await call(h, 'POST', '/api/shop/purchase', { token: buyer.token, body: { itemId: item.id } });
      expect(bought.json.credits).toBe(balance);
      expect((await me(buyer)).credits).toBe(balance);
      // Twice: the second answer comes from what the first one kept.
      expect((await me(buyer)).credits).toBe(balance);
    }
    // A change to the account beyond its balance is seen too, with the balance.
    await setUserTier(h, buyer.user._id, tier.id);
    expect(await me(buyer)).toMatchObject({ credits: 10, currentTier: { name: 'Captain' } });
    const refused = await call(h, 'POST', '/api/shop/purchase', { token: buyer.token, body: { itemId: item.id } });
    expect(refused.json.error.message).toBe('Insufficient credits');
    expect((await me(buyer)).credits).toBe(10);
    expect((await me(other)).credits).toBe(7);
    // Signed out everywhere: the kept reads are no session.
    await h.ctx.db.deleteFrom('sessions').where('user_id', '=', buyer.user._id).execute();
    expect((await call(h, 'GET', '/api/auth/me', { token: buyer.token })).status).toBe(401);
  });
});

describe('signed-in calls on sqlite', () => {
  it('keep the session read across the buyer’s purchases: only the balance is read again', async () => {
    const h = await createHarness('sqlite');
    onTestFinished(() => h.close());
    await addCategory(h, { slug: 'ships' });
    const item = await addItem(h, { name: 'Scout', price_credits: 30 });
    const buyer = await registerPlayer(h);
    await grantCredits(h, buyer.user._id, 100);
    await call(h, 'GET', '/api/auth/me', { token: buyer.token });
    const kept = keptSessionRead(h.ctx, buyer.token);
    expect(kept?.user.credits).toBe(100);
    await call(h, 'POST', '/api/shop/purchase', { token: buyer.token, body: { itemId: item.id } });
    await call(h, 'POST', '/api/shop/purchase', { token: buyer.token, body: { itemId: item.id } });
    expect((await call(h, 'GET', '/api/auth/me', { token: buyer.token })).json.user.credits).toBe(40);
    // The very read made before the purchases, not one made since.
    expect(keptSessionRead(h.ctx, buyer.token)).toBe(kept);
    // Any other change to the player forgets it.
    await h.ctx.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', buyer.user._id).execute();
    expect(keptSessionRead(h.ctx, buyer.token)).toBeUndefined();
    expect((await call(h, 'GET', '/api/auth/me', { token: buyer.token })).json.user).toMatchObject({
      credits: 40,
      isAdmin: true,
    });
  });

  it('see a change another connection to the file committed (a second server, the admin CLI)', async () => {
    const h = await createHarness('sqlite');
    onTestFinished(() => h.close());
    const player = await registerPlayer(h);
    await call(h, 'GET', '/api/auth/me', { token: player.token });
    const other = new SqliteDatabase(sqliteFile(h.ctx.config));
    try {
      other.prepare('update users set is_admin = 1 where id = ?').run(player.user._id);
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user.isAdmin).toBe(true);
      other.prepare('update users set is_admin = 0 where id = ?').run(player.user._id);
      expect((await call(h, 'GET', '/api/admin/users', { token: player.token })).status).toBe(403);
      other.prepare('delete from sessions').run();
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(401);
    } finally {
      other.close();
    }
  });
});

// PostgreSQL: another process's commit reaches this one as a notice (migration 009). Changes made with
// triggers switched off (session_replication_role = replica) send none: they show whether a read came
// from memory.
if (dialects.includes('postgres')) {
  describe('signed-in calls on postgres', () => {
    it("come from memory while nothing changes, and see another process's commit once its notice arrives", async () => {
      const h = await createHarness('postgres');
      onTestFinished(() => h.close());
      const player = await registerPlayer(h);
      const other = new pg.Client({ connectionString: h.databaseUrl });
      await other.connect();
      onTestFinished(() => other.end());
      const credits = async () => (await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user?.credits;
      let silent = 0;
      const changeSilently = async () => {
        silent += 1;
        await other.query('begin');
        await other.query('set local session_replication_role = replica');
        await other.query('update users set credits = $1 where id = $2', [silent, player.user._id]);
        await other.query('commit');
        return silent;
      };

      // Once the server listens, a change that sends no notice is not seen: the read came from memory.
      await expect.poll(async () => (await changeSilently()) !== (await credits()), { timeout: 5000 }).toBe(true);
      // This process's own write is seen by the very next call, before any notice.
      await h.ctx.db.updateTable('users').set({ credits: 55 }).where('id', '=', player.user._id).execute();
      expect(await credits()).toBe(55);
      await other.query('update users set credits = 99 where id = $1', [player.user._id]);
      await expect.poll(credits, { timeout: 5000 }).toBe(99);

      // Admin calls read afresh: another process's promotion and demotion count at the next call.
      await other.query('update users set is_admin = 1 where id = $1', [player.user._id]);
      expect((await call(h, 'GET', '/api/admin/users', { token: player.token })).status).toBe(200);
      await other.query('update users set is_admin = 0 where id = $1', [player.user._id]);
      expect((await call(h, 'GET', '/api/admin/users', { token: player.token })).status).toBe(403);

      // While the listening connection is down, nothing is kept: a silent change is seen too.
      await other.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen starport_changes' and datname = current_database()`,
      );
      await expect.poll(async () => (await changeSilently()) === (await credits()), { timeout: 5000 }).toBe(true);

      await other.query('delete from sessions where user_id = $1', [player.user._id]);
      await expect
        .poll(async () => (await call(h, 'GET', '/api/auth/me', { token: player.token })).status, { timeout: 5000 })
        .toBe(401);
    });

    it("forget only the changed player's read, whichever process changed it", async () => {
      const h = await createHarness('postgres');
      onTestFinished(() => h.close());
      const [a, b] = [await registerPlayer(h), await registerPlayer(h)];
      const other = new pg.Client({ connectionString: h.databaseUrl });
      await other.connect();
      onTestFinished(() => other.end());
      const credits = async (who: typeof a) =>
        (await call(h, 'GET', '/api/auth/me', { token: who.token })).json.user?.credits;
      const changeSilently = async (who: typeof a, value: number) => {
        await other.query('begin');
        await other.query('set local session_replication_role = replica');
        await other.query('update users set credits = $1 where id = $2', [value, who.user._id]);
        await other.query('commit');
      };
      // Both reads kept (once the server listens): silent changes to either are not seen.
      let kept: [number, number] = [0, 0];
      await expect
        .poll(
          async () => {
            kept = [await credits(a), await credits(b)];
            await changeSilently(a, kept[0] + 100);
            await changeSilently(b, kept[1] + 100);
            return (await credits(a)) === kept[0] && (await credits(b)) === kept[1];
          },
          { timeout: 5000 },
        )
        .toBe(true);
      // Another process changes A, with its notice: A is read again, while B's is still the kept one.
      await other.query('update users set credits = 7 where id = $1', [a.user._id]);
      await expect.poll(() => credits(a), { timeout: 5000 }).toBe(7);
      expect(await credits(b)).toBe(kept[1]);
      // This process writes A: again only A is read afresh.
      await h.ctx.db.updateTable('users').set({ credits: 8 }).where('id', '=', a.user._id).execute();
      expect(await credits(a)).toBe(8);
      expect(await credits(b)).toBe(kept[1]);
      // A change to tiers (shown in every session read) forgets them all.
      await h.ctx.db.updateTable('tiers').set({ updated_at: 'now' }).where('id', '=', 'none').execute();
      expect(await credits(b)).toBe(kept[1] + 100);
    });
  });
}

describe('ReadCache', () => {
  const roomy: CacheBounds = { maxEntries: 100, maxBytes: 1_000_000 };

  function counted(bounds = roomy) {
    let generation = 0;
    const counter: ChangeCounter & { bump(): void } = {
      current: () => generation,
      bump: () => {
        generation += 1;
      },
    };
    const db = {} as Db;
    registerChangeCounter(db, counter);
    return { counter, cache: new ReadCache<{ n: number; text?: string }>(db, bounds) };
  }

  it('answers from memory until the counter moves, and never keeps a miss', async () => {
    const { counter, cache } = counted();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    counter.bump();
    expect(await cache.get('a', load)).toEqual({ n: 2 });
    expect(await cache.get('gone', async () => undefined)).toBeUndefined();
    expect(await cache.get('gone', async () => ({ n: 99 }))).toEqual({ n: 99 });
  });

  it('answers none of what it held once the counter moves, a few values or many, in get and in peek', async () => {
    const { counter, cache } = counted({ ...roomy, maxEntries: 1000 });
    for (const size of [1, 3, 200]) {
      for (let i = 0; i < size; i++)
        await cache.get(
          `key-${i}`,
          async () => ({ n: 1 }),
          () => [`user:${i}`],
        );
      expect(cache.peek(`key-${size - 1}`)).toEqual({ n: 1 });
      counter.bump();
      for (let i = 0; i < size; i++) expect(cache.peek(`key-${i}`)).toBeUndefined();
      for (let i = 0; i < size; i++) expect(await cache.get(`key-${i}`, async () => ({ n: 2 }))).toEqual({ n: 2 });
      expect(cache.peek('key-0')).toEqual({ n: 2 });
      counter.bump();
    }
  });

  it('does not keep what was read while a write landed, and hands out values nobody can change', async () => {
    const { counter, cache } = counted();
    let loads = 0;
    const racing = async () => {
      const value = { n: ++loads };
      counter.bump(); // another request wrote between our read and its answer
      return value;
    };
    expect(await cache.get('a', racing)).toEqual({ n: 1 });
    const kept = await cache.get('a', async () => ({ n: ++loads }));
    expect(kept).toEqual({ n: 2 });
    expect(await cache.get('a', async () => ({ n: ++loads }))).toBe(kept);
    expect(Object.isFrozen(kept)).toBe(true);
  });

  it('keeps at most maxEntries values, forgetting the least recently used, and no tag of one it dropped', async () => {
    const { cache } = counted({ ...roomy, maxEntries: 2 });
    for (let i = 0; i < 1000; i++)
      await cache.get(
        `key-${i}`,
        async () => ({ n: 1 }),
        () => [`user:${i}`, `token:${i}`],
      );
    expect(cache.usage()).toMatchObject({ entries: 2, tags: 4 });
    expect(await cache.get('key-999', async () => ({ n: 2 }))).toEqual({ n: 1 });
    expect(await cache.get('key-0', async () => ({ n: 2 }))).toEqual({ n: 2 });
  });

  it('keeps at most maxBytes of values', async () => {
    const { cache } = counted({ ...roomy, maxBytes: 1000 });
    const load = (n: number) => async () => ({ n, text: 'x'.repeat(600) });
    await cache.get('a', load(1));
    await cache.get('b', load(1));
    expect(cache.usage().entries).toBe(1);
    expect(cache.usage().bytes).toBeLessThanOrEqual(1000);
    expect(await cache.get('b', load(2))).toEqual({ n: 1, text: 'x'.repeat(600) });
    expect(await cache.get('a', load(2))).toEqual({ n: 2, text: 'x'.repeat(600) });
  });

  it('caches nothing for a database with no change counter', async () => {
    const cache = new ReadCache<{ n: number }>({} as Db, roomy);
    let loads = 0;
    await cache.get('a', async () => ({ n: ++loads }));
    await cache.get('a', async () => ({ n: ++loads }));
    expect(loads).toBe(2);
  });
});

// SQLite's counter asks `PRAGMA data_version` whether another connection committed: once per
// synchronous run for any read, and once per turn of the event loop for the requests Node read in it.
describe("SQLite's change counter", () => {
  const nextRun = () => new Promise<void>((resolve) => queueMicrotask(resolve));
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  function counted() {
    let version = 1;
    let looks = 0;
    const counter = sqliteChangeCounter(() => {
      looks += 1;
      return version;
    });
    return { counter, looks: () => looks - 1, commitElsewhere: () => (version += 1) };
  }

  it('looks once per synchronous run, and again in the next one', async () => {
    const { counter, looks, commitElsewhere } = counted();
    const first = counter.current();
    expect(counter.current()).toBe(first);
    expect(looks()).toBe(1);
    commitElsewhere();
    await nextRun();
    expect(counter.current()).toBe(first + 1);
    expect(looks()).toBe(2);
  });

  it('takes one look for every request read in the same turn, and a new one in the next turn', async () => {
    const { counter, looks, commitElsewhere } = counted();
    counter.incoming?.();
    const seen = counter.current();
    // Other requests read in the same poll phase, each in a run of its own.
    for (let i = 0; i < 3; i += 1) {
      await nextRun();
      counter.incoming?.();
      expect(counter.current()).toBe(seen);
    }
    expect(looks()).toBe(1);
    // A commit elsewhere, then a request read in a later turn: it is seen.
    commitElsewhere();
    await nextTurn();
    counter.incoming?.();
    expect(counter.current()).toBe(seen + 1);
    expect(looks()).toBe(2);
  });

  it('still looks for reads that are not a request just read (a job, an awaited step), once per run', async () => {
    const { counter, looks, commitElsewhere } = counted();
    counter.incoming?.();
    const seen = counter.current();
    commitElsewhere();
    await nextRun();
    expect(counter.current()).toBe(seen + 1);
    expect(looks()).toBe(2);
  });

  it("counts this process's own writes at once, in a turn already looked at", async () => {
    const { counter } = counted();
    counter.incoming?.();
    const seen = counter.current();
    await nextRun();
    counter.incoming?.();
    // A write that names no one row it changes (the tiers): everything kept is forgotten.
    counter.tracker.sent('update tiers set name = ?', ['Captain']);
    expect(counter.current()).toBe(seen + 1);
  });
});
