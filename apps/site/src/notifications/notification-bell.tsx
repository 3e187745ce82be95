// The bell in the header: the unread count on a badge, opening the list of notices
// (notification-list.tsx: a popover on wide screens, a full-width sheet on phones). Opening it marks
// them read. A chunk of its own with the notices' state and feed (notifications-state.ts), loaded
// once a player is signed in (bell-slot.tsx): a guest's page never downloads it.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from '../components/icon.tsx';
import { useNotificationsState } from './notifications-state.ts';

// The list and its texts come when the bell is first opened.
const NotificationList = lazy(() => import('./notification-list.tsx'));

export default function NotificationBell() {
  const notifications = useNotificationsState();
  const { unread } = notifications;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const toggle = () => {
    if (open) {
      setOpen(false);
      notifications.close();
      return;
    }
    setOpen(true);
    void notifications.open();
  };

  useEffect(() => {
    if (!open) return;
    const closeOn = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key !== 'Escape' : root.current?.contains(event.target as Node)) {
        return;
      }
      setOpen(false);
      notifications.close();
      if (event instanceof KeyboardEvent) button.current?.focus();
    };
    document.addEventListener('keydown', closeOn);
    document.addEventListener('pointerdown', closeOn);
    return () => {
      document.removeEventListener('keydown', closeOn);
      document.removeEventListener('pointerdown', closeOn);
    };
  }, [open, notifications.close]);

  const label = `Notifications, ${unread} unread`;
  return (
    <div className="bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="bell-button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="bell-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationList id={panelId} notifications={notifications} />
        </Suspense>
      ) : null}
    </div>
  );
}
