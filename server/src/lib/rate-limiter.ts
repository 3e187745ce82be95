// Rate limits: fixed windows of counted attempts per key (an address, an account). One small
// interface, with one implementation per store chosen once at start (context.ts): memory for one
// process on SQLite (rate-limiter-memory.ts), the database for any number of instances on
// PostgreSQL (rate-limiter-postgres.ts), so N instances allow the limit once, not N times. Both are
// rate-limiter-flexible's stores, adapted here.

import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';
import { loadWhenNeeded } from './load-when-needed.ts';

export interface RateLimitVerdict {
  allowed: boolean;
  /** Milliseconds until the window resets (0 when allowed). */
  retryAfterMs: number;
}

/** A store's failure (the database refusing) is thrown as it is, never read as "allowed". */
export interface RateLimiter {
  /** Counts one attempt and says whether it is within the limit. */
  hit(key: string): Promise<RateLimitVerdict>;
  /** Whether the key is already over its limit, without counting an attempt. */
  check(key: string): Promise<RateLimitVerdict>;
  /** Gives back one counted attempt (one that turned out to be legitimate). */
  release(key: string): Promise<void>;
  /** Forgets the key's window. */
  reset(key: string): Promise<void>;
}

/** The library's answer: what it resolves with, and what it rejects with when over the limit. */
type LibraryResult = Awaited<ReturnType<RateLimiterAbstract['consume']>>;

const ALLOWED: RateLimitVerdict = { allowed: true, retryAfterMs: 0 };

/** The class of the library's answers; the file alone, not the package's index of every store. */
const LibraryResultClass = loadWhenNeeded('rate-limiter-flexible/lib/RateLimiterRes.js') as new () => LibraryResult;

/**
 * Our interface over one of the library's limiters (its `points` are our limit, its `duration` our
 * window). `counted` sees every counted attempt's result, for a store that keeps its own books.
 */
export function adaptLibraryLimiter(
  limiter: RateLimiterAbstract,
  counted: (key: string, result: LibraryResult) => void = () => {},
): RateLimiter {
  return {
    async hit(key) {
      try {
        counted(key, await limiter.consume(key));
        return ALLOWED;
      } catch (refusal) {
        // Over the limit the library rejects with its result; anything else is the store failing.
        if (!(refusal instanceof LibraryResultClass)) throw refusal;
        counted(key, refusal);
        return { allowed: false, retryAfterMs: refusal.msBeforeNext };
      }
    },
    async check(key) {
      const current = await limiter.get(key);
      // The memory store hands back an ended window until its timer has removed it.
      if (!current || current.msBeforeNext <= 0 || current.consumedPoints < limiter.points) return ALLOWED;
      return { allowed: false, retryAfterMs: current.msBeforeNext };
    },
    async release(key) {
      counted(key, await limiter.reward(key));
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** "in 3 minutes", for messages that tell the caller when to come back. */
export function describeWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
}

/** The 429 for a refused attempt: the message with when to come back, and Retry-After. */
export function rateLimitedError(message: string, verdict: RateLimitVerdict): AppError {
  return new AppError('rate_limited', `${message} Please try again ${describeWait(verdict.retryAfterMs)}.`, {
    retryAfterSeconds: Math.ceil(verdict.retryAfterMs / 1000),
  });
}
