// The bell's place in the header for a signed-in player. The bell (its state, the feed of notices and
// the list) is a chunk of its own, fetched only once a player is signed in, so a guest's first load
// carries none of it; until it is in, a likeness of the button (same box, same icon, not yet a
// button) holds its place, so nothing in the header moves when it arrives.
import { lazy, Suspense } from 'react';
import { BellIcon } from '../components/icon.tsx';

const NotificationBell = lazy(() => import('./notification-bell.tsx'));

function BellPlaceholder() {
  return (
    <div className="bell" aria-hidden="true">
      <span className="bell-button bell-placeholder">
        <BellIcon />
      </span>
    </div>
  );
}

export function BellSlot() {
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <NotificationBell />
    </Suspense>
  );
}
