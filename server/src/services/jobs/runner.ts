// The one job runner: durable jobs of named kinds, each carried out by its kind's handler. A job is
// written in the transaction of the change that causes it (`enqueue`), at most one waiting per kind
// and key. The runner claims due jobs under a lease that a heartbeat extends while the handler runs,
// so a long job stays with its runner and the job of a process that died goes to another once the
// lease expires. A failed attempt is retried after an exponential backoff with jitter; after the last
// one the job is dead (`failed`), and a handler may park a job an admin must look at (`blocked`):
// both are listed for admins (services/jobs/dead-letters.ts). Stopping takes no new job and waits for the one
// in hand.
import type { AppContext } from '../../context.ts';
import type { Executor, JobRow } from '../../db/database.ts';
import {
  claimDueJob,
  enqueueJob,
  extendLease,
  failExpiredLastAttempts,
  finishJob,
} from '../../db/repositories/jobs.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { logBackgroundFailure } from './failure-log.ts';
import { type BackoffPolicy, retryDelayMs } from './retry-delay.ts';

/** How an attempt ended: done, parked for an admin, or to be tried again (after `retryInMs`, or the backoff). */
export type JobOutcome =
  | { status: 'done'; note?: string }
  | { status: 'blocked'; error: string }
  | { status: 'pending'; error: string; retryInMs?: number };

export interface JobKind<Payload> {
  /** Stored in `jobs.kind`: never rename a kind that may have jobs waiting. */
  name: string;
  /** Carries out one attempt; returning nothing means done, throwing means try again. */
  run(ctx: AppContext, payload: Payload, job: JobRow): Promise<JobOutcome | undefined> | Promise<void>;
  /** What a thrown error means for this kind; by default, try again. */
  classify?(error: unknown): JobOutcome | undefined;
  /** Whether this server can carry the kind out (e.g. a Discord bot is configured); if not, its jobs wait. */
  enabled?(ctx: AppContext): boolean;
  maxAttempts?: number;
  leaseMs?: number;
  backoff?: BackoffPolicy;
  /** The log line each attempt writes (`jobs.attempt` unless set). */
  logAs?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of kinds holds kinds of every payload
export type AnyJobKind = JobKind<any>;

export const jobDefaults = {
  maxAttempts: 10,
  leaseMs: 60_000,
  backoff: { baseMs: 5_000, maxMs: 60 * 60_000 },
} as const;

const settingsOf = (kind: AnyJobKind) => ({
  maxAttempts: kind.maxAttempts ?? jobDefaults.maxAttempts,
  leaseMs: kind.leaseMs ?? jobDefaults.leaseMs,
  backoff: kind.backoff ?? jobDefaults.backoff,
});

/** The error a job gets when its process stopped during its last attempt. */
export const jobMessages = { lastAttemptStopped: 'The process running its last attempt stopped' } as const;

/**
 * Queues a job; call it inside the transaction of the change that causes it. A job of the same kind
 * and key already waiting is brought forward instead (it will do the same work). Returns its id.
 */
export async function enqueue<Payload>(
  db: Executor,
  kind: JobKind<Payload>,
  job: { key: string; payload: Payload },
  now: string,
): Promise<string> {
  return enqueueJob(db, { id: newId(), kind: kind.name, dedupeKey: job.key, payload: job.payload, now });
}

/** A job this runner has claimed and runs: the lease it holds, and the heartbeat in flight. */
interface HeldJob {
  job: JobRow;
  kind: AnyJobKind;
  lease: string;
  beat: Promise<void>;
}

export interface JobRunner {
  /** Claims and runs every due job of its kinds now, up to `limit`; returns how many ran. */
  runDue(limit?: number): Promise<number>;
  /** Extends the lease of each job in hand (the heartbeat's timer calls it; tests too). */
  heartbeat(): Promise<void>;
  /** Starts polling for due jobs and the heartbeat. */
  start(): void;
  /** Polls now, unless a poll is still running. */
  kick(): void;
  /** Whether it has started and not been stopped. */
  running(): boolean;
  /** Takes no new job; resolves once the job in hand has finished. */
  stop(): Promise<void>;
}

export interface RunnerOptions {
  /** How often it looks for due jobs. */
  pollMs?: number;
  /** How often it extends its leases: well within the shortest lease. */
  heartbeatMs?: number;
}

export function createJobRunner(ctx: AppContext, kinds: AnyJobKind[], options: RunnerOptions = {}): JobRunner {
  const pollMs = options.pollMs ?? 3_000;
  const heartbeatMs =
    options.heartbeatMs ?? Math.min(jobDefaults.leaseMs, ...kinds.map((kind) => settingsOf(kind).leaseMs)) / 3;
  const held = new Set<HeldJob>();
  let started = false;
  let stopped = false;
  let poll: Promise<unknown> | null = null;
  const timers: NodeJS.Timeout[] = [];

  async function runOne(kind: AnyJobKind, job: JobRow): Promise<void> {
    const settings = settingsOf(kind);
    const hold: HeldJob = { job, kind, lease: job.locked_until as string, beat: Promise.resolve() };
    held.add(hold);
    let outcome: JobOutcome;
    try {
      outcome = (await kind.run(ctx, JSON.parse(job.payload), job)) ?? { status: 'done' };
    } catch (error) {
      outcome = kind.classify?.(error) ?? { status: 'pending', error: String(error) };
    } finally {
      held.delete(hold);
    }
    await hold.beat;
    const dead = outcome.status === 'pending' && job.attempts >= settings.maxAttempts;
    const status = dead ? 'failed' : outcome.status;
    const now = ctx.clock();
    const retryInMs =
      status === 'pending' && outcome.status === 'pending'
        ? (outcome.retryInMs ?? retryDelayMs(job.attempts, settings.backoff))
        : undefined;
    const error = outcome.status === 'done' ? null : outcome.error;
    const recorded = await finishJob(ctx.db, job.id, {
      status,
      error,
      runAfter: retryInMs !== undefined ? toIso(addMs(now, retryInMs)) : undefined,
      now: toIso(now),
      lease: hold.lease,
    });
    const fields = { kind: kind.name, jobId: job.id, attempt: job.attempts };
    if (!recorded) {
      // Another runner took the job after the lease ran out: its record stands.
      ctx.logger.warn('jobs.lease_lost', { ...fields, status });
      return;
    }
    const level = status === 'blocked' || status === 'failed' ? 'warn' : 'info';
    const note = outcome.status === 'done' ? outcome.note : undefined;
    ctx.logger[level](kind.logAs ?? 'jobs.attempt', { ...fields, status, error: error ?? undefined, note });
  }

  async function runDue(limit = 100, keepGoing = () => true): Promise<number> {
    let ran = 0;
    for (const kind of kinds) {
      if (kind.enabled && !kind.enabled(ctx)) continue;
      const { leaseMs, maxAttempts } = settingsOf(kind);
      // A stopping runner finishes the job it holds and takes no further one.
      while (ran < limit && keepGoing()) {
        const now = ctx.clock();
        const job = await claimDueJob(ctx.db, kind.name, toIso(now), toIso(addMs(now, leaseMs)), maxAttempts);
        if (!job) break;
        await runOne(kind, job);
        ran++;
      }
    }
    return ran;
  }

  /** Never rejects: a beat that failed (the database away for a moment) leaves the lease as it was. */
  async function heartbeat(): Promise<void> {
    const beats = [...held].map((hold) => {
      hold.beat = hold.beat
        .then(async () => {
          const now = ctx.clock();
          const leaseUntil = toIso(addMs(now, settingsOf(hold.kind).leaseMs));
          const kept = await extendLease(ctx.db, hold.job.id, { lease: hold.lease, leaseUntil, now: toIso(now) });
          if (kept) hold.lease = leaseUntil;
        })
        .catch((error) => ctx.logger.warn('jobs.heartbeat_failed', { jobId: hold.job.id, error: String(error) }));
      return hold.beat;
    });
    await Promise.all(beats);
  }

  const kick = () => {
    if (poll || stopped) return;
    poll = runDue(100, () => !stopped)
      .catch((error) => logBackgroundFailure(ctx, 'jobs.poll_failed', error))
      .finally(() => {
        poll = null;
      });
  };

  return {
    runDue: (limit) => runDue(limit),
    heartbeat,
    kick,
    start() {
      if (started) return;
      started = true;
      timers.push(setInterval(kick, pollMs));
      timers.push(setInterval(() => void heartbeat(), heartbeatMs));
      for (const timer of timers) timer.unref();
    },
    running: () => started && !stopped,
    async stop() {
      stopped = true;
      clearInterval(timers[0]);
      // The heartbeat goes on until the job in hand has finished, so its lease holds meanwhile.
      await poll;
      for (const timer of timers) clearInterval(timer);
    },
  };
}

/** Ends as dead the jobs whose process stopped during their last attempt (the schedule's lease reaping). */
export async function reapExpiredLeases(ctx: AppContext, kinds: AnyJobKind[]): Promise<number> {
  const now = toIso(ctx.clock());
  let reaped = 0;
  for (const kind of kinds) {
    const { maxAttempts } = settingsOf(kind);
    reaped += await failExpiredLastAttempts(ctx.db, kind.name, {
      maxAttempts,
      now,
      error: jobMessages.lastAttemptStopped,
    });
  }
  if (reaped > 0) ctx.logger.warn('jobs.reaped', { reaped });
  return reaped;
}
