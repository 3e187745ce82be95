// Migration 021's trigram search over players who joined before it (SQLite's FTS table is filled
// from the users already there), and on PostgreSQL without pg_trgm: when the database user may not
// create the extension, the migration still succeeds, the search still finds the middle of a name
// (reading the whole table), and every start says why it is slow and how to fix it; once a superuser
// has created the extension, the next start builds the trigram indexes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { openContext } from '../src/boot.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { insertUser, pageUsersWithTier } from '../src/db/repositories/users.ts';
import { createLogger } from '../src/logger.ts';
import { grantAdmin } from '../src/services/admin/administrators.ts';
import { searchOf } from '../src/services/admin/user-list.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { testDatabaseUrl, testEnv } from './helpers/test-context.ts';

describe('migration 021 on SQLite', () => {
  it('indexes the players who joined before it, and those who join after', async () => {
    const handle = connectDatabase({ databaseUrl: null, sqliteFile: ':memory:' });
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => !name.includes('-021-')));
      const early = await new Migrator({
        db: handle.db as unknown as Kysely<unknown>,
        provider: { getMigrations: async () => before },
      }).migrateToLatest();
      expect(early.error).toBeUndefined();
      const player = (id: string, name: string) => ({
        id,
        email: `${name}@example.com`,
        email_normalized: `${name}@example.com`,
        username: name,
        username_normalized: name,
        password_hash: 'x',
        created_at: '2026-11-01T00:00:00.000Z',
        updated_at: '2026-11-01T00:00:00.000Z',
      });
      await insertUser(handle.db, player('early', 'starorion'));
      expect(await migrateToLatest(handle.db, 'sqlite')).toEqual(['2026-11-24-021-search-indexes']);
      await insertUser(handle.db, player('late', 'orionbelt'));
      const found = async (term: string) => {
        const search = searchOf(term);
        if (!search) throw new Error('no search');
        const rows = await pageUsersWithTier(handle.db, {
          dialect: 'sqlite',
          order: 'joined',
          direction: 'desc',
          search: { ...search, walk: false },
          limit: 10,
        });
        return rows.map((row) => row.id).sort();
      };
      expect(await found('rion')).toEqual(['early', 'late']);
      expect(await found('arori')).toEqual(['early']);
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(testDatabaseUrl)('the user search on PostgreSQL without pg_trgm', () => {
  const tag = Math.random().toString(36).slice(2, 10);
  const role = `no_ext_${tag}`;
  // Under the run's database name, so the run's teardown drops it (helpers/global-setup.ts): a
  // DROP DATABASE waits for a checkpoint, which on a busy two-core machine outlasted the hook.
  let database: string;
  const schema = 'shop';
  let superUrl: URL;
  let roleUrl: URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-search-'));

  async function asSuperuser(statements: string[], inDatabase = true) {
    const url = new URL(superUrl);
    if (!inDatabase) url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  }

  /** One start of the server on that database as the unprivileged user: its logs and its app. */
  async function start() {
    const logs: Record<string, unknown>[] = [];
    const logger = createLogger('debug', (line) => logs.push(JSON.parse(line)));
    const config = loadConfig({ ...testEnv, DATA_DIR: dataDir, DATABASE_URL: roleUrl.toString() });
    const { ctx, database: handle } = await openContext(config, { logger, pgSchema: schema });
    return { ctx, app: createApp(ctx), logs, close: () => handle.close() };
  }

  beforeAll(async () => {
    superUrl = new URL(inject('pgRunUrl'));
    database = `${superUrl.pathname.slice(1)}_no_ext_${tag}`;
    // A database of its own, where this user may not create anything but in its own schema.
    await asSuperuser([`create role ${role} login`, `create database ${database}`], false);
    superUrl.pathname = `/${database}`;
    await asSuperuser([
      `revoke create on database ${database} from public`,
      `create schema ${schema} authorization ${role}`,
    ]);
    roleUrl = new URL(superUrl);
    roleUrl.username = role;
  });
  afterAll(async () => {
    // What the role owns goes with the schema; then the role can go (the database stays for teardown).
    await asSuperuser([`drop schema if exists ${schema} cascade`]);
    await asSuperuser([`drop role if exists ${role}`], false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, finds the middle of a name, says why search is slow, and indexes once the extension is there', async () => {
    const first = await start();
    try {
      const warning = first.logs.find((line) => line.msg === 'search.slow');
      expect(warning, JSON.stringify(first.logs)).toMatchObject({ level: 'warn' });
      expect(warning?.why).toMatch(/may not create the pg_trgm extension/);
      expect(warning?.fix).toMatch(new RegExp(`CREATE EXTENSION pg_trgm; in the database ${database}`));
      const admin = await registerPlayer(first, { username: 'Commander_Vega', email: 'vega@fleet.test' });
      await grantAdmin(first.ctx, admin.user.email, 'test');
      const orion = await registerPlayer(first, { username: 'StarOrion', email: 'hunter@gmail.com' });
      const found = await call(first, 'GET', '/api/admin/users?search=RION', { token: admin.token });
      expect(found.json.users.map((user: { _id: string }) => user._id)).toEqual([orion.user._id]);
    } finally {
      await first.close();
    }

    await asSuperuser(['create extension pg_trgm']);
    const second = await start();
    try {
      expect(second.logs.some((line) => line.msg === 'search.slow')).toBe(false);
      expect(second.logs.find((line) => line.msg === 'db.indexes_built')).toBeTruthy();
      const { rows } = await sql<{ indexname: string }>`
        select indexname from pg_indexes where schemaname = ${schema} and indexname like '%trgm'`.execute(
        second.ctx.db,
      );
      expect(rows.map((row) => row.indexname).sort()).toEqual([
        'users_discord_name_trgm',
        'users_email_trgm',
        'users_username_trgm',
      ]);
    } finally {
      await second.close();
    }
  });
});
