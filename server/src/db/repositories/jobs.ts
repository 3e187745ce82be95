// Data access for durable jobs (services/jobs/runner.ts carries them out): enqueue (joining a waiting one with
// the same key), claim the next due one with a lease, extend the lease, record how it ended, and the
// dead letters an admin looks at and may send back. Dead means `failed` (no attempt left) or
// `blocked` (parked: only an admin can fix what stops it).

import { sql, type Updateable } from 'kysely';
import type { Executor, JobRow, JobStatus, JobsTable } from '../database.ts';
import { isUniqueViolation } from '../dialect.ts';

/**
 * Adds a job, or brings forward the waiting one with the same kind and key (a unique index holds
 * one waiting job per key, so two at once still make one). Returns the waiting job's id.
 */
export async function enqueueJob(
  db: Executor,
  job: { id: string; kind: string; dedupeKey: string; payload: unknown; now: string },
): Promise<string> {
  const row = await db
    .insertInto('jobs')
    .values({
      id: job.id,
      kind: job.kind,
      dedupe_key: job.dedupeKey,
      payload: JSON.stringify(job.payload ?? {}),
      status: 'pending',
      attempts: 0,
      run_after: job.now,
      locked_until: null,
      last_error: null,
      created_at: job.now,
      updated_at: job.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'dedupe_key'])
        // A literal, not a bound value: SQLite matches the partial index only by its own text.
        .where('status', '=', sql.lit('pending'))
        .doUpdateSet({ run_after: job.now, attempts: 0, updated_at: job.now }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const DEAD_STATUSES = ['failed', 'blocked'] as const satisfies JobStatus[];

/**
 * Takes the oldest due job: a pending one whose time has come, or a running one whose lease ran
 * out (its process stopped) and that has an attempt left (`reapExpiredLeases` ends the others). The
 * conditional update makes two workers never take the same job.
 */
export async function claimDueJob(
  db: Executor,
  kind: string,
  now: string,
  leaseUntil: string,
  maxAttempts?: number,
): Promise<JobRow | null> {
  const candidates = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('run_after', '<=', now)]),
        eb.and([
          eb('status', '=', 'running'),
          eb('locked_until', '<', now),
          ...(maxAttempts === undefined ? [] : [eb('attempts', '<', maxAttempts)]),
        ]),
      ]),
    )
    .orderBy('run_after')
    .limit(5)
    .execute();
  for (const job of candidates) {
    const result = await db
      .updateTable('jobs')
      .set({ status: 'running', locked_until: leaseUntil, attempts: job.attempts + 1, updated_at: now })
      .where('id', '=', job.id)
      .where('status', '=', job.status)
      .where('updated_at', '=', job.updated_at)
      .where((eb) =>
        job.locked_until === null ? eb('locked_until', 'is', null) : eb('locked_until', '=', job.locked_until),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      return { ...job, status: 'running', locked_until: leaseUntil, attempts: job.attempts + 1, updated_at: now };
    }
  }
  return null;
}

/** Changes a running job only while `lease` is still its lease; false when another runner has taken it. */
async function updateWhileLeased(db: Executor, id: string, lease: string, values: Updateable<JobsTable>) {
  const result = await db
    .updateTable('jobs')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_until', '=', lease)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a running job's lease on, if it still holds `lease`; false when another has taken the job. */
export async function extendLease(
  db: Executor,
  id: string,
  change: { lease: string; leaseUntil: string; now: string },
): Promise<boolean> {
  return updateWhileLeased(db, id, change.lease, { locked_until: change.leaseUntil, updated_at: change.now });
}

/**
 * Records how a run ended, if the runner still holds its `lease`: false when the lease ran out and
 * another runner took the job, whose record is then left as it is.
 */
export async function finishJob(
  db: Executor,
  id: string,
  outcome: { status: JobStatus; runAfter?: string; error?: string | null; now: string; lease: string },
): Promise<boolean> {
  const finish = (status: JobStatus, error: string | null) =>
    updateWhileLeased(db, id, outcome.lease, {
      status,
      locked_until: null,
      last_error: error,
      updated_at: outcome.now,
      ...(outcome.runAfter ? { run_after: outcome.runAfter } : {}),
    });
  try {
    return await finish(outcome.status, outcome.error ?? null);
  } catch (error) {
    // Going back to waiting while a newer job for the same key waits: that one does the same work.
    if (outcome.status !== 'pending' || !isUniqueViolation(error)) throw error;
    return finish('done', 'superseded by a newer job for the same target');
  }
}

/** Ends, as failed, the running jobs whose lease ran out during their last attempt (their process stopped). */
export async function failExpiredLastAttempts(
  db: Executor,
  kind: string,
  change: { maxAttempts: number; now: string; error: string },
): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'failed', locked_until: null, last_error: change.error, updated_at: change.now })
    .where('kind', '=', kind)
    .where('status', '=', 'running')
    .where('locked_until', '<', change.now)
    .where('attempts', '>=', change.maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findJobById(db: Executor, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The dead jobs, latest first, leaving out those a later run for the same kind and key has done. */
export async function listDeadJobs(db: Executor, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('jobs as dead')
    .selectAll('dead')
    .where('dead.status', 'in', DEAD_STATUSES)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('jobs as later')
            .select('later.id')
            .whereRef('later.kind', '=', 'dead.kind')
            .whereRef('later.dedupe_key', '=', 'dead.dedupe_key')
            .where('later.status', '=', 'done')
            .whereRef('later.updated_at', '>', 'dead.updated_at'),
        ),
      ),
    )
    .orderBy('dead.updated_at', 'desc')
    .orderBy('dead.id')
    .limit(limit)
    .execute();
}

/**
 * Sends a dead job back to wait, with all its attempts again. When a job for the same kind and key
 * already waits, that one is brought forward instead (it does the same work) and returned.
 */
export async function requeueDeadJob(db: Executor, job: JobRow, now: string): Promise<JobRow | null> {
  const fresh = { run_after: now, attempts: 0, updated_at: now };
  const waiting = await db
    .updateTable('jobs')
    .set(fresh)
    .where('kind', '=', job.kind)
    .where('dedupe_key', '=', job.dedupe_key)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (waiting) return waiting;
  const requeued = await db
    .updateTable('jobs')
    .set({ ...fresh, status: 'pending', locked_until: null, last_error: null })
    .where('id', '=', job.id)
    .where('status', 'in', DEAD_STATUSES)
    .returningAll()
    .executeTakeFirst();
  return requeued ?? null;
}

/** The newest `limit` jobs of a kind in these statuses, last touched first. */
export async function listJobs(db: Executor, kind: string, statuses: JobStatus[], limit: number) {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('status', 'in', statuses)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Whether a job of `kind` whose key is `key`, or starts with `key:`, was done later than `after`
 * (strictly: one done in the same millisecond may have run first): one range of the
 * (kind, dedupe_key, status) index.
 */
export async function jobDoneAfter(db: Executor, kind: string, key: string, after: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    // `key`, or `key:` followed by anything (':' and ';' are neighbours).
    .where((eb) =>
      eb.or([
        eb('dedupe_key', '=', key),
        eb.and([eb('dedupe_key', '>=', `${key}:`), eb('dedupe_key', '<', `${key};`)]),
      ]),
    )
    .where('status', '=', 'done')
    .where('updated_at', '>', after)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets finished jobs of every kind (done, failed, blocked) last touched before `before`. */
export async function deleteFinishedJobs(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', 'in', ['done', ...DEAD_STATUSES])
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Replaces a job's payload: a sent mail keeps only its address and subject, never the links it carried. */
export async function replaceJobPayload(db: Executor, id: string, payload: unknown): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ payload: JSON.stringify(payload) })
    .where('id', '=', id)
    .execute();
}
