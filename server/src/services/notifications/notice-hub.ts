// The open notification streams of this process, by player, and what wakes them: this process's own
// commits (notify.ts, after the transaction), and on PostgreSQL every instance's through the notices
// on `starport_notices` (migration 023, heard on the read cache's listening connection). Where no
// notices arrive (SQLite: another process on the same file; PostgreSQL while the listening connection
// is down) the streams also look for themselves now and then (notice-stream.ts). Kept per database
// handle, which the request-scoped copies of the context share.
import { MAX_NOTIFICATION_STREAMS } from '@starport/api-client/contract';
import type { Db } from '../../db/database.ts';
import { hearsChanges, NOTICES_RESUMED, subscribeToNotices } from '../../db/read-cache.ts';

type Wake = () => void;

interface Hub {
  watchers: Map<string, Set<Wake>>;
  /** Whether other processes' notices are announced here at all (PostgreSQL). */
  announced: boolean;
  /** Aborted when the server stops: every stream ends, and no new one stays open. */
  shutdown: AbortController;
}

const hubs = new WeakMap<Db, Hub>();

function hubOf(db: Db): Hub {
  const existing = hubs.get(db);
  if (existing) return existing;
  const hub: Hub = { watchers: new Map(), announced: false, shutdown: new AbortController() };
  hubs.set(db, hub);
  hub.announced = subscribeToNotices(db, (userId) => {
    // Notices may have been missed while nobody listened: every stream looks again.
    if (userId === NOTICES_RESUMED) for (const wakes of hub.watchers.values()) for (const wake of wakes) wake();
    else for (const wake of hub.watchers.get(userId) ?? []) wake();
  });
  return hub;
}

/** Wakes this process's streams of the player, to look for new notices. */
export function wakeStreams(db: Db, userId: string): void {
  for (const wake of hubs.get(db)?.watchers.get(userId) ?? []) wake();
}

/**
 * Registers an open stream of the player: `wake` is called when a notice of theirs may have arrived.
 * Null when the player already holds MAX_NOTIFICATION_STREAMS on this process.
 */
export function watchNotices(db: Db, userId: string, wake: Wake): { stop(): void } | null {
  const hub = hubOf(db);
  let wakes = hub.watchers.get(userId);
  if (wakes && wakes.size >= MAX_NOTIFICATION_STREAMS) return null;
  if (!wakes) {
    wakes = new Set();
    hub.watchers.set(userId, wakes);
  }
  wakes.add(wake);
  return {
    stop() {
      wakes.delete(wake);
      if (wakes.size === 0 && hub.watchers.get(userId) === wakes) hub.watchers.delete(userId);
    },
  };
}

/** Whether a notice committed by another process would wake the streams here now. */
export function hearsOtherProcesses(db: Db): boolean {
  return hubOf(db).announced && hearsChanges(db);
}

/** Aborted when this process stops serving streams (closeNotificationStreams). */
export function streamsShutdownSignal(db: Db): AbortSignal {
  return hubOf(db).shutdown.signal;
}

/** Ends every open stream of this process (SIGTERM): a stream must not hold the drain. */
export function closeNotificationStreams(db: Db): void {
  hubOf(db).shutdown.abort();
}

/** How many streams are open here (tests and figures). */
export function openStreamCount(db: Db): number {
  let count = 0;
  for (const wakes of hubs.get(db)?.watchers.values() ?? []) count += wakes.size;
  return count;
}
