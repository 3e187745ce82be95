// Data access for durable jobs: enqueue (joining a waiting one with the same key), claim the next
// due one with a lease, and record how it ended.

import { sql } from 'kysely';
import type { Executor, JobRow, JobStatus } from '../database.ts';
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

/**
 * Takes the oldest due job: a pending one whose time has come, or a running one whose lease ran
 * out (its process stopped). The conditional update makes two workers never take the same job.
 */
export async function claimDueJob(db: Executor, kind: string, now: string, leaseUntil: string): Promise<JobRow | null> {
  const candidates = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('run_after', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
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

export async function finishJob(
  db: Executor,
  id: string,
  outcome: { status: JobStatus; runAfter?: string; error?: string | null; now: string },
): Promise<void> {
  const finish = (status: JobStatus, error: string | null) =>
    db
      .updateTable('jobs')
      .set({
        status,
        locked_until: null,
        last_error: error,
        updated_at: outcome.now,
        ...(outcome.runAfter ? { run_after: outcome.runAfter } : {}),
      })
      .where('id', '=', id)
      .execute();
  try {
    await finish(outcome.status, outcome.error ?? null);
  } catch (error) {
    // Going back to waiting while a newer job for the same key waits: that one does the same work.
    if (outcome.status !== 'pending' || !isUniqueViolation(error)) throw error;
    await finish('done', 'superseded by a newer job for the same target');
  }
}

export async function listJobs(db: Executor, kind: string, statuses: JobStatus[]) {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('status', 'in', statuses)
    .orderBy('updated_at', 'desc')
    .execute();
}

/** Forgets finished jobs (done, failed, blocked) last touched before `before`. */
export async function deleteFinishedJobs(db: Executor, kind: string, before: string): Promise<void> {
  await db
    .deleteFrom('jobs')
    .where('kind', '=', kind)
    .where('status', 'in', ['done', 'failed', 'blocked'])
    .where('updated_at', '<', before)
    .execute();
}
