// Sessions read from memory while the database is unchanged (db/read-cache.ts): a write through the
// app, a write by another connection to the same SQLite file (a second server, the admin CLI), and a
// write landing while a read is under way are all seen by the very next call.
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { sqliteFile } from '../src/boot.ts';
import type { Db } from '../src/db/database.ts';
import { type ChangeCounter, ReadCache, registerChangeCounter } from '../src/db/read-cache.ts';
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

describe('signed-in calls on sqlite', () => {
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

describe('ReadCache', () => {
  function counted() {
    let generation = 0;
    const counter: ChangeCounter & { bump(): void } = {
      current: () => generation,
      bump: () => {
        generation += 1;
      },
    };
    const db = {} as Db;
    registerChangeCounter(db, counter);
    return { counter, cache: new ReadCache<{ n: number }>(db) };
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

  it('caches nothing for a database that cannot say when it changed (PostgreSQL)', async () => {
    const cache = new ReadCache<{ n: number }>({} as Db);
    let loads = 0;
    await cache.get('a', async () => ({ n: ++loads }));
    await cache.get('a', async () => ({ n: ++loads }));
    expect(loads).toBe(2);
  });
});
