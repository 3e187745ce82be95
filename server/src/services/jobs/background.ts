// The background work of one server process: the job runner over every job kind, and the schedule
// of recurring work. `index.ts` starts it; readiness asks whether it runs; a shutdown stops it and
// waits for the job in hand and the tasks in flight.
import type { AppContext } from '../../context.ts';
import { jobKinds } from './kinds.ts';
import { createJobRunner } from './runner.ts';
import { startSchedule } from './schedule.ts';

export interface Background {
  /** Whether the runner and the schedule run (false once stopped). */
  running(): boolean;
  /** Starts no new work and resolves when the work in flight has finished. */
  stop(): Promise<void>;
}

export function startBackground(ctx: AppContext): Background {
  const runner = createJobRunner(ctx, jobKinds);
  // Jobs left unfinished by an earlier process are picked up on the runner's first poll.
  runner.start();
  const schedule = startSchedule(ctx);
  return {
    running: () => runner.running(),
    async stop() {
      await Promise.all([runner.stop(), schedule.stop()]);
    },
  };
}
