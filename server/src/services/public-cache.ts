// The public catalogue's answers (items, categories, tiers, site settings) kept in memory as JSON
// text: they are read on every page and change only when an admin edits them. An admin write in
// this process empties the cache at once; the time limit bounds how long another process sharing
// the database (a second server on the same SQLite file) can serve what it read before the change.
import type { AppContext } from '../context.ts';

interface Entry {
  body: string;
  expires: number;
}

const caches = new WeakMap<AppContext, Map<string, Entry>>();

function cacheOf(ctx: AppContext): Map<string, Entry> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

/** The JSON text of `compute()`, from memory while it is fresh. Not cached when the limit is 0. */
export async function cachedJson(ctx: AppContext, key: string, compute: () => Promise<unknown>): Promise<string> {
  const ttl = ctx.config.catalogueCacheMs;
  if (ttl <= 0) return JSON.stringify(await compute());
  const cache = cacheOf(ctx);
  // Wall time, not ctx.clock: the test clock stands still, and freshness is about real seconds.
  const now = performance.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.body;
  const body = JSON.stringify(await compute());
  cache.set(key, { body, expires: now + ttl });
  return body;
}

/** Forgets every cached answer: called after an admin change to the catalogue or the settings. */
export function clearPublicCache(ctx: AppContext): void {
  caches.get(ctx)?.clear();
}
