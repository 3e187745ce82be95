// Indexes on tables that grow with the players, on PostgreSQL (db/index-builds.ts): an upgrade on a
// big table leaves them to start-up, which builds them concurrently, so writes to the table go on
// meanwhile (a plain CREATE INDEX would hold them); a failed build's invalid leftover is built again;
// two instances starting at once build each index once.
import { type Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.ts';
import { buildMissingIndexes, SMALL_TABLE_ROWS } from '../src/db/index-builds.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { DEFERRABLE_INDEXES, ensureIndexes } from '../src/db/online-indexes.ts';
import { createLogger } from '../src/logger.ts';
import { createHarness, type TestHarness, testDatabaseUrl, workerDatabaseUrl } from './helpers/test-context.ts';

/** The valid indexes of the schema, by name. */
async function validIndexes(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_index i
    join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and i.indisvalid`.execute(db);
  return rows.map((row) => row.name).sort();
}

const quietLogger = () => {
  const logs: Record<string, unknown>[] = [];
  return { logs, logger: createLogger('debug', (line) => logs.push(JSON.parse(line))) };
};

const playerRows = (from: number, count: number) => sql`
  insert into users (id, email, email_normalized, username, username_normalized, password_hash, created_at, updated_at)
  select 'u' || i, 'p' || i || '@example.com', 'p' || i || '@example.com', 'Pilot' || i, 'pilot' || i, 'x',
    '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'
  from generate_series(${sql.lit(from)}::int, ${sql.lit(from + count - 1)}::int) as i`;

describe.runIf(testDatabaseUrl)('indexes on big tables, on PostgreSQL', () => {
  let h: TestHarness | null = null;
  const clients: pg.Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.end().catch(() => {});
    await h?.close();
    h = null;
  });

  async function client(url: string): Promise<pg.Client> {
    const connection = new pg.Client({ connectionString: url });
    await connection.connect();
    clients.push(connection);
    return connection;
  }

  /** A schema of its own, migrated up to the migration named `firstLeftOut` (not included). */
  async function schemaBefore(firstLeftOut: string) {
    const url = await workerDatabaseUrl();
    const schema = `t_${Math.random().toString(36).slice(2, 12)}`;
    const admin = await client(url);
    await admin.query(`create schema ${schema}`);
    const handle = connectDatabase({ databaseUrl: url, pgSchema: schema, limits: { statementTimeoutMs: 0 } });
    const db = handle.db as unknown as Kysely<unknown>;
    const drop = async () => {
      await handle.close();
      await admin.query(`drop schema ${schema} cascade`);
    };
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < firstLeftOut));
    const early = await new Migrator({
      db,
      provider: { getMigrations: async () => before },
      migrationTableSchema: schema,
    }).migrateToLatest();
    expect(early.error).toBeUndefined();
    return { handle, db, drop };
  }

  it('an upgrade leaves the indexes of a big table to start-up, which builds them, and builds a small table’s at once', async () => {
    // The schema as it was before migration 015, with more players than a migration builds for.
    const { handle, db, drop } = await schemaBefore('2026-11-24-015');
    try {
      await playerRows(1, SMALL_TABLE_ROWS).execute(db);

      await migrateToLatest(handle.db, 'postgres');
      const afterMigrations = await validIndexes(db);
      // users is big: its indexes wait; the audit log and the ledgers are small: built by the migration.
      expect(afterMigrations).not.toContain('users_joined');
      expect(afterMigrations).not.toContain('users_username_trgm');
      expect(afterMigrations).toContain('audit_log_page');
      expect(afterMigrations).toContain('sessions_expires');

      const { logs, logger } = quietLogger();
      expect(await ensureIndexes(handle.db, 'postgres', logger)).toBe('indexed');
      const afterStart = await validIndexes(db);
      for (const index of DEFERRABLE_INDEXES) expect(afterStart).toContain(index.name);
      expect(afterStart).toEqual(
        expect.arrayContaining(['users_username_trgm', 'users_email_trgm', 'users_discord_name_trgm']),
      );
      const built = logs.find((line) => line.msg === 'db.indexes_built')?.indexes as string[];
      expect(built).toEqual(expect.arrayContaining(['users_joined', 'users_credits', 'users_username_trgm']));
      expect(built).not.toContain('audit_log_page');

      // The next start finds them all and builds nothing.
      const again = quietLogger();
      await ensureIndexes(handle.db, 'postgres', again.logger);
      expect(again.logs.some((line) => line.msg === 'db.indexes_built')).toBe(false);
    } finally {
      await drop();
    }
  }, 120_000);

  it('an index that replaces another on a big table: the old one serves until start-up has built the new', async () => {
    // The schema before migration 034, with an item ledger bigger than a migration builds for.
    const { handle, db, drop } = await schemaBefore('2026-12-06-034');
    try {
      await playerRows(1, 1).execute(db);
      await sql`
        insert into item_ledger (id, user_id, item_id, entry_id, delta, transfer_id, reason, created_at)
        select 'l' || i, 'u1', null, 'e' || i, 1, null, 'credit_purchase', '2026-11-01T00:00:00.000Z'
        from generate_series(1, ${sql.lit(SMALL_TABLE_ROWS)}::int) as i`.execute(db);

      await migrateToLatest(handle.db, 'postgres');
      const afterMigrations = await validIndexes(db);
      // The unread index is gone at once; the replaced one stays until its replacement exists.
      expect(afterMigrations).not.toContain('item_ledger_entry');
      expect(afterMigrations).toContain('item_ledger_transfer');
      expect(afterMigrations).not.toContain('item_ledger_by_transfer');
      // inventory_entries is small: its replacement was built by the migration, the old one dropped.
      expect(afterMigrations).toContain('inventory_entries_by_payment');
      expect(afterMigrations).not.toContain('inventory_entries_payment');

      const { logs, logger } = quietLogger();
      await ensureIndexes(handle.db, 'postgres', logger);
      const afterStart = await validIndexes(db);
      expect(afterStart).toContain('item_ledger_by_transfer');
      expect(afterStart).not.toContain('item_ledger_transfer');
      expect(logs.find((line) => line.msg === 'db.indexes_built')?.indexes).toEqual(['item_ledger_by_transfer']);
      expect(logs.filter((line) => line.msg === 'db.index_dropped').map((line) => line.index)).toEqual([
        'item_ledger_transfer',
      ]);

      // A start stopped between the build and the drop leaves both: the next start drops the old one.
      await sql`create index item_ledger_transfer on item_ledger (transfer_id)`.execute(db);
      await ensureIndexes(
        handle.db,
        'postgres',
        createLogger('warn', () => {}),
      );
      expect(await validIndexes(db)).not.toContain('item_ledger_transfer');
      expect(await validIndexes(db)).toContain('item_ledger_by_transfer');
    } finally {
      await drop();
    }
  }, 120_000);

  it('players keep signing up while an index is built on their table', async () => {
    h = await createHarness('postgres');
    const db = h.ctx.db as unknown as Kysely<unknown>;
    await playerRows(1, 100).execute(db);
    await sql`drop index users_credits`.execute(db);

    // A purchase in progress holds a write on users; a plain CREATE INDEX would wait for it and hold
    // every write behind it.
    const purchase = await client(h.databaseUrl);
    await purchase.query('begin');
    await purchase.query(`update users set credits = credits + 1 where id = 'u1'`);

    const build = buildMissingIndexes(db, DEFERRABLE_INDEXES);
    const builder = await client(h.databaseUrl);
    // Wait until the build is under way and waiting for that purchase.
    for (;;) {
      const { rows } = await builder.query(
        `select count(*)::int as n from pg_stat_activity where query ilike 'create index concurrently "users_credits"%' and wait_event_type = 'Lock'`,
      );
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // Meanwhile a player signs up: answered at once (a lock wait would fail after 5 s, not hang).
    const signUp = await client(h.databaseUrl);
    await signUp.query(`set lock_timeout = '5s'`);
    const inserted = await signUp.query(
      `insert into users (id, email, email_normalized, username, username_normalized, password_hash, created_at, updated_at)
       values ('late', 'late@example.com', 'late@example.com', 'Late', 'late', 'x', 'now', 'now')`,
    );
    expect(inserted.rowCount).toBe(1);

    await purchase.query('commit');
    expect(await build).toEqual(['users_credits']);
    expect(await validIndexes(db)).toContain('users_credits');
  }, 60_000);

  it('builds again an index a failed build left invalid, and two instances starting at once build each index once', async () => {
    h = await createHarness('postgres');
    const db = h.ctx.db as unknown as Kysely<unknown>;
    const second = await h.openInstance();
    // An invalid index, as an interrupted CREATE INDEX CONCURRENTLY leaves it.
    await sql`update pg_index set indisvalid = false where indexrelid = 'users_joined'::regclass`.execute(db);
    await sql`drop index users_tier_joined`.execute(db);
    await sql`drop index sessions_last_seen`.execute(db);
    expect(await validIndexes(db)).not.toContain('users_joined');

    const [a, b] = await Promise.all([
      buildMissingIndexes(db, DEFERRABLE_INDEXES),
      buildMissingIndexes(second.ctx.db as unknown as Kysely<unknown>, DEFERRABLE_INDEXES),
    ]);
    expect([...a, ...b].sort()).toEqual(['sessions_last_seen', 'users_joined', 'users_tier_joined']);
    const valid = await validIndexes(db);
    for (const index of DEFERRABLE_INDEXES) expect(valid).toContain(index.name);
  }, 60_000);
});
