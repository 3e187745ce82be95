// The admin user search on PostgreSQL without pg_trgm (migration 021): when the database user may not
// create the extension, the migration still succeeds, the search still finds the middle of a name
// (reading the whole table), and every start says why it is slow and how to fix it; once a superuser
// has created the extension, the next start builds the trigram indexes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { openContext } from '../src/boot.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { grantAdmin } from '../src/services/admin/administrators.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { testDatabaseUrl, testEnv } from './helpers/test-context.ts';

describe.runIf(testDatabaseUrl)('the user search on PostgreSQL without pg_trgm', () => {
  const tag = Math.random().toString(36).slice(2, 10);
  const role = `no_ext_${tag}`;
  const database = `no_ext_${tag}`;
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
    await asSuperuser([`drop database if exists ${database} with (force)`, `drop role if exists ${role}`], false);
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
      expect(second.logs.find((line) => line.msg === 'search.indexes_built')).toBeTruthy();
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
