// Rate limits in this process's memory (rate-limiter-flexible's memory store): the store for one
// process on SQLite, which every request passes through. Bounded (SECURITY.md): beyond MAX_KEYS live
// windows per limit the oldest are dropped, so rotating addresses cannot grow it without end.
import type { RateLimiterMemory } from 'rate-limiter-flexible';
import type { RateLimitRule } from '../config.ts';
import { loadWhenNeeded } from './load-when-needed.ts';
import { adaptLibraryLimiter, type RateLimiter } from './rate-limiter.ts';

const MAX_KEYS = 100_000;

export function createMemoryRateLimiter(name: string, rule: RateLimitRule, maxKeys = MAX_KEYS): RateLimiter {
  const Store = loadWhenNeeded('rate-limiter-flexible/lib/RateLimiterMemory.js') as typeof RateLimiterMemory;
  const limiter = new Store({ keyPrefix: name, points: rule.limit, duration: rule.windowMs / 1000 });
  // When each live window ends, in the order they opened. Every window of one limit is as long, so
  // the first opened is the first to end: checking from the front stops at the first live one.
  // Blocks (the sign-in delays) vary in length: an ended one behind a live one waits its turn here
  // (the library has forgotten it already), and the bound holds all the same.
  const windows = new Map<string, number>();
  return adaptLibraryLimiter(limiter, (key, result, opensWindow) => {
    // The library's clock (it reads Date.now()), so both agree on when a window ends.
    const now = Date.now();
    if (opensWindow) {
      windows.delete(key);
      windows.set(key, now + result.msBeforeNext);
    }
    for (const [oldest, endsAt] of windows) {
      if (endsAt > now && windows.size <= maxKeys) break;
      windows.delete(oldest);
      // The library forgets an ended window by itself (a timer); one dropped for room must go there too.
      if (endsAt > now) void limiter.delete(oldest);
    }
  });
}
