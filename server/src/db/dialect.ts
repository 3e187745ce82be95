// The few places SQLite and PostgreSQL differ, kept together next to the migrations.

import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Kysely,
  SqliteAdapter,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import type { Database } from './database.ts';

export type DialectName = 'sqlite' | 'postgres';

/**
 * SQLite transactions must begin IMMEDIATE: a deferred one that later writes can fail with
 * SQLITE_BUSY instead of waiting when another process (the admin CLI, say) holds the write lock.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Kysely's SqliteDialect with the driver above (its own config is private, so it is rebuilt here). */
export function createImmediateSqliteDialect(config: SqliteDialectConfig): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver(config),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

/** Whether an error is a unique-constraint violation, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return true;
  return typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_UNIQUE');
}

/** Whether an error is a CHECK-constraint violation (a balance below zero, say). */
export function isCheckViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23514' || e?.code === 'SQLITE_CONSTRAINT_CHECK';
}

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
