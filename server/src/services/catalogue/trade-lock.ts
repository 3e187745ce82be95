// The trade lock: an entry bought (with credits or by card) may not be traded or gifted until
// TRADE_LOCK_DAYS have passed. One home for the rule, for everything that makes or shows an entry.
import { addMs, toIso } from '../../lib/clock.ts';

/** Until when an entry bought at `acquiredAt` stays locked; null when the lock is 0 (not locked at all). */
export function tradeLockedUntil(acquiredAt: Date, lockMs: number): string | null {
  return lockMs > 0 ? toIso(addMs(acquiredAt, lockMs)) : null;
}

/** Whether an entry with this lock may not be traded or gifted now; it may from the moment the lock ends. */
export function isTradeLocked(lockedUntil: string | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil > toIso(now);
}
