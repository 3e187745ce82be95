// Every database transaction of the services runs here, so a transaction that failed for a reason
// that left nothing applied (a serialization failure or deadlock on PostgreSQL, a connection that died
// before commit) is run again instead of reaching the caller as an error. A connection lost during
// the commit itself is never retried: it may have committed. The work given must not reach outside
// the database (SECURITY.md: no network call inside a transaction), so running it again is safe.
import type { Transaction } from 'kysely';
import type { Database, Db } from './database.ts';
import { isConnectionLost, isSafeToRetryTransaction } from './dialect.ts';

/** Serialization failures clear up after a moment; a lost connection gets one fresh one, not more. */
const MAX_ATTEMPTS = 4;
const MAX_ATTEMPTS_AFTER_LOST_CONNECTION = 2;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const limit = isConnectionLost(error) ? MAX_ATTEMPTS_AFTER_LOST_CONNECTION : MAX_ATTEMPTS;
      if (attempt >= limit || !isSafeToRetryTransaction(error)) throw error;
      // A little jitter, so two transactions that collided do not collide again in step.
      await pause(10 * attempt + Math.random() * 20);
    }
  }
}
