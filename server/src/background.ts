// The recurring work one server process runs, in one schedule: purging expired sessions, renewing
// sandbox subscriptions, settling held subscriptions with Stripe, and the Discord role-sync worker.
// Readiness asks whether it runs, and a shutdown stops it and waits for the work in flight (a
// role-sync job it has leased) to finish.
import type { AppContext } from './context.ts';
import { deleteEndedRateLimits } from './db/repositories/rate-limits.ts';
import { startRoleSyncWorker } from './services/discord-roles.ts';
import { settleSubscriptionHolds } from './services/payments/subscription-holds.ts';
import { purgeExpiredSessions } from './services/sessions.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

interface Task {
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<unknown>;
  /** Run once at start as well (the sandbox renews what fell due while the server was down). */
  atStart?: boolean;
}

const schedule: Task[] = [
  { name: 'sessions.purge', everyMs: HOUR, run: purgeExpiredSessions },
  // The library's own clock is Date.now(), so ended windows are judged by it too.
  { name: 'rate_limits.purge', everyMs: HOUR, run: (ctx) => deleteEndedRateLimits(ctx.db, ctx.dialect, Date.now()) },
  // The sandbox renews its own subscriptions (Stripe renews its own): what fell due while the server was down too.
  {
    name: 'payments.sandbox_renewals',
    everyMs: HOUR,
    run: (ctx) => ctx.payments.renewDueSubscriptions(ctx),
    atStart: true,
  },
  // Cancels and refunds what a webhook could not reach Stripe for (a duplicate subscription, a refunded one).
  { name: 'payments.settle_holds', everyMs: 5 * MINUTE, run: settleSubscriptionHolds, atStart: true },
];

export interface Background {
  /** Whether the schedule is running (false once stopped). */
  running(): boolean;
  /** Stops starting new work and resolves when the work in flight has finished. */
  stop(): Promise<void>;
}

export function startBackground(ctx: AppContext): Background {
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  const timers = schedule.map((task) => {
    const tick = () => {
      if (stopped) return;
      track(task.run(ctx).catch((error) => ctx.logger.error(`${task.name}_failed`, { error: String(error) })));
    };
    if (task.atStart) tick();
    const timer = setInterval(tick, task.everyMs);
    timer.unref();
    return timer;
  });
  // Discord role syncs left unfinished by an earlier process are picked up on the first tick.
  const roleSync = startRoleSyncWorker(ctx);
  return {
    running: () => !stopped,
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all([roleSync.stop(), ...inFlight]);
    },
  };
}
