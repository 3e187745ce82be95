// GET /api/admin/users a page at a time (issue 18): every row exactly once across pages, even with
// players joining between pages; each sort order; search by name, email, Discord name and id;
// filters; refusals of a bad cursor, limit or sort; and the answer without parameters.
import { MATCHING_COUNT_CAP } from '@starport/api-client/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewUser } from '../src/db/database.ts';
import { insertUser } from '../src/db/repositories/users.ts';
import { newId } from '../src/lib/ids.ts';
import { grantAdmin } from '../src/services/admin/administrators.ts';
import { addTier } from './helpers/catalogue-factories.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

interface Seeded {
  id: string;
  username: string;
  email: string;
  credits: number;
  created_at: string;
  last_login_at: string | null;
  current_tier_id: string | null;
  is_admin: 0 | 1;
  discord_id: string | null;
  discord_username: string | null;
}

describe.each(dialects)('the admin user list on %s', (dialect) => {
  let h: TestHarness;
  let admin: Awaited<ReturnType<typeof registerPlayer>>;
  let seeded: Seeded[];
  let tierId: string;
  let counter = 0;

  async function seed(overrides: Partial<Seeded> = {}): Promise<Seeded> {
    counter += 1;
    const n = counter;
    const row: Seeded = {
      id: newId(),
      username: `Pilot${String(n).padStart(3, '0')}`,
      email: `crew${String(n).padStart(3, '0')}@example.com`,
      // Few distinct values, so ties (broken by id) are everywhere.
      credits: (n % 4) * 100,
      created_at: `2026-11-${String(1 + (n % 5)).padStart(2, '0')}T10:00:00.000Z`,
      last_login_at: n % 3 === 0 ? null : `2026-11-1${n % 7}T08:00:00.000Z`,
      current_tier_id: null,
      is_admin: 0,
      discord_id: null,
      discord_username: null,
      ...overrides,
    };
    const user: NewUser = {
      id: row.id,
      email: row.email,
      email_normalized: row.email.toLowerCase(),
      username: row.username,
      username_normalized: row.username.toLowerCase(),
      password_hash: 'not-a-hash',
      credits: row.credits,
      is_admin: row.is_admin,
      current_tier_id: row.current_tier_id,
      discord_id: row.discord_id,
      discord_username: row.discord_username,
      created_at: row.created_at,
      updated_at: row.created_at,
      last_login_at: row.last_login_at,
    };
    await insertUser(h.ctx.db, user);
    return row;
  }

  beforeEach(async () => {
    h = await createHarness(dialect);
    // A name no search term below finds by chance.
    admin = await registerPlayer(h, { username: 'the_admin', email: 'the.admin@example.com' });
    await grantAdmin(h.ctx, admin.user.email, 'test');
    tierId = (await addTier(h)).id;
    counter = 0;
    seeded = [];
    for (let i = 0; i < 23; i++) {
      seeded.push(await seed(i % 5 === 0 ? { current_tier_id: tierId } : {}));
    }
  });
  afterEach(async () => {
    await h.close();
  });

  const list = (query = '') => call(h, 'GET', `/api/admin/users${query}`, { token: admin.token });

  /** Every page of a query, `between` run after each page: the ids in the order they came. */
  async function walk(query: string, between?: (page: number) => Promise<void>) {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const answer = await list(`?${query}&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.status).toBe(200);
      expect(answer.json.users.length).toBeLessThanOrEqual(4);
      ids.push(...answer.json.users.map((u: { _id: string }) => u._id));
      cursor = answer.json.nextCursor;
      if (!cursor) return ids;
      await between?.(page);
    }
    throw new Error('paging never ended');
  }

  /** Everyone the list holds (the seeded players and the admin), as the sort orders them. */
  async function everyone(): Promise<Seeded[]> {
    const adminRow = await h.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', admin.user._id)
      .executeTakeFirstOrThrow();
    return [...seeded, { ...adminRow, credits: Number(adminRow.credits), username: adminRow.username } as Seeded];
  }

  const byKey =
    (key: (row: Seeded) => string | number, direction: 1 | -1) =>
    (a: Seeded, b: Seeded): number => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) return (ka < kb ? -1 : 1) * direction;
      return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * direction;
    };

  const sorts: [string, (row: Seeded) => string | number, 1 | -1][] = [
    ['joined_desc', (row) => row.created_at, -1],
    ['joined_asc', (row) => row.created_at, 1],
    ['credits_desc', (row) => row.credits, -1],
    ['credits_asc', (row) => row.credits, 1],
    ['last_login_desc', (row) => row.last_login_at ?? '', -1],
    ['last_login_asc', (row) => row.last_login_at ?? '', 1],
  ];

  it.each(sorts)('walks every user exactly once in %s order, ties by id', async (sort, key, direction) => {
    const expected = (await everyone()).sort(byKey(key, direction)).map((row) => row.id);
    const ids = await walk(`sort=${sort}`);
    expect(ids).toEqual(expected);
  });

  it('shows no row twice and skips none of those there all along when players join between pages', async () => {
    const before = (await everyone()).map((row) => row.id);
    const joined: string[] = [];
    const ids = await walk('sort=credits_desc', async (page) => {
      // One who sorts before the cursor, one after, one tied with everything.
      joined.push((await seed({ credits: 900, created_at: `2026-11-0${1 + (page % 5)}T10:00:00.000Z` })).id);
      joined.push((await seed({ credits: 0 })).id);
      joined.push((await seed({ credits: 100 })).id);
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(before));
    expect(ids.filter((id) => !before.includes(id)).every((id) => joined.includes(id))).toBe(true);
  });

  it('answers the first page, newest first, as {users, nextCursor} without parameters', async () => {
    for (let i = 0; i < 40; i++) seeded.push(await seed());
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json).sort()).toEqual(['nextCursor', 'users']);
    expect(answer.json.users).toHaveLength(50);
    expect(typeof answer.json.nextCursor).toBe('string');
    const expected = (await everyone()).sort(byKey((row) => row.created_at, -1)).slice(0, 50);
    expect(answer.json.users.map((u: { _id: string }) => u._id)).toEqual(expected.map((row) => row.id));
    const rest = await list(`?cursor=${answer.json.nextCursor}`);
    expect(rest.json.users).toHaveLength(64 - 50);
    expect(rest.json.nextCursor).toBeNull();
  });

  const ids = async (term: string) => {
    const answer = await list(`?search=${encodeURIComponent(term)}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.json.users.map((u: { _id: string }) => u._id).sort();
  };

  it('searches anywhere in a username, an email or a Discord name ignoring case, and a Discord id exactly', async () => {
    const ada = await seed({ username: 'AdaLovelace', email: 'countess@engine.org' });
    const grace = await seed({ username: 'grace', email: 'Ada.H@navy.mil' });
    const linked = await seed({ username: 'linked', discord_id: '123456789012345678', discord_username: 'AdaBot' });
    const orion = await seed({ username: 'StarOrion', email: 'hunter@gmail.com' });
    expect(await ids('ada')).toEqual([ada.id, grace.id, linked.id].sort());
    expect(await ids('  ADAL ')).toEqual([ada.id]);
    expect(await ids('countess@')).toEqual([ada.id]);
    // The middle and the end of each.
    expect(await ids('lovelace')).toEqual([ada.id]);
    expect(await ids('rion')).toEqual([orion.id]);
    expect(await ids('GMAIL')).toEqual([orion.id]);
    expect(await ids('engine.org')).toEqual([ada.id]);
    expect(await ids('avy.m')).toEqual([grace.id]);
    expect(await ids('abot')).toEqual([linked.id]);
    expect(await ids('123456789012345678')).toEqual([linked.id]);
    // A Discord id matches whole; a term found nowhere finds nobody.
    expect(await ids('12345678901234567')).toEqual([]);
    expect(await ids('lovelacex')).toEqual([]);
    // An empty search is no search.
    expect((await list('?search=%20')).json.users).toHaveLength(24 + 4);
  });

  it('searches a term of one or two characters at the start only', async () => {
    const ada = await seed({ username: 'AdaLovelace', email: 'countess@engine.org' });
    const grace = await seed({ username: 'grace', email: 'Ada.H@navy.mil' });
    const linked = await seed({ username: 'linked', discord_id: '42', discord_username: 'AdaBot' });
    expect(await ids('AD')).toEqual([ada.id, grace.id, linked.id].sort());
    expect(await ids('g')).toEqual([grace.id]);
    expect(await ids('ov')).toEqual([]);
    expect(await ids('42')).toEqual([linked.id]);
  });

  it('takes %, _, a backslash and quotes in a term as themselves', async () => {
    const percent = await seed({ username: 'per%cent_x', email: 'odd\\one@example.com' });
    const plain = await seed({ username: 'perXcentYx', email: 'oddxxone@example.com' });
    const quoted = await seed({ username: 'say"hi"', email: 'quote@example.com' });
    expect(await ids('r%c')).toEqual([percent.id]);
    expect(await ids('t_x')).toEqual([percent.id]);
    expect(await ids('d\\o')).toEqual([percent.id]);
    expect(await ids('%_')).toEqual([]);
    expect(await ids('y"h')).toEqual([quoted.id]);
    expect(await ids('"hi" OR x')).toEqual([]);
    expect(await ids('centy')).toEqual([plain.id]);
  });

  it('finds players by their names as they are now: joined, renamed, linked and deleted', async () => {
    const renamed = await seed({ username: 'Firstname' });
    expect(await ids('stnam')).toEqual([renamed.id]);
    await h.ctx.db
      .updateTable('users')
      .set({ username: 'Secondname', username_normalized: 'secondname' })
      .where('id', '=', renamed.id)
      .execute();
    expect(await ids('stnam')).toEqual([]);
    expect(await ids('condn')).toEqual([renamed.id]);
    await h.ctx.db
      .updateTable('users')
      .set({ discord_id: '777', discord_username: 'NebulaRider' })
      .where('id', '=', renamed.id)
      .execute();
    expect(await ids('ularid')).toEqual([renamed.id]);
    await h.ctx.db.deleteFrom('users').where('id', '=', renamed.id).execute();
    expect(await ids('condn')).toEqual([]);
    expect(await ids('ularid')).toEqual([]);
  });

  it('pages through a search', async () => {
    const matches = [];
    for (let i = 0; i < 9; i++) matches.push((await seed({ username: `Zed${i}` })).id);
    const ids = await walk('search=zed&sort=joined_asc');
    expect(ids.sort()).toEqual(matches.sort());
  });

  /** Players with ids `${prefix}-00000`… joined one second apart (later, higher), named by `name(i)`. */
  async function bulkSeed(prefix: string, count: number, name: (i: number) => string) {
    await h.ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i++) {
        const id = `${prefix}-${String(i).padStart(5, '0')}`;
        const username = name(i);
        const at = new Date(Date.UTC(2026, 9, 1) + i * 1000).toISOString();
        await insertUser(trx, {
          id,
          email: `${id}@example.com`,
          email_normalized: `${id}@example.com`,
          username,
          username_normalized: username.toLowerCase(),
          password_hash: 'x',
          created_at: at,
          updated_at: at,
        });
      }
    });
  }

  /** Every page of a search, `limit` at a time: the ids in the order they came, and the first page's count. */
  async function searchAll(term: string, limit: number) {
    const seen: string[] = [];
    let matching: unknown;
    let cursor: string | null = null;
    do {
      const answer = await list(`?search=${term}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status, answer.text).toBe(200);
      if (!cursor) matching = answer.json.matching;
      else expect(answer.json.matching).toBeUndefined();
      seen.push(...answer.json.users.map((u: { _id: string }) => u._id));
      cursor = answer.json.nextCursor;
    } while (cursor);
    return { seen, matching };
  }

  it('pages through a search matching more players than it counts, in order, and says "1,000+"', async () => {
    await bulkSeed('many', MATCHING_COUNT_CAP + 5, (i) => `Many${i}`);
    // The start of each name, and its middle.
    for (const term of ['MANY', 'ANY']) {
      const { seen, matching } = await searchAll(term, 200);
      // Newest (highest) first.
      expect(seen).toEqual(
        Array.from({ length: MATCHING_COUNT_CAP + 5 }, (_, i) => `many-${String(i).padStart(5, '0')}`).reverse(),
      );
      expect(matching).toEqual({ count: MATCHING_COUNT_CAP, more: true });
    }
  });

  it('finds the same players for a common term, a rare one, and one common among the newest only, page after page', async () => {
    // 1,200 players: every 4th is a "Zorb" (common), every 150th a "Quix" (rare), and the 100
    // newest are all "Vell" while among the rest one in 200 is (common on the first pages only).
    const name = (i: number) =>
      [i % 4 === 0 ? 'zorb' : 'pilot', i % 150 === 7 ? 'quix' : '', i >= 1100 || i % 200 === 3 ? 'vell' : '', i].join(
        '',
      );
    await bulkSeed('mix', 1200, name);
    for (const [term, test] of [
      ['orb', (i: number) => i % 4 === 0],
      ['uix', (i: number) => i % 150 === 7],
      ['ell', (i: number) => i >= 1100 || i % 200 === 3],
    ] as const) {
      const expected = Array.from({ length: 1200 }, (_, i) => i)
        .filter(test)
        .map((i) => `mix-${String(i).padStart(5, '0')}`)
        .reverse();
      for (const limit of [5, 50]) {
        const { seen, matching } = await searchAll(term, limit);
        expect(seen, `${term} by ${limit}`).toEqual(expected);
        expect(matching, term).toEqual({ count: expected.length, more: false });
      }
    }
  });

  it('counts the matches of a filter on its first page, and a search with no match as 0', async () => {
    const tier = await list(`?tier=${tierId}`);
    expect(tier.json.matching).toEqual({
      count: seeded.filter((row) => row.current_tier_id === tierId).length,
      more: false,
    });
    expect((await list('?admin=true')).json.matching).toEqual({ count: 1, more: false });
    expect((await list('?search=nobody-by-this-name')).json).toEqual({
      users: [],
      nextCursor: null,
      matching: { count: 0, more: false },
    });
  });

  it('filters by tier, by no tier, and by the admin flag', async () => {
    const ids = async (query: string) =>
      (await list(`${query}&limit=200`)).json.users.map((u: { _id: string }) => u._id).sort();
    const tiered = seeded.filter((row) => row.current_tier_id === tierId).map((row) => row.id);
    expect(tiered.length).toBeGreaterThan(0);
    expect(await ids(`?tier=${tierId}`)).toEqual(tiered.sort());
    expect(await ids('?tier=none')).toEqual(
      [...seeded.filter((row) => row.current_tier_id === null).map((row) => row.id), admin.user._id].sort(),
    );
    expect(await ids('?admin=true')).toEqual([admin.user._id]);
    expect(await ids('?admin=false')).toEqual(seeded.map((row) => row.id).sort());
    expect(await ids(`?admin=false&tier=${tierId}&sort=credits_asc`)).toEqual(tiered.sort());
  });

  it('records the last sign-in, and sorts by it', async () => {
    h.clock.set(new Date('2026-11-22T19:00:00.000Z'));
    const login = await call(h, 'POST', '/api/auth/login', {
      body: { email: admin.user.email, password: admin.password },
    });
    expect(login.status).toBe(200);
    await seed({ last_login_at: '2026-11-22T18:59:59.000Z' });
    const page = await call(h, 'GET', '/api/admin/users?sort=last_login_desc&limit=2', { token: login.json.token });
    expect(page.json.users[0]._id).toBe(admin.user._id);
    expect(page.json.users[0].lastLoginAt).toBe('2026-11-22T19:00:00.000Z');
    expect(page.json.users[1].lastLoginAt).toBe('2026-11-22T18:59:59.000Z');
  });

  it('refuses a malformed cursor, one of another sort, a bad limit, sort, admin or tier with 400 and a message', async () => {
    const page = await list('?sort=credits_desc&limit=2');
    const creditsCursor = page.json.nextCursor as string;
    const cases: [string, string][] = [
      ['?cursor=not-a-cursor!', 'cursor is not one this list gave out (start again without it)'],
      [
        `?cursor=${Buffer.from('["joined_desc",1,2]').toString('base64url')}`,
        'cursor is not one this list gave out (start again without it)',
      ],
      [`?sort=joined_desc&cursor=${creditsCursor}`, 'cursor is not one this list gave out (start again without it)'],
      ['?cursor=', 'cursor is not one this list gave out (start again without it)'],
      ['?limit=0', 'limit must be a whole number from 1 to 200'],
      ['?limit=201', 'limit must be a whole number from 1 to 200'],
      ['?limit=ten', 'limit must be a whole number from 1 to 200'],
      ['?limit=-1', 'limit must be a whole number from 1 to 200'],
      [
        '?sort=name',
        'sort must be one of: joined_desc, joined_asc, credits_desc, credits_asc, last_login_desc, last_login_asc',
      ],
      ['?admin=yes', 'admin must be true or false'],
      [`?search=${'a'.repeat(321)}`, 'search must be at most 320 characters'],
    ];
    for (const [query, message] of cases) {
      const answer = await list(query);
      expect([query, answer.status, answer.json.error.message, answer.json.error.code]).toEqual([
        query,
        400,
        message,
        'invalid_request',
      ]);
    }
    // The cursor it gave out still works.
    expect((await list(`?sort=credits_desc&limit=2&cursor=${creditsCursor}`)).status).toBe(200);
  });

  it('stays an admin call', async () => {
    const player = await registerPlayer(h);
    expect((await call(h, 'GET', '/api/admin/users?search=a', { token: player.token })).status).toBe(403);
    expect((await call(h, 'GET', '/api/admin/users?limit=1')).status).toBe(401);
  });
});
