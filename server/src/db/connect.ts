// Opens the database the configuration names: SQLite in DATA_DIR, or PostgreSQL for postgres:// URLs.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDialectConfig,
  type SqliteStatement,
} from 'kysely';
import type pg from 'pg';
import { loadWhenNeeded } from '../lib/load-when-needed.ts';
import { type StatementTracker, statementChangeOf } from './change-tags.ts';
import type { Database } from './database.ts';
import { createImmediateSqliteDialect, type DialectName, isConnectionLost, markUncertainCommit } from './dialect.ts';
import { type PgChangeCounter, pgChangeCounter } from './pg-change-listener.ts';
import { poolTypes } from './pg-types.ts';
import { statementName } from './prepared.ts';
import { registerChangeCounter, sqliteChangeCounter } from './read-cache.ts';
import { keepCheckpointing } from './sqlite-checkpointer.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL's own pool, for what talks to it directly (the shared rate-limit store); unset on SQLite. */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

/** PostgreSQL's limits (config.ts, DatabaseConfig); SQLite has busy_timeout instead. */
export interface PoolLimits {
  poolMax: number;
  /** The longest a statement may run, on the server; 0 for none (migrations). */
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

const DEFAULT_LIMITS: PoolLimits = { poolMax: 10, statementTimeoutMs: 5000, connectTimeoutMs: 3000 };
/** An answer this much later than the statement timeout means the connection stalled, not the statement. */
const STALL_GRACE_MS = 1000;
/** A transaction left open this long (a stalled or crashed caller) is ended by PostgreSQL. */
const IDLE_IN_TRANSACTION_MS = 30_000;

export interface ConnectOptions {
  /** A postgres:// URL, or null for SQLite. */
  databaseUrl: string | null;
  /** The SQLite file (ignored for PostgreSQL). */
  sqliteFile?: string;
  /** PostgreSQL schema to use as search_path (tests give each run its own). */
  pgSchema?: string;
  limits?: Partial<PoolLimits>;
  /** Told about connections the pool dropped (a restart, pg_terminate_backend, a reset). */
  onConnectionError?: (error: Error) => void;
  /** SQLite: told when the checkpoints' worker failed and they moved to the server's thread. */
  onCheckpointerError?: (error: Error) => void;
}

export function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // Writers from another process wait for the lock instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  // A checkpoint copies the write-ahead log into the file and syncs both. SQLite's own, run by the
  // connection that commits (on the server's thread) when the log reaches a length, held every
  // request for as long as it took: at SQLite's default of 1,000 pages every 36th purchase (28 pages
  // each: the rows and their indexes) paid for one; at 10,000 pages, with a million players, one
  // purchase in 350 waited 50 to 85 ms. A worker thread checkpoints instead, once a second
  // (sqlite-checkpointer.ts), and the log starts over at the next write after it has copied all.
  // SQLite's own comes only when the log reaches 100,000 pages (400 MB) all the same: a reader such
  // as a backup holding it for long under heavy writes, or the worker gone.
  sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  // A log that grew long in a burst of writes is cut back to this when it next starts over.
  sqlite.pragma(`journal_size_limit = ${WAL_KEPT_BYTES}`);
  return sqlite;
}

const WAL_AUTOCHECKPOINT_PAGES = 100_000;
const WAL_KEPT_BYTES = 64 * 1024 * 1024;

export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    const { Pool } = loadWhenNeeded('pg') as typeof pg;
    const statementTimeout = limits.statementTimeoutMs;
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: limits.poolMax,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      idleTimeoutMillis: 30_000,
      // A peer that vanished without a reset (a cut cable, a dead proxy) is noticed by the kernel.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(statementTimeout > 0
        ? {
            statement_timeout: statementTimeout,
            lock_timeout: statementTimeout,
            // The server ends a statement at statement_timeout; no answer at all by then means the
            // connection stalled, and the client gives up on it.
            query_timeout: statementTimeout + STALL_GRACE_MS,
          }
        : {}),
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
      types: poolTypes(),
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle connection that dies (a restart, pg_terminate_backend) is an 'error' on the pool; with
    // no listener Node would end the process. The pool has already dropped it and opens a new one
    // when next needed.
    const onConnectionError = options.onConnectionError ?? (() => {});
    pool.on('error', onConnectionError);
    const changes = pgChangeCounter(options.databaseUrl);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withNamedStatements(pool, changes, onConnectionError) }),
    });
    registerChangeCounter(db, changes);
    return {
      db,
      dialect: 'postgres',
      pgPool: pool,
      close: async () => {
        await changes.close();
        await db.destroy();
      },
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  const sqlite = openSqlite(file);
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const changes = sqliteChangeCounter(() => dataVersion.get() as number);
  const db = new Kysely<Database>({
    dialect: createImmediateSqliteDialect({ database: withStatementCache(sqlite, changes.tracker) }),
  });
  registerChangeCounter(db, changes);
  const checkpoints =
    file === ':memory:' ? null : keepCheckpointing(sqlite, { onWorkerError: options.onCheckpointerError });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

/** PostgreSQL's refusal to run a named statement whose tables changed shape since it was planned. */
const CACHED_PLAN_CHANGED = '0A000';

/** Per connection, the named statements a schema change (a newer server's migration) made unusable. */
const outdated = new WeakMap<pg.PoolClient, Set<string>>();

/** Runs a query's text, named when it is a hot one that this connection can still use. */
async function runText(client: pg.PoolClient, text: string, values: unknown[]) {
  const name = statementName(text);
  if (!name || outdated.get(client)?.has(name)) return client.query({ text, values });
  try {
    return await client.query({ name, text, values });
  } catch (error) {
    if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
    outdated.set(client, (outdated.get(client) ?? new Set()).add(name));
    return client.query({ text, values });
  }
}

/**
 * The hot queries (db/prepared.ts) go to PostgreSQL as named statements, parsed and planned once per
 * connection instead of on every call; everything else as Kysely sends it. When a migration run by
 * another process changes a table under a statement (`select *` gaining a column), PostgreSQL
 * refuses it on that connection for good: it is sent unnamed from then on there, and the call that
 * met the refusal is retried unnamed (inside a transaction that retry fails too, once).
 *
 * A connection that fails (reset, terminated, stalled past the statement timeout) is never used
 * again: later statements on it fail at once, the rollback Kysely sends after a failure is not sent
 * (it would hide the real error, or read a stalled statement's late answer), and the connection is
 * destroyed instead of going back to the pool.
 */
function withNamedStatements(pool: pg.Pool, changes: PgChangeCounter, onError: (error: Error) => void): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const statements = changes.tracker();
      let broken: Error | null = null;
      // The pool listens for errors only on idle connections: one that dies while checked out, between
      // two statements, would otherwise be an unhandled 'error' that ends the process.
      const onClientError = (error: Error) => {
        broken ??= error;
        onError(error);
      };
      client.on('error', onClientError);
      const fail = (error: unknown, text: string) => {
        if (isConnectionLost(error)) broken ??= error as Error;
        if (text === 'commit') markUncertainCommit(error);
        throw error;
      };
      // A cursor (Kysely's stream) is handed over as it is, and synchronously.
      const query = (sql: unknown, parameters?: ReadonlyArray<unknown>) => {
        if (typeof sql !== 'string') return client.query(sql as pg.Submittable);
        if (broken) {
          if (sql === 'rollback') return Promise.resolve({ rows: [], rowCount: 0, command: 'ROLLBACK' });
          return Promise.reject(broken);
        }
        const values = parameters ? [...parameters] : [];
        statements.sent(sql, values);
        return runText(client, sql, values).catch((error) => fail(error, sql));
      };
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: () => {
          client.removeListener('error', onClientError);
          client.release(broken ?? undefined);
        },
      };
    },
    end: () => pool.end(),
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; compiling the SQL was the largest part of a small request's
 * time (a CPU profile of the bench). Statements are kept by their text and reused: better-sqlite3
 * runs one at a time, nothing here iterates (streams) a statement, and SQLite re-prepares a
 * statement itself after a schema change. Kysely runs each statement it prepares with its values:
 * a statement that may change what the read cache holds (db/change-tags.ts), or that ends a
 * transaction, is told to `tracker` with them as it runs.
 */
function withStatementCache(
  sqlite: SqliteDatabase.Database,
  tracker: StatementTracker,
): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        // Queries built with varying lists (IN (...), batch inserts) would grow it without end.
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        const prepared = sqlite.prepare(sql);
        statement = statementChangeOf(sql).kind === 'none' ? prepared : tracked(prepared, sql, tracker);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The statement, telling `tracker` of each run with its values. */
function tracked(statement: SqliteStatement, sql: string, tracker: StatementTracker): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      tracker.sent(sql, parameters);
      return statement.all(parameters);
    },
    run(parameters) {
      tracker.sent(sql, parameters);
      return statement.run(parameters);
    },
    iterate(parameters) {
      tracker.sent(sql, parameters);
      return statement.iterate(parameters);
    },
  };
}
