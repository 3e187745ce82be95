// The one list of recurring work, each task with its interval: purges, payment passes, the Discord
// reconcile and the runner's own housekeeping. Recurring work of a new feature (a scheduled post, a
// sale that starts and ends) is one line here; work that must not be lost is a job (services/jobs/runner.ts)
// that a task may queue.
import type { AppContext } from '../../context.ts';
import { deleteExpiredAccountTokens } from '../../db/repositories/account-tokens.ts';
import { deleteFinishedJobs } from '../../db/repositories/jobs.ts';
import { deleteEndedRateLimits } from '../../db/repositories/rate-limits.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { purgeExpiredSessions } from '../accounts/sessions.ts';
import { startAndEndSales } from '../catalogue/sales.ts';
import { publishScheduledUpdates } from '../community/updates.ts';
import { enqueueRoleSyncForAll, isBotConfigured } from '../discord/roles.ts';
import { endDueTierGifts } from '../economy/tier-gifts.ts';
import { expireTrades } from '../economy/trades.ts';
import { pruneOldStatEvents } from '../leaderboard/stats.ts';
import { expireAbandonedSandboxOrders } from '../payments/providers/sandbox.ts';
import { settleSubscriptionHolds } from '../payments/subscription-holds.ts';
import { logBackgroundFailure } from './failure-log.ts';
import { jobKinds } from './kinds.ts';
import { reapExpiredLeases } from './runner.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Finished jobs are kept this long, for the admins' lists and for looking back. */
const FINISHED_JOB_KEEP_MS = 30 * 24 * HOUR;

export interface ScheduledTask {
  /** Names the task in logs: a failure is logged as `<name>_failed`. */
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<unknown>;
  /** Run once at start as well (the sandbox renews what fell due while the server was down). */
  atStart?: boolean;
  /** Only where it applies (the Discord reconcile only with a bot). */
  when?: (ctx: AppContext) => boolean;
}

export const schedule: ScheduledTask[] = [
  { name: 'sessions.purge', everyMs: HOUR, run: purgeExpiredSessions },
  { name: 'account_tokens.purge', everyMs: HOUR, run: (ctx) => deleteExpiredAccountTokens(ctx.db, toIso(ctx.clock())) },
  // The library's own clock is Date.now(), so ended windows are judged by it too.
  { name: 'rate_limits.purge', everyMs: HOUR, run: (ctx) => deleteEndedRateLimits(ctx.db, ctx.dialect, Date.now()) },
  // The payment provider renews what it must (the sandbox its own subscriptions; Stripe renews its
  // own), what fell due while the server was down too.
  {
    name: 'payments.sandbox_renewals',
    everyMs: HOUR,
    run: (ctx) => ctx.payments.renewDueSubscriptions(ctx),
    atStart: true,
  },
  // The sandbox's orders left unpaid for a day expire, as Stripe's Checkout Sessions do; a coupon's use comes back.
  { name: 'payments.expire_sandbox_orders', everyMs: HOUR, run: expireAbandonedSandboxOrders, atStart: true },
  // Cancels and refunds what a webhook could not reach Stripe for (a duplicate subscription, a refunded one).
  { name: 'payments.settle_holds', everyMs: 5 * MINUTE, run: settleSubscriptionHolds, atStart: true },
  // Gifted months of a tier end (tier and role go, unless a subscription or another gift holds them).
  { name: 'tier_gifts.end', everyMs: 5 * MINUTE, run: endDueTierGifts, atStart: true },
  // Re-applies what every linked member should have, as role-sync jobs.
  { name: 'discord.reconcile', everyMs: HOUR, run: enqueueRoleSyncForAll, when: isBotConfigured },
  // Scheduled news posts go out within this long of their time (and those due while the server was down, at start).
  { name: 'updates.publish_scheduled', everyMs: 15 * 1000, run: publishScheduledUpdates, atStart: true },
  // Sales start and end within this long of their times (and those due while the server was down, at
  // start); the catalogue's cache turns over when one does. Their prices never outlast their end.
  { name: 'sales.start_and_end', everyMs: 15 * 1000, run: startAndEndSales, atStart: true },
  // Applied stat eventIds are kept for a bounded window (leaderboard/stats.ts STAT_EVENT_KEEP_DAYS).
  { name: 'leaderboard.prune_stat_events', everyMs: HOUR, run: pruneOldStatEvents },
  // Trade offers unanswered for 7 days expire, and both players are told.
  { name: 'trades.expire', everyMs: 5 * MINUTE, run: expireTrades, atStart: true },
  { name: 'jobs.reap_leases', everyMs: MINUTE, run: (ctx) => reapExpiredLeases(ctx, jobKinds) },
  {
    name: 'jobs.purge_finished',
    everyMs: HOUR,
    run: (ctx) => deleteFinishedJobs(ctx.db, toIso(addMs(ctx.clock(), -FINISHED_JOB_KEEP_MS))),
  },
];

export interface RunningSchedule {
  /** Starts no further task; resolves when the tasks in flight have finished. */
  stop(): Promise<void>;
}

export function startSchedule(ctx: AppContext, tasks: ScheduledTask[] = schedule): RunningSchedule {
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  const timers = tasks
    .filter((task) => task.when?.(ctx) ?? true)
    .map((task) => {
      const tick = () => {
        if (stopped) return;
        const work = task.run(ctx).catch((error) => logBackgroundFailure(ctx, `${task.name}_failed`, error));
        inFlight.add(work);
        void work.finally(() => inFlight.delete(work));
      };
      if (task.atStart) tick();
      const timer = setInterval(tick, task.everyMs);
      timer.unref();
      return timer;
    });
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}
