// The bell's list: the player's notices newest first with their text and how long ago, the ones
// unread when it opened marked as new, and Load more for older ones. A chunk of its own, loaded when
// the bell is first opened.
import { notificationText } from '@starport/api-client/contract';
import { formatTimeAgo } from '@starport/ui/format';
import type { NotificationsState } from './notifications-state.ts';

/** Given the state by the bell, which holds it. */
export default function NotificationList({ id, notifications }: { id: string; notifications: NotificationsState }) {
  const { items, fresh, nextCursor, loading, error } = notifications;
  return (
    <section id={id} className="bell-panel" aria-label="Your notifications">
      <h2 className="bell-title">Notifications</h2>
      {error ? (
        <p className="bell-empty" role="alert">
          {error}
        </p>
      ) : null}
      {items === null ? (
        <p className="bell-empty">Loading…</p>
      ) : items.length === 0 ? (
        <p className="bell-empty">No notifications yet</p>
      ) : (
        <ul className="bell-list">
          {items.map((notice) => (
            <li key={notice._id} className={fresh.has(notice._id) ? 'bell-item is-new' : 'bell-item'}>
              <span className="bell-text">{notificationText(notice)}</span>
              <time className="bell-time" dateTime={notice.createdAt}>
                {formatTimeAgo(notice.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {nextCursor ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm bell-more"
          disabled={loading}
          onClick={() => void notifications.loadMore()}
        >
          {loading ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}
