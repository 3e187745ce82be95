// What keeps a page told of the player's new notices: one stream (GET /api/notifications/stream),
// and while it cannot be had (refused, ended, the network gone) asking GET /api/notifications every
// POLL_MS, with the stream tried again after a growing pause. In the bell's chunk
// (notifications-state.ts), so it costs no first load.
import type { ApiClient } from '@starport/api-client/client';
import type { Notification } from '@starport/api-client/contract';
import { readEventStream } from '@starport/api-client/event-stream';

/** How often the page asks while it has no stream. */
const POLL_MS = 30_000;
/** The pauses before opening the stream again, one failure after another. */
const RETRY_MS = [2_000, 5_000, 15_000, 60_000];

export interface FeedHandlers {
  /** The notices already there when the page opened (not news). */
  known(notice: Notification): void;
  arrived(notice: Notification): void;
  unread(count: number): void;
}

/** Starts telling; answers the stop. */
export function startNoticeFeed(api: ApiClient, handlers: FeedHandlers): () => void {
  const stop = new AbortController();
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const ask = async (announce: boolean) => {
    const page = await api.notifications.list();
    if (stop.signal.aborted) return;
    handlers.unread(page.unread);
    for (const notice of [...page.notifications].reverse()) {
      if (announce) handlers.arrived(notice);
      else handlers.known(notice);
    }
  };
  const poll = () => {
    pollTimer = setTimeout(() => {
      ask(true).then(poll, poll);
    }, POLL_MS);
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stop.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const run = async () => {
    await ask(false).catch(() => {});
    while (!stop.signal.aborted) {
      try {
        const response = await api.notifications.openStream(stop.signal);
        if (response.body) {
          await readEventStream(response.body, (event) => {
            failures = 0;
            if (event.event === 'unread') handlers.unread((event.data as { unread: number }).unread);
            else if (event.event === 'notification') handlers.arrived(event.data as Notification);
          });
        }
      } catch (failure) {
        // Signed out (the client has sent the page to /login already): nothing more to tell.
        // (Its status read as it is: importing ApiError would pull the client into this chunk.)
        if (stop.signal.aborted || (failure as { status?: unknown }).status === 401) return;
      }
      if (stop.signal.aborted) return;
      if (!pollTimer) poll();
      await ask(true).catch(() => {});
      await pause(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] as number);
      failures += 1;
      clearTimeout(pollTimer);
      pollTimer = undefined;
    }
  };
  void run();
  return () => {
    stop.abort();
    clearTimeout(pollTimer);
  };
}
