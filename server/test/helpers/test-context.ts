// Test harness: a real database (SQLite file, or a fresh PostgreSQL schema when TEST_DATABASE_URL is
// set), the real app, a movable clock and captured logs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../../src/app.ts';
import { openContext } from '../../src/boot.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import type { DialectName } from '../../src/db/dialect.ts';
import { hearsChanges, subscribeToChanges } from '../../src/db/read-cache.ts';
import { createLogger } from '../../src/logger.ts';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;

/** The dialects every data test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dialects: DialectName[] = testDatabaseUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestClock {
  (): Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function createTestClock(start = new Date('2026-11-22T12:00:00.000Z')): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

export interface TestHarness {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  clock: TestClock;
  logs: Record<string, unknown>[];
  dataDir: string;
  /** For another process: the DATABASE_URL that reaches this harness's database ('' for SQLite). */
  databaseUrl: string;
  /**
   * Another instance of the server on the same database, as behind a load balancer: its own app and
   * context, and on PostgreSQL its own empty data folder, so it shares nothing but the database.
   */
  openInstance(): Promise<TestInstance>;
  close(): Promise<void>;
}

export interface TestInstance {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  configure?: (config: Config) => Config;
  /**
   * The clock starts at the real time, not at the fixed 2026-11-22 of every other test: for a
   * database a real server process serves as well (helpers/server-process.ts), since that process
   * reads the system clock, and a session made here on the fixed day would look idle to it once
   * `SESSION_IDLE_DAYS` have really passed since then.
   */
  startsNow?: boolean;
}

/** Generous limits, so only the tests about rate limits meet them. */
export const testEnv: Record<string, string> = {
  LOGIN_LIMIT_PER_ADDRESS: '1000',
  REGISTER_LIMIT_PER_ADDRESS: '1000',
  FAILED_LOGIN_LIMIT_PER_ACCOUNT_ADDRESS: '1000',
  FAILED_LOGIN_DELAY_AFTER: '1000',
  FAILED_LOGIN_LIMIT_PER_ACCOUNT: '1000',
  CHECKOUT_LIMIT_PER_PLAYER: '1000',
  CHECKOUT_LIMIT_PER_ADDRESS: '1000',
  FORGOT_PASSWORD_LIMIT_PER_ADDRESS: '1000',
  FORGOT_PASSWORD_LIMIT_PER_ACCOUNT: '1000',
  VERIFICATION_MAIL_LIMIT_PER_ACCOUNT: '1000',
  PASSWORD_CHECK_LIMIT_PER_ACCOUNT: '1000',
  CREDIT_CODE_LIMIT_PER_ACCOUNT: '1000',
  CREDIT_CODE_LIMIT_PER_ADDRESS: '1000',
  SEED_CATALOGUE: 'false',
  // The payment tests without Stripe pay on the sandbox; the Stripe harness (helpers/payments.ts) says stripe.
  PAYMENTS: 'sandbox',
  // Tests write the catalogue directly between reads; public-cache.test.ts turns the cache on.
  CATALOGUE_CACHE_MS: '0',
};

/**
 * On PostgreSQL an instance keeps nothing in its caches until its listening connection is up (it
 * would miss other instances' notices): a test that reads through a cache starts once it is.
 */
async function untilHearingChanges(ctx: AppContext): Promise<void> {
  subscribeToChanges(ctx.db, () => {});
  for (let waited = 0; !hearsChanges(ctx.db); waited += 10) {
    if (waited > 10_000) throw new Error('the listening connection did not come up');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let workerDatabase: Promise<string> | null = null;

/**
 * This worker's own database, made on first use beside the run's (helpers/global-setup.ts, which
 * drops both): what a test does to its whole database (terminating every backend, a lock, a slow
 * extension) reaches no test in another worker. Named after the run's, with the worker's slot
 * (VITEST_POOL_ID): the files a slot runs one after another share it.
 */
export function workerDatabaseUrl(): Promise<string> {
  workerDatabase ??= (async () => {
    const runUrl = inject('pgRunUrl');
    if (!runUrl) throw new Error('TEST_DATABASE_URL is not set');
    const url = new URL(runUrl);
    const name = `${url.pathname.slice(1)}${WORKER_DATABASE_INFIX}${process.env.VITEST_POOL_ID ?? '0'}`;
    const client = new pg.Client({ connectionString: runUrl });
    await client.connect();
    try {
      await client.query(`create database ${name}`);
    } catch (error) {
      // Made by an earlier file in this worker slot (one file at a time per slot): used again.
      if ((error as { code?: string }).code !== '42P04') throw error;
    } finally {
      await client.end();
    }
    url.pathname = `/${name}`;
    return url.toString();
  })();
  return workerDatabase;
}

/**
 * Drops a closed harness's schema. Left in place, each schema's tables, indexes and triggers stayed
 * in the worker database's catalogue, and every new schema's migrations took longer: 0.5 s for the
 * first, 1.5 s after a hundred. One still locked (a process of the test not yet gone) is left to the
 * run's end, when its database is dropped whole (helpers/global-setup.ts).
 */
async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.query(`set lock_timeout = '2s'`);
    await client.query(`drop schema if exists ${schema} cascade`);
  } catch {
    // Left for the end of the run.
  } finally {
    await client.end().catch(() => {});
  }
}

/** Between a run's database name and its workers' (global-setup.ts drops every one of them). */
export const WORKER_DATABASE_INFIX = '_w';

export async function createHarness(dialect: DialectName, options: HarnessOptions = {}): Promise<TestHarness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-test-'));
  let pgSchema: string | undefined;
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    // This worker's own database, a fresh schema in it for each harness.
    databaseUrl = await workerDatabaseUrl();
    pgSchema = `t_${Math.random().toString(36).slice(2, 12)}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${pgSchema}`);
    await client.end();
  }
  const env = {
    ...testEnv,
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'no-site'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  };
  let config = loadConfig(env);
  if (options.configure) config = options.configure(config);
  const logs: Record<string, unknown>[] = [];
  // Split on line breaks as a log reader would: a forged line would show up as an entry of its own
  // (or fail to parse).
  const logger = createLogger('debug', (line) => {
    for (const part of line.split('\n')) logs.push(JSON.parse(part));
  });
  const clock = options.startsNow ? createTestClock(new Date()) : createTestClock();
  const { ctx, database } = await openContext(config, { logger, clock, pgSchema });
  await untilHearingChanges(ctx);
  const app = createApp(ctx);
  const instances: TestInstance[] = [];
  async function openInstance(): Promise<TestInstance> {
    const ownDir = pgSchema ? fs.mkdtempSync(path.join(os.tmpdir(), 'starport-test-')) : dataDir;
    const opened = await openContext({ ...config, dataDir: ownDir }, { logger, clock, pgSchema });
    await untilHearingChanges(opened.ctx);
    const instance: TestInstance = {
      ctx: opened.ctx,
      app: createApp(opened.ctx),
      dataDir: ownDir,
      async close() {
        const index = instances.indexOf(instance);
        if (index < 0) return;
        instances.splice(index, 1);
        await opened.database.close();
        if (ownDir !== dataDir) fs.rmSync(ownDir, { recursive: true, force: true });
      },
    };
    instances.push(instance);
    return instance;
  }
  return {
    ctx,
    app,
    clock,
    logs,
    dataDir,
    openInstance,
    databaseUrl: pgSchema
      ? `${databaseUrl}${databaseUrl?.includes('?') ? '&' : '?'}options=-csearch_path%3D${pgSchema}`
      : '',
    async close() {
      for (const instance of [...instances]) await instance.close();
      await database.close();
      if (pgSchema && databaseUrl) await dropSchema(databaseUrl, pgSchema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
