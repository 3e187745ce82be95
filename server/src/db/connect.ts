// Opens the database the configuration names: SQLite in DATA_DIR, or PostgreSQL for postgres:// URLs.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { createImmediateSqliteDialect, type DialectName } from './dialect.ts';

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
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  const sqlite = openSqlite(file);
  const db = new Kysely<Database>({ dialect: createImmediateSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
