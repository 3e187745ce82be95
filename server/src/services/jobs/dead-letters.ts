// The dead letters, for administrators: jobs that used their last attempt or were parked until an
// admin fixes what stops them, and the retry that sends one back to wait with all its attempts.
import { type AdminJob, jobMessages, MAX_LISTED_JOBS } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { JobRow } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { DEAD_STATUSES, findJobById, listDeadJobs, requeueDeadJob } from '../../db/repositories/jobs.ts';
import { conflict, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { adminTransaction } from '../admin/audit.ts';

const toAdminJob = (job: JobRow): AdminJob => ({
  _id: job.id,
  kind: job.kind,
  key: job.dedupe_key,
  status: job.status,
  attempts: job.attempts,
  error: job.last_error,
  createdAt: job.created_at,
  updatedAt: job.updated_at,
});

const isDead = (job: JobRow) => (DEAD_STATUSES as readonly string[]).includes(job.status);

/** Dead jobs, the latest first, leaving out those a later run of the same work has done. */
export async function listDeadJobsForAdmin(ctx: AppContext): Promise<AdminJob[]> {
  return (await listDeadJobs(ctx.db, MAX_LISTED_JOBS)).map(toAdminJob);
}

/**
 * An admin's retry of a dead job: back to waiting with all its attempts, or, when a job for the
 * same work already waits, that one brought forward. 404 for an unknown id, 409 for a job not dead.
 */
export async function retryDeadJob(ctx: AppContext, adminId: string, jobId: string): Promise<AdminJob> {
  const attempt = () =>
    adminTransaction(ctx, adminId, async (trx, audit) => {
      const job = await findJobById(trx, jobId);
      if (!job) throw notFound(jobMessages.notFound);
      if (!isDead(job)) throw conflict(jobMessages.notDead);
      const waiting = await requeueDeadJob(trx, job, toIso(ctx.clock()));
      if (!waiting) throw conflict(jobMessages.notDead);
      await audit({
        action: 'job.retry',
        targetType: 'job',
        targetId: job.id,
        before: { status: job.status, attempts: job.attempts, error: job.last_error },
        after: { jobId: waiting.id, status: waiting.status },
      });
      return toAdminJob(waiting);
    });
  try {
    return await attempt();
  } catch (error) {
    // A job for the same work was queued between the look and the change: now it is the one to bring forward.
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
}
