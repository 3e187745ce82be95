// Rate limits in PostgreSQL (rate-limiter-flexible's PostgreSQL store): one counter per key for every
// instance on the database, each hit one atomic upsert. The table is migration 013's, found through
// the pool's search_path (tests give each harness its own schema); ended windows are deleted by the
// hourly purge (db/repositories/rate-limits.ts), not by a timer per limiter.
import type pg from 'pg';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { RateLimitRule } from '../config.ts';
import { loadWhenNeeded } from './load-when-needed.ts';
import { adaptLibraryLimiter, type RateLimiter } from './rate-limiter.ts';

export function createPostgresRateLimiter(pool: pg.Pool, name: string, rule: RateLimitRule): RateLimiter {
  const Store = loadWhenNeeded('rate-limiter-flexible/lib/RateLimiterPostgres.js') as typeof RateLimiterPostgres;
  const limiter = new Store({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: name,
    points: rule.limit,
    duration: rule.windowMs / 1000,
  });
  return adaptLibraryLimiter(limiter);
}
