// The database layer: migrations on both dialects, SQLite's pragmas and IMMEDIATE transactions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.ts';
import { markUncertainCommit } from '../src/db/dialect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { enqueueRoleSync } from '../src/services/discord/roles.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('migrations on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('creates every table at start and a second run applies nothing', async () => {
    h = await createHarness(dialect);
    const tables = (await h.ctx.db.introspection.getTables()).map((t) => t.name);
    for (const table of ['users', 'sessions', 'credit_ledger', 'tiers', 'shop_categories', 'shop_items']) {
      expect(tables).toContain(table);
    }
    expect(await migrateToLatest(h.ctx.db, h.ctx.dialect)).toEqual([]);
  });

  it('names migrations by date, in order', () => {
    h = { close: async () => {} } as TestHarness;
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-\d{3}-[a-z-]+$/);
  });
});

describe('SQLite', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function tempFile() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-sqlite-'));
    dirs.push(dir);
    return path.join(dir, 'starport.sqlite');
  }

  it('runs in WAL mode with foreign keys on', async () => {
    const handle = connectDatabase({ databaseUrl: null, sqliteFile: tempFile() });
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
    const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(handle.db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    expect(keys.rows[0]?.foreign_keys).toBe(1);
    await handle.close();
  });

  it('begins transactions IMMEDIATE: the write lock is taken at the start, before any write', async () => {
    const file = tempFile();
    const handle = connectDatabase({ databaseUrl: null, sqliteFile: file });
    await migrateToLatest(handle.db, handle.dialect);
    const other = new SqliteDatabase(file);
    other.pragma('busy_timeout = 0');
    let otherWriterError: unknown = null;
    await handle.db.transaction().execute(async (trx) => {
      // Only a read so far: a deferred transaction would hold no write lock yet.
      await trx.selectFrom('users').select('id').execute();
      try {
        other.exec('begin immediate');
        other.exec('rollback');
      } catch (error) {
        otherWriterError = error;
      }
    });
    expect((otherWriterError as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
    // Once it committed, the other writer gets in.
    expect(() => {
      other.exec('begin immediate');
      other.exec('rollback');
    }).not.toThrow();
    other.close();
    await handle.close();
  });
});

const auditRow = (action: string) => ({
  id: `audit-${action}`,
  actor_id: 'test',
  action,
  target_type: 'test',
  target_id: null,
  before: null,
  after: null,
  created_at: '2026-11-22T12:00:00.000Z',
});

describe.each(dialects)('shared work on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('runs a transaction again after a serialization failure or a connection lost before commit, never after an unsure commit', async () => {
    h = await createHarness(dialect);
    const failing = (code: string | undefined, message: string) => Object.assign(new Error(message), { code });
    const attempt = async (first: Error) => {
      let runs = 0;
      const outcome = await inTransaction(h.ctx.db, async (trx) => {
        runs += 1;
        await trx
          .insertInto('audit_log')
          .values(auditRow(`${first.message}-${runs}`))
          .execute();
        if (runs === 1) throw first;
        return 'done';
      }).catch((error: Error) => error);
      return { outcome, runs };
    };
    expect(await attempt(failing('40001', 'serialization'))).toEqual({ outcome: 'done', runs: 2 });
    expect(await attempt(failing('ECONNRESET', 'reset'))).toEqual({ outcome: 'done', runs: 2 });
    const unsure = failing('ECONNRESET', 'unsure');
    markUncertainCommit(unsure);
    expect(await attempt(unsure)).toEqual({ outcome: unsure, runs: 1 });
    expect(await attempt(failing('23505', 'duplicate'))).toMatchObject({ runs: 1 });
    // Only the runs that ended in a commit left their row.
    const rows = await h.ctx.db.selectFrom('audit_log').select('action').orderBy('action').execute();
    expect(rows.map((r) => r.action)).toEqual(['reset-2', 'serialization-2']);
  });

  it('queues one waiting job per target, however many ask at once', async () => {
    h = await createHarness(dialect);
    const now = '2026-11-22T12:00:00.000Z';
    await Promise.all(Array.from({ length: 10 }, () => enqueueRoleSync(h.ctx.db, { userId: 'user-1' }, now)));
    const jobs = await h.ctx.db.selectFrom('jobs').select(['dedupe_key', 'status']).execute();
    expect(jobs).toEqual([{ dedupe_key: 'user-1', status: 'pending' }]);
  });
});
