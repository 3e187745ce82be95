// GET /api/notifications/stream: Server-Sent Events (Hono's streamSSE) telling an open page of each
// new notice of its player and the unread count. First the count; then, whenever the player's notices
// may have changed (woken by notice-hub.ts, or looking for itself where nothing wakes it), the newest
// notices it has not sent yet, oldest of them first, and the count again; a comment line every
// HEARTBEAT_MS so proxies keep the connection. It ends when the page goes away, and at once when the
// server stops (closeNotificationStreams): an open stream never holds a drain.
//
// What it compares is the newest LATEST notices, not "after the last id sent": two transactions may
// commit in the other order than their ids, and the later commit of the older id must still be sent.
import { notificationMessages, notificationStreamEvents } from '@starport/api-client/contract';
import type { SSEStreamingApi } from 'hono/streaming';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { hearsOtherProcesses, streamsShutdownSignal, watchNotices } from './notice-hub.ts';
import { readLatest, toNotificationView } from './notifications.ts';

const LATEST = 20;
export const HEARTBEAT_MS = 25_000;
/** How often a stream looks for itself when no notice would wake it (another process on the SQLite file). */
export const UNANNOUNCED_POLL_MS = 3_000;

/**
 * Takes one of the player's stream places (429 when they hold them all) and answers what writes the
 * stream, for the route's streamSSE.
 */
export function openNotificationStream(ctx: AppContext, userId: string): (stream: SSEStreamingApi) => Promise<void> {
  let woken = true;
  let interrupt: () => void = () => {};
  const watch = watchNotices(ctx.db, userId, () => {
    woken = true;
    interrupt();
  });
  if (!watch) throw new AppError('rate_limited', notificationMessages.tooManyStreams, { retryAfterSeconds: 60 });
  const shutdown = streamsShutdownSignal(ctx.db);
  return async (stream) => {
    const end = () => interrupt();
    stream.onAbort(end);
    shutdown.addEventListener('abort', end);
    const over = () => stream.aborted || stream.closed || shutdown.aborted || ctx.runtime.draining;
    try {
      let known: Set<string> | null = null;
      let unreadSent = -1;
      let lastLook = 0;
      let lastBeat = Date.now();
      while (!over()) {
        const lookEvery = hearsOtherProcesses(ctx.db) ? HEARTBEAT_MS : UNANNOUNCED_POLL_MS;
        if (woken || Date.now() - lastLook >= lookEvery) {
          woken = false;
          lastLook = Date.now();
          const { rows, unread } = await readLatest(ctx.db, userId, LATEST);
          if (over()) break;
          const fresh: typeof rows = known ? rows.filter((row) => !known?.has(row.id)) : [];
          known = new Set(rows.map((row) => row.id));
          for (const row of fresh.reverse()) {
            await stream.writeSSE({
              event: notificationStreamEvents.notification,
              id: row.id,
              data: JSON.stringify(toNotificationView(row)),
            });
          }
          if (unread !== unreadSent) {
            unreadSent = unread;
            await stream.writeSSE({ event: notificationStreamEvents.unread, data: JSON.stringify({ unread }) });
          }
        }
        if (Date.now() - lastBeat >= HEARTBEAT_MS) {
          lastBeat = Date.now();
          await stream.write(': heartbeat\n\n');
        }
        if (woken || over()) continue;
        const nextLook = lastLook + lookEvery - Date.now();
        const nextBeat = lastBeat + HEARTBEAT_MS - Date.now();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, Math.min(nextLook, nextBeat)));
          interrupt = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        interrupt = () => {};
      }
    } catch (error) {
      // A database that went away: the page falls back to asking, and opens a stream again later.
      ctx.logger.warn('notifications.stream_failed', { userId, error: String(error) });
    } finally {
      watch.stop();
      shutdown.removeEventListener('abort', end);
    }
  };
}
