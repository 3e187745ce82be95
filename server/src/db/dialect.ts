// The few places SQLite and PostgreSQL differ, kept together next to the migrations.

import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  PostgresAdapter,
  type SelectModifier,
  type SelectQueryNode,
  SqliteAdapter,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Whether a query runs on PostgreSQL, where each statement is a round trip: a hot write may then fold
 * its statements into one (data-modifying WITH), which SQLite, in process, neither has nor needs.
 */
export const isPostgres = (db: { getExecutor(): { adapter: unknown } }): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * SQLite transactions must begin IMMEDIATE: a deferred one that later writes can fail with
 * SQLITE_BUSY instead of waiting when another process (the admin CLI, say) holds the write lock.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * After some failures (SQLITE_FULL, SQLITE_IOERR) SQLite has already rolled the transaction back,
   * and Kysely's rollback would fail with "cannot rollback - no transaction is active", replacing the
   * real cause (a full disk) with that message. There is nothing to roll back then.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error) {
      if (!(error instanceof Error && /no transaction is active/i.test(error.message))) throw error;
    }
  }
}

/** The row-lock clauses of a SELECT (FOR UPDATE and its kin). */
const ROW_LOCKS: ReadonlySet<SelectModifier> = new Set([
  'ForUpdate',
  'ForNoKeyUpdate',
  'ForShare',
  'ForKeyShare',
  'NoWait',
  'SkipLocked',
]);

/**
 * Repositories lock the rows they read for a change with `.forUpdate()`, as PostgreSQL needs. SQLite
 * has no row locks, and needs none: its write transactions begin IMMEDIATE, one at a time (above). So
 * the clause is left out here, once, and no caller says which dialect it runs on.
 */
class SqliteQueryCompilerWithoutRowLocks extends SqliteQueryCompiler {
  protected override visitSelectQuery(node: SelectQueryNode): void {
    const endModifiers = node.endModifiers?.filter((end) => !(end.modifier && ROW_LOCKS.has(end.modifier)));
    super.visitSelectQuery({ ...node, endModifiers });
  }
}

/** Kysely's SqliteDialect with the driver and compiler above (its own config is private, so it is rebuilt here). */
export function createImmediateSqliteDialect(config: SqliteDialectConfig): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver(config),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompilerWithoutRowLocks(),
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
 * PostgreSQL SQLSTATEs that mean the database cannot serve right now: the connection or the server
 * went away (08…, 57P01 terminated by an administrator, 57P02 crash, 57P03 starting up), too many
 * connections (53300), or a statement or lock wait ran past its timeout (57014, 55P03).
 */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '53400', '57014', '55P03']);
/** The socket-level failures Node reports for a database that refuses, resets or is unreachable. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ECONNABORTED']);
/** node-postgres's own words for a connection that died, never opened in time, or stopped answering. */
const PG_CLIENT_LOST =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|terminating connection/i;
/** SQLite: locked past busy_timeout, disk full, a read-only file or folder, an I/O error, a file it cannot open. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|READONLY|IOERR|CANTOPEN|NOMEM)/;

const errorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** Whether the connection to PostgreSQL itself failed (as opposed to a statement the server refused). */
export function isConnectionLost(error: unknown): boolean {
  const code = errorCode(error);
  if (code && (SOCKET_ERRORS.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02')) return true;
  return error instanceof Error && PG_CLIENT_LOST.test(error.message);
}

/**
 * Whether an error means the database is unavailable rather than that the request was wrong: the
 * caller gets 503 with Retry-After, and the process goes on (it recovers by itself when the database
 * returns).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = errorCode(error);
  if (code && (PG_UNAVAILABLE.has(code) || SQLITE_UNAVAILABLE.test(code))) return true;
  return isConnectionLost(error);
}

/** Errors on the `commit` statement itself: whether the transaction committed is unknown. */
const uncertainCommits = new WeakSet<object>();

export function markUncertainCommit(error: unknown): void {
  if (typeof error === 'object' && error !== null) uncertainCommits.add(error);
}

/**
 * Whether a failed transaction may simply run again: PostgreSQL rolled it back for a serialization
 * failure or a deadlock, or the connection died before `commit` was sent (so nothing was applied).
 * A connection lost during the commit is not retried: it may have committed.
 */
export function isSafeToRetryTransaction(error: unknown): boolean {
  const code = errorCode(error);
  if (code === '40001' || code === '40P01') return true;
  if (typeof error === 'object' && error !== null && uncertainCommits.has(error)) return false;
  return isConnectionLost(error);
}
