// Every database transaction of the services runs here, so a transaction that failed for a reason
// that left nothing applied (a serialization failure or deadlock on PostgreSQL, a connection that died
// before commit) is run again instead of reaching the caller as an error. A connection lost during
// the commit itself is never retried: it may have committed. The work given must not reach outside
// the database (SECURITY.md: no network call inside a transaction), so running it again is safe.
import type { Transaction } from 'kysely';
import type { Database, Db, Executor } from './database.ts';
import { isConnectionLost, isSafeToRetryTransaction } from './dialect.ts';

/** Serialization failures clear up after a moment; a lost connection gets one fresh one, not more. */
const MAX_ATTEMPTS = 4;
const MAX_ATTEMPTS_AFTER_LOST_CONNECTION = 2;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What runs once a transaction has committed, by transaction (afterCommit). */
const commitHooks = new WeakMap<Transaction<Database>, CommitHook[]>();

/** Given the database the transaction ran on (a transaction object is not it). */
type CommitHook = (db: Db) => void;

/**
 * Runs `hook` once the transaction `db` has committed (at once when `db` is not a transaction),
 * never when it rolls back: for what lives in this process's memory only, such as waking the
 * notification streams. Only transactions run by inTransaction (all of the services') run them.
 */
export function afterCommit(db: Executor, hook: CommitHook): void {
  if (!db.isTransaction) {
    hook(db as Db);
    return;
  }
  const trx = db as Transaction<Database>;
  const hooks = commitHooks.get(trx);
  if (hooks) hooks.push(hook);
  else commitHooks.set(trx, [hook]);
}

function runCommitHooks(db: Db, trx: Transaction<Database> | null): void {
  for (const hook of (trx && commitHooks.get(trx)) ?? []) {
    try {
      hook(db);
    } catch {
      // The change is committed; what was only to follow it must not turn it into a failure.
    }
  }
}

export async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let used: Transaction<Database> | null = null;
    try {
      const result = await db.transaction().execute((trx) => {
        used = trx;
        return work(trx);
      });
      runCommitHooks(db, used);
      return result;
    } catch (error) {
      const limit = isConnectionLost(error) ? MAX_ATTEMPTS_AFTER_LOST_CONNECTION : MAX_ATTEMPTS;
      if (attempt >= limit || !isSafeToRetryTransaction(error)) throw error;
      // A little jitter, so two transactions that collided do not collide again in step.
      await pause(10 * attempt + Math.random() * 20);
    }
  }
}
