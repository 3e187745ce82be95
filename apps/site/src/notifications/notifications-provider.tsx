// The page's one hub of the signed-in player's new notices. The bell (notification-bell.tsx, loaded
// with the feed of notices only once a player is signed in, see bell-slot.tsx) publishes each notice
// that reaches the page, and any part of the page hears them with useNotificationEvents, so a page
// refreshes live when a gift or a trade notice arrives. Only this hub is on every first load.
import type { Notification, NotificationKind } from '@starport/api-client/contract';
import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useRef, useState } from 'react';

type Listener = (notice: Notification) => void;

export interface NotificationHub {
  /** Calls `listener` with each new notice as it arrives; answers the unsubscribe. */
  subscribe(listener: Listener): () => void;
  /** Tells every listener of a new notice (the bell's feed does). */
  publish(notice: Notification): void;
}

const NotificationHubContext = createContext<NotificationHub | null>(null);

function createHub(): NotificationHub {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    publish(notice) {
      for (const listener of listeners) {
        try {
          listener(notice);
        } catch (failure) {
          console.error(failure);
        }
      }
    },
  };
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [hub] = useState(createHub);
  return <NotificationHubContext.Provider value={hub}>{children}</NotificationHubContext.Provider>;
}

export function useNotificationHub(): NotificationHub {
  const hub = useContext(NotificationHubContext);
  if (!hub) throw new Error('useNotificationHub must be used inside <NotificationsProvider>');
  return hub;
}

/**
 * Calls `callback` with each new notice of `kind` (or of every kind) that reaches this page, while the
 * calling component is mounted: the inventory reloads when a gift arrives, the trade page when an offer does.
 */
export function useNotificationEvents(
  kind: NotificationKind | readonly NotificationKind[] | null,
  callback: (notice: Notification) => void,
): void {
  const { subscribe } = useNotificationHub();
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
