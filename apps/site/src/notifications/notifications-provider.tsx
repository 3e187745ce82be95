// The signed-in player's notices for the whole page: the unread count, the bell's list, and ONE feed of
// new ones (notice-feed.ts: the stream, or asking while it cannot be had) for the bell and anything
// else that wants to know. Other parts subscribe with useNotificationEvents, so a page refreshes live
// when a gift or a trade notice arrives.
import type { Notification, NotificationKind } from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../app-providers.tsx';

type Listener = (notice: Notification) => void;

export interface NotificationsState {
  unread: number;
  /** The list as loaded since the bell was first opened, newest first; null before. */
  items: Notification[] | null;
  /** The ids that were unread when the list was opened: shown as new while it stays open. */
  fresh: ReadonlySet<string>;
  nextCursor: string | null;
  loading: boolean;
  error: string | null;
  /** Loads the newest page and marks everything read: the bell opening. */
  open(): Promise<void>;
  close(): void;
  loadMore(): Promise<void>;
  /** Called with each new notice as it arrives; answers the unsubscribe. */
  subscribe(listener: Listener): () => void;
}

const NotificationsContext = createContext<NotificationsState | null>(null);

const idle = () => new Set<string>();

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { user } = useSession();
  const userId = user?._id ?? null;
  const [unread, setUnread] = useState(0);
  const [items, setItems] = useState<Notification[] | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(idle);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listeners = useRef(new Set<Listener>());
  const seen = useRef(new Set<string>());
  const isOpen = useRef(false);

  const arrived = useCallback(
    (notice: Notification) => {
      if (seen.current.has(notice._id)) return;
      seen.current.add(notice._id);
      setItems((list) => (list ? [notice, ...list.filter((item) => item._id !== notice._id)] : list));
      // Seen as it arrives while the list is open.
      if (isOpen.current) {
        setFresh((ids) => new Set(ids).add(notice._id));
        api.notifications.markRead({ ids: [notice._id] }).then(
          (answer) => setUnread(answer.unread),
          () => {},
        );
      }
      for (const listener of listeners.current) {
        try {
          listener(notice);
        } catch (failure) {
          console.error(failure);
        }
      }
    },
    [api],
  );

  // One feed per page while signed in (notice-feed.ts), loaded once the page is up.
  useEffect(() => {
    if (!userId) return;
    let stopFeed: (() => void) | null = null;
    let cancelled = false;
    import('./notice-feed.ts').then(
      ({ startNoticeFeed }) => {
        if (cancelled) return;
        stopFeed = startNoticeFeed(api, {
          known: (notice) => seen.current.add(notice._id),
          arrived,
          unread: setUnread,
        });
      },
      (failure) => console.error('Could not load the notifications', failure),
    );
    return () => {
      cancelled = true;
      stopFeed?.();
      seen.current = new Set();
      setUnread(0);
      setItems(null);
      setNextCursor(null);
    };
  }, [api, userId, arrived]);

  const open = useCallback(async () => {
    isOpen.current = true;
    setLoading(true);
    setError(null);
    try {
      const page = await api.notifications.list();
      for (const notice of page.notifications) seen.current.add(notice._id);
      setItems(page.notifications);
      setNextCursor(page.nextCursor);
      setFresh(new Set(page.notifications.filter((notice) => notice.readAt === null).map((notice) => notice._id)));
      setUnread(page.unread);
      if (page.unread > 0) setUnread((await api.notifications.markRead({ all: true })).unread);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong');
    } finally {
      setLoading(false);
    }
  }, [api]);

  const close = useCallback(() => {
    isOpen.current = false;
    setFresh(idle());
  }, []);

  const loadMore = useCallback(async () => {
    if (!nextCursor) return;
    setLoading(true);
    try {
      const page = await api.notifications.list(nextCursor);
      setItems((list) => [
        ...(list ?? []),
        ...page.notifications.filter((notice) => !list?.some((item) => item._id === notice._id)),
      ]);
      setNextCursor(page.nextCursor);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong');
    } finally {
      setLoading(false);
    }
  }, [api, nextCursor]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const value = useMemo(
    () => ({ unread, items, fresh, nextCursor, loading, error, open, close, loadMore, subscribe }),
    [unread, items, fresh, nextCursor, loading, error, open, close, loadMore, subscribe],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsState {
  const state = useContext(NotificationsContext);
  if (!state) throw new Error('useNotifications must be used inside <NotificationsProvider>');
  return state;
}

/**
 * Calls `callback` with each new notice of `kind` (or of every kind) that reaches this page, while the
 * calling component is mounted: the inventory reloads when a gift arrives, the trade page when an offer does.
 */
export function useNotificationEvents(
  kind: NotificationKind | readonly NotificationKind[] | null,
  callback: (notice: Notification) => void,
): void {
  const { subscribe } = useNotifications();
  const latest = useRef(callback);
  latest.current = callback;
  const kinds = kind === null ? null : typeof kind === 'string' ? kind : kind.join(',');
  useEffect(
    () =>
      subscribe((notice) => {
        if (kinds === null || kinds.split(',').includes(notice.kind)) latest.current(notice);
      }),
    [subscribe, kinds],
  );
}
