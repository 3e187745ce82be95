// The users list reads an index for each order, filter and search (migration 015), on both
// dialects: the plans of the first page, of a later page and of a search, with 20,000 players
// seeded and the planner's statistics taken, name the index and never scan the whole table. Plans,
// not timings: the timings at a million players are the bench's (bench/README.md).
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserPageRequest, userPageQuery } from '../src/db/repositories/users.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const PLAYERS = 20_000;

async function seedPlayers(h: TestHarness): Promise<void> {
  const numbers =
    h.ctx.dialect === 'postgres'
      ? `select generate_series(1, ${PLAYERS}) as i`
      : `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PLAYERS}) select i from n`;
  await h.ctx.db.executeQuery(
    CompiledQuery.raw(`insert into users (id, email, email_normalized, username, username_normalized,
      password_hash, credits, is_admin, current_tier_id, discord_id, discord_username, created_at, updated_at,
      last_login_at)
    select 'u' || i, 'p' || i || '@example.com', 'p' || i || '@example.com', 'Pilot' || i, 'pilot' || i,
      'x', i % 1000, case when i % 5000 = 0 then 1 else 0 end, null,
      case when i % 2 = 0 then cast(100000000 + i as text) else null end,
      case when i % 2 = 0 then 'Disc' || i else null end,
      '2026-11-01T' || cast(1000000 + i as text), '2026-11-01',
      case when i % 3 = 0 then null else '2026-11-02T' || cast(1000000 + i as text) end
    from (${numbers}) numbers`),
  );
  // PostgreSQL: vacuum too, which moves the rows from the trigram indexes' pending list (GIN's
  // fast update) into the index proper, as happens on its own as rows trickle in.
  await h.ctx.db.executeQuery(CompiledQuery.raw(h.ctx.dialect === 'postgres' ? 'vacuum analyze users' : 'analyze'));
}

interface Plan {
  /** Each step that reads the users table: how, and through which index (none: the whole table). */
  users: { how: string; index: string | null }[];
  text: string;
}

async function planOf(h: TestHarness, request: Omit<UserPageRequest, 'dialect'>): Promise<Plan> {
  const compiled = userPageQuery(h.ctx.db, { ...request, dialect: h.ctx.dialect }).compile();
  if (h.ctx.dialect === 'postgres') {
    const result = await h.ctx.db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    const users: Plan['users'] = [];
    const visit = (node: Record<string, any>) => {
      if (node['Relation Name'] === 'users' || (node['Index Name'] ?? '').startsWith('users')) {
        users.push({ how: node['Node Type'], index: node['Index Name'] ?? null });
      }
      for (const child of node.Plans ?? []) visit(child);
    };
    const document = result.rows[0]?.['QUERY PLAN'] as [{ Plan: Record<string, any> }];
    visit(document[0].Plan);
    return { users, text: JSON.stringify(document) };
  }
  const result = await h.ctx.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
  );
  const details = result.rows.map((row) => row.detail);
  const users = details
    .filter((detail) => /^(SCAN|SEARCH) users\b/.test(detail) || /INDEX users/.test(detail))
    .map((detail) => ({ how: detail, index: /INDEX (\w+)/.exec(detail)?.[1] ?? null }));
  return { users, text: details.join('\n') };
}

const page = { limit: 51 } as const;

describe.each(dialects)('the users list plans on %s', (dialect) => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await createHarness(dialect);
    await seedPlayers(h);
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  /** Every read of users goes through one of `indexes`, and none reads the whole table. */
  function expectIndexed(plan: Plan, indexes: string[]) {
    expect(plan.users.length, plan.text).toBeGreaterThan(0);
    for (const step of plan.users) {
      // PostgreSQL's bitmap heap scan reads the rows its bitmap index scans (below it) found.
      if (step.how !== 'Bitmap Heap Scan') expect(step.index, plan.text).not.toBeNull();
      expect(step.how, plan.text).not.toMatch(/Seq Scan/);
    }
    expect(
      plan.users.some((step) => indexes.includes(step.index as string)),
      plan.text,
    ).toBe(true);
  }

  it.each([
    ['joined', 'users_joined'],
    ['credits', 'users_credits'],
    ['last_login', 'users_last_login'],
  ] as const)('reads the first page and a later one of the %s order from its index, in order', async (order, index) => {
    for (const direction of ['desc', 'asc'] as const) {
      const first = await planOf(h, { ...page, order, direction });
      expectIndexed(first, [index]);
      // In the index's order: no sort of the whole table.
      expect(first.text).not.toMatch(/TEMP B-TREE|"Node Type":"Sort"/);
      const key = order === 'credits' ? 500 : '2026-11-01T1010000';
      const later = await planOf(h, { ...page, order, direction, after: { key, id: 'u10000' } });
      expectIndexed(later, [index]);
      expect(later.text).not.toMatch(/TEMP B-TREE|"Node Type":"Sort"/);
    }
  });

  it('finds a search through the prefix indexes of name, email and Discord name, and the Discord id', async () => {
    const plan = await planOf(h, {
      ...page,
      order: 'joined',
      direction: 'desc',
      search: { kind: 'prefix', from: 'pilot1234', to: 'pilot1235', discordId: 'pilot1234', walk: false },
    });
    // Each of the four through its own index (SQLite names the unique columns' indexes itself), then
    // only the matches are sorted.
    const indexes =
      dialect === 'postgres'
        ? ['users_username_prefix', 'users_email_prefix', 'users_discord_name_prefix', 'users_discord_id_key']
        : [
            'sqlite_autoindex_users_3',
            'sqlite_autoindex_users_2',
            'users_discord_name_prefix',
            'sqlite_autoindex_users_4',
          ];
    expectIndexed(plan, indexes);
    for (const index of indexes) expect(plan.users.map((step) => step.index)).toContain(index);
    expect(plan.users.every((step) => !step.how.startsWith('SCAN'))).toBe(true);
  });

  it('finds a substring search through the trigram indexes (migration 021), and the Discord id', async () => {
    const plan = await planOf(h, {
      ...page,
      order: 'joined',
      direction: 'desc',
      search: { kind: 'substring', term: 'lot1234', discordId: 'lot1234', walk: false },
    });
    if (dialect === 'postgres') {
      const indexes = ['users_username_trgm', 'users_email_trgm', 'users_discord_name_trgm', 'users_discord_id_key'];
      expectIndexed(plan, indexes);
      for (const index of indexes) expect(plan.users.map((step) => step.index)).toContain(index);
    } else {
      // The trigram table names its matches, each user then read by id; and the Discord id by its index.
      expect(plan.text).toMatch(/SCAN s VIRTUAL TABLE INDEX/);
      expectIndexed(plan, ['sqlite_autoindex_users_1', 'sqlite_autoindex_users_4']);
      expect(plan.users.every((step) => !step.how.startsWith('SCAN'))).toBe(true);
    }
  });

  it('finds a page of a common term by a bounded walk of the order, not through the search indexes', async () => {
    // "lot1" is in 1,111 of the 20,000 names; the walk reads at most 40 rows of users_joined per page row.
    for (const search of [
      { kind: 'prefix', from: 'pilot1', to: 'pilot2', discordId: 'pilot1', walk: true },
      { kind: 'substring', term: 'lot1', discordId: 'lot1', walk: true },
    ] as const) {
      const plan = await planOf(h, { ...page, order: 'joined', direction: 'desc', search, walkRows: 51 * 40 });
      // On SQLite the walked rows come from a co-routine (itself named users), read as they come.
      const reads = plan.users.filter((step) => !(dialect === 'sqlite' && step.how === 'SCAN users'));
      expect(
        reads.map((step) => step.index),
        plan.text,
      ).toEqual(['users_joined']);
      // PostgreSQL may sort the walked matches again after joining their tiers: at most walkRows of them.
      expect(plan.text).not.toMatch(/trgm|VIRTUAL TABLE|Bitmap|TEMP B-TREE/);
    }
  });

  it('reads a tier by another order from that order’s index', async () => {
    const plan = await planOf(h, { ...page, order: 'credits', direction: 'desc', tierId: null });
    expectIndexed(plan, dialect === 'postgres' ? plan.users.map((step) => step.index as string) : ['users_credits']);
    if (dialect === 'sqlite') expect(plan.text).not.toMatch(/TEMP B-TREE/);
  });

  it('reads the administrators from their own index, and a tier from its own', async () => {
    expectIndexed(await planOf(h, { ...page, order: 'joined', direction: 'desc', admin: true }), [
      'users_admins_joined',
    ]);
    expectIndexed(await planOf(h, { ...page, order: 'joined', direction: 'desc', tierId: 'tier-1' }), [
      'users_tier_joined',
    ]);
  });
});
