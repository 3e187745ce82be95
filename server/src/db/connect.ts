// Opens the database the configuration names: SQLite in DATA_DIR, or PostgreSQL for postgres:// URLs.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, type SqliteDialectConfig } from 'kysely';
import type pg from 'pg';
import { loadWhenNeeded } from '../lib/load-when-needed.ts';
import type { Database } from './database.ts';
import { createImmediateSqliteDialect, type DialectName } from './dialect.ts';
import { pgChangeCounter } from './pg-change-listener.ts';
import { poolTypes } from './pg-types.ts';
import { statementName } from './prepared.ts';
import { registerChangeCounter, sqliteChangeCounter } from './read-cache.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A postgres:// URL, or null for SQLite. */
  databaseUrl: string | null;
  /** The SQLite file (ignored for PostgreSQL). */
  sqliteFile?: string;
  /** PostgreSQL schema to use as search_path (tests give each run its own). */
  pgSchema?: string;
  pgPoolSize?: number;
}

export function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // Writers from another process wait for the lock instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const { Pool } = loadWhenNeeded('pg') as typeof pg;
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? 10,
      types: poolTypes(),
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const changes = pgChangeCounter(options.databaseUrl);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withNamedStatements(pool, changes.wrote) }),
    });
    registerChangeCounter(db, changes);
    return {
      db,
      dialect: 'postgres',
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
    dialect: createImmediateSqliteDialect({ database: withStatementCache(sqlite, changes.wrote) }),
  });
  registerChangeCounter(db, changes);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** PostgreSQL's refusal to run a named statement whose tables changed shape since it was planned. */
const CACHED_PLAN_CHANGED = '0A000';

/** Per connection, the named statements a schema change (a newer server's migration) made unusable. */
const outdated = new WeakMap<pg.PoolClient, Set<string>>();

/** Anything but a plain read may change what the read cache keeps (begin and commit included). */
const mayWrite = (text: string) => !/^\s*select\b/i.test(text);

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
 */
function withNamedStatements(pool: pg.Pool, onWrite: () => void): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      // A cursor (Kysely's stream) is handed over as it is, and synchronously.
      const query = (sql: unknown, parameters?: ReadonlyArray<unknown>) => {
        if (typeof sql !== 'string') return client.query(sql as pg.Submittable);
        if (mayWrite(sql)) onWrite();
        return runText(client, sql, parameters ? [...parameters] : []);
      };
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; compiling the SQL was the largest part of a small request's
 * time (a CPU profile of the bench). Statements are kept by their text and reused: better-sqlite3
 * runs one at a time, nothing here iterates (streams) a statement, and SQLite re-prepares a
 * statement itself after a schema change.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, onWrite: () => void): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        // Queries built with varying lists (IN (...), batch inserts) would grow it without end.
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      // Kysely prepares each statement it runs, just before running it: every write is seen here.
      if (!statement.readonly) onWrite();
      return statement;
    },
  };
}
