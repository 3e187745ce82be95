// The few places SQLite and PostgreSQL differ, kept together next to the migrations.

import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  SqliteAdapter,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

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
  // SQLite reports a duplicate primary key (processed_events.event_id) under its own code.
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Whether PostgreSQL refused text it cannot hold (a NUL byte: 22021; an untranslatable character:
 * 22P05). SQLite stores such text; PostgreSQL refuses it, which is the caller's input, not our fault.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * Whether SELECT … FOR UPDATE is needed (and understood). SQLite has no row locks, and needs none:
 * its write transactions begin IMMEDIATE, one at a time.
 */
export const needsRowLocks = (dialect: DialectName): boolean => dialect === 'postgres';
