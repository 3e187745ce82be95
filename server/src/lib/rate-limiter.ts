// Fixed-window counters in memory, per key (an address, an account). One process serves the site,
// so memory is the right store; entries past their window are swept as the map grows.

import type { RateLimitRule } from '../config.ts';
import type { Clock } from './clock.ts';

interface Window {
  count: number;
  resetAt: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Milliseconds until the window resets (0 when allowed). */
  retryAfterMs: number;
}

/** Expired windows are swept at most this often, so a hit never walks the map on every call. */
const SWEEP_INTERVAL_MS = 60_000;
/** Beyond this many live keys the oldest are dropped: memory stays bounded under address rotation. */
const MAX_KEYS = 100_000;

export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #rule: RateLimitRule;
  readonly #clock: Clock;
  #nextSweep = 0;

  constructor(rule: RateLimitRule, clock: Clock) {
    this.#rule = rule;
    this.#clock = clock;
  }

  #current(key: string, now: number): Window | undefined {
    const window = this.#windows.get(key);
    if (window && window.resetAt <= now) {
      this.#windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Whether the key is already over its limit, without counting an attempt. */
  check(key: string): RateLimitVerdict {
    const now = this.#clock().getTime();
    const window = this.#current(key, now);
    if (!window || window.count < this.#rule.limit) return { allowed: true, retryAfterMs: 0 };
    return { allowed: false, retryAfterMs: window.resetAt - now };
  }

  /** Counts one attempt and says whether it is within the limit. */
  hit(key: string): RateLimitVerdict {
    const now = this.#clock().getTime();
    if (now >= this.#nextSweep) this.#sweep(now);
    let window = this.#current(key, now);
    if (!window) {
      window = { count: 0, resetAt: now + this.#rule.windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.#rule.limit) return { allowed: true, retryAfterMs: 0 };
    return { allowed: false, retryAfterMs: window.resetAt - now };
  }

  /** Gives back one counted attempt (one that turned out to be legitimate). */
  release(key: string): void {
    const window = this.#windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  reset(key: string): void {
    this.#windows.delete(key);
  }

  #sweep(now: number): void {
    this.#nextSweep = now + SWEEP_INTERVAL_MS;
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
    // A Map iterates in insertion order: the first keys are the oldest windows.
    for (const key of this.#windows.keys()) {
      if (this.#windows.size <= MAX_KEYS) break;
      this.#windows.delete(key);
    }
  }
}

/** "in 3 minutes", for messages that tell the caller when to come back. */
export function describeWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
}
