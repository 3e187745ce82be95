// Rate limits: fixed windows of counted attempts per key (an address, an account), and blocks (a key
// refused until a given time: the sign-in delays of services/accounts/login-throttle.ts). One small interface,
// with one implementation per store chosen once at start (context.ts): memory for one process on
// SQLite (rate-limiter-memory.ts), the database for any number of instances on PostgreSQL
// (rate-limiter-postgres.ts), so N instances allow the limit once, not N times. Both are
// rate-limiter-flexible's stores, adapted here.

import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { loadWhenNeeded } from './load-when-needed.ts';

export interface RateLimitVerdict {
  allowed: boolean;
  /** Milliseconds until the window resets (0 when allowed). */
  retryAfterMs: number;
  /** Attempts counted in the key's live window (0 when it has none). */
  attempts: number;
  /** Milliseconds until the key's live window ends (0 when it has none). */
  windowLeftMs: number;
}

/** A store's failure (the database refusing) is thrown as it is, never read as "allowed". */
export interface RateLimiter {
  /** Counts one attempt and says whether it is within the limit. */
  hit(key: string): Promise<RateLimitVerdict>;
  /** Whether the key is already at its limit (its next attempt would be refused), without counting one. */
  check(key: string): Promise<RateLimitVerdict>;
  /** Gives back one counted attempt (one that turned out not to count). */
  release(key: string): Promise<void>;
  /** Refuses the key for the next `ms` (rounded up to whole seconds), whatever was counted. */
  block(key: string, ms: number): Promise<void>;
  /** Forgets the key's window. */
  reset(key: string): Promise<void>;
}

/** The library's answer: what it resolves with, and what it rejects with when over the limit. */
type LibraryResult = Awaited<ReturnType<RateLimiterAbstract['consume']>>;

const NO_WINDOW: RateLimitVerdict = { allowed: true, retryAfterMs: 0, attempts: 0, windowLeftMs: 0 };

function verdictOf(result: LibraryResult, allowed: boolean): RateLimitVerdict {
  const windowLeftMs = Math.max(result.msBeforeNext, 0);
  return { allowed, retryAfterMs: allowed ? 0 : windowLeftMs, attempts: result.consumedPoints, windowLeftMs };
}

/** The class of the library's answers; the file alone, not the package's index of every store. */
const LibraryResultClass = loadWhenNeeded('rate-limiter-flexible/lib/RateLimiterRes.js') as new () => LibraryResult;

/**
 * Our interface over one of the library's limiters (its `points` are our limit, its `duration` our
 * window). `counted` sees every counted attempt's or block's result, and whether it opened a new
 * window, for a store that keeps its own books.
 */
export function adaptLibraryLimiter(
  limiter: RateLimiterAbstract,
  counted: (key: string, result: LibraryResult, opensWindow: boolean) => void = () => {},
): RateLimiter {
  return {
    async hit(key) {
      try {
        const result = await limiter.consume(key);
        counted(key, result, result.isFirstInDuration);
        return verdictOf(result, true);
      } catch (refusal) {
        // Over the limit the library rejects with its result; anything else is the store failing.
        if (!(refusal instanceof LibraryResultClass)) throw refusal;
        counted(key, refusal, refusal.isFirstInDuration);
        return verdictOf(refusal, false);
      }
    },
    async check(key) {
      const current = await limiter.get(key);
      // The memory store hands back an ended window until its timer has removed it.
      if (!current || current.msBeforeNext <= 0) return NO_WINDOW;
      return verdictOf(current, current.consumedPoints < limiter.points);
    },
    async release(key) {
      const result = await limiter.reward(key);
      counted(key, result, result.isFirstInDuration);
    },
    async block(key, ms) {
      // Whole seconds: the PostgreSQL store keeps the window's end as whole milliseconds.
      // A block opens a window of its own length.
      counted(key, await limiter.block(key, Math.ceil(ms / 1000)), true);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** "in 3 minutes" (or "in 5 seconds" under a minute), for messages that tell the caller when to come back. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? 'in a second' : `in ${seconds} seconds`;
  const minutes = Math.ceil(ms / 60_000);
  return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
}
