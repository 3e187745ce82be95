// The bell in the header: the unread count on a badge, opening the list of notices
// (notification-list.tsx: a popover on wide screens, a full-width sheet on phones). Opening it marks
// them read.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../components/icon.tsx';
import { useNotifications } from './notifications-provider.tsx';

// The list and its texts come when the bell is first opened: the button is on every first load.
const NotificationList = lazy(() => import('./notification-list.tsx'));

function BellIcon() {
  return (
    <Icon>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </Icon>
  );
}

export function NotificationBell() {
  const notifications = useNotifications();
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
