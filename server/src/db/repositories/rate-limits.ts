// Data access for the shared rate-limit counters (lib/rate-limiter-postgres.ts; migration 013).
import type { Db } from '../database.ts';
import type { DialectName } from '../dialect.ts';

/**
 * Deletes the windows that ended before `beforeMs` (milliseconds since the epoch, the library's
 * clock). Only PostgreSQL has the table: on SQLite the counters are in memory and forget by themselves.
 */
export async function deleteEndedRateLimits(db: Db, dialect: DialectName, beforeMs: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.deleteFrom('rate_limits').where('expire', '<', beforeMs).execute();
}
