// The signed-in player's notices as the bell shows them: the unread count, the list once opened, and
// ONE feed of new ones for the page (notice-feed.ts: the stream, or asking while it cannot be had),
// each new notice published to the page's hub (notifications-provider.tsx). In the bell's chunk, held
// by the bell, which the header shows exactly while a player is signed in.
import type { Notification } from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { startNoticeFeed } from './notice-feed.ts';
import { useNotificationHub } from './notifications-provider.tsx';

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
}

const idle = () => new Set<string>();

export function useNotificationsState(): NotificationsState {
  const api = useApi();
  const { publish } = useNotificationHub();
  const { user } = useSession();
  const userId = user?._id ?? null;
  const [unread, setUnread] = useState(0);
  const [items, setItems] = useState<Notification[] | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(idle);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
      publish(notice);
    },
    [api, publish],
  );

  // One feed per page while signed in, anew for another player.
  useEffect(() => {
    if (!userId) return;
    const stopFeed = startNoticeFeed(api, {
      known: (notice) => seen.current.add(notice._id),
      arrived,
      unread: setUnread,
    });
    return () => {
      stopFeed();
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

  return useMemo(
    () => ({ unread, items, fresh, nextCursor, loading, error, open, close, loadMore }),
    [unread, items, fresh, nextCursor, loading, error, open, close, loadMore],
  );
}
