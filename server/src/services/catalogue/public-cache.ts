// The public catalogue's answers (items, categories, tiers, site settings) kept in memory as JSON
// text, and beside it that text compressed with brotli and gzip (made once, when the entry is
// filled, if it is over 1 KB), so that sending any form is a copy: they are read on every page and
// change only when an admin edits them. An admin write in
// this process empties the cache at once, and on PostgreSQL every other instance's once the notice
// 'catalogue' reaches it. On PostgreSQL nothing is kept while the listening connection is down or
// not yet up, and the cache is emptied when it comes up (notices sent meanwhile are lost); the time
// limit bounds what another process can serve where no notice can come (a second server on the same
// SQLite file). The cache is
// bounded by entries and bytes (lru-cache: the least recently used answer goes first), and callers
// key it only by what the database holds, never by raw request input (SECURITY.md, Availability).
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.ts';
import { hearsChanges, NOTICES_RESUMED, subscribeToChanges } from '../../db/read-cache.ts';
import { announceChange } from '../../db/repositories/change-notices.ts';
import { COMPRESS_THRESHOLD_BYTES, type Compressed, compressToKeep } from '../../lib/compress.ts';

const CATALOGUE_CHANGED = 'catalogue';

/** The keys of the public answers that take no parameters (the items' is catalogue.ts publicItemsKey). */
export const PUBLIC_KEYS = { settings: 'settings', categories: 'categories', tiers: 'tiers' } as const;

/** One answer: its JSON text, and its compressed forms when it is large enough to be worth them. */
export interface JsonAnswer {
  json: string;
  compressed: Compressed | null;
  /**
   * Known to be 1 KB or less: sent as its text, nothing to compress; unset when not measured. (Sent
   * as a Buffer of its bytes instead, the bench's tiers row fell from 95 % of bare Hono to 64 %.)
   */
  small?: true;
}

interface Cache {
  /** Fresh answers; lru-cache drops one when its time is up or room is needed. */
  entries: LRUCache<string, JsonAnswer>;
  /** Reads under way: callers that miss at the same moment share one instead of each querying. */
  pending: Map<string, Promise<JsonAnswer>>;
  /** Moved by every clear, so a read begun before an admin's change is not kept after it. */
  generation: number;
}

/**
 * Keyed by the instance's configuration: each call gets its own copy of the context (its logger
 * stamps the call's id), but they all share the configuration.
 */
const caches = new WeakMap<AppContext['config'], Cache>();

function cacheOf(ctx: AppContext): Cache {
  let cache = caches.get(ctx.config);
  if (!cache) {
    const { catalogueCacheMs, catalogueCacheBounds } = ctx.config;
    cache = {
      // Its clock is performance.now(), not ctx.clock: the test clock stands still, and freshness is
      // about real seconds. An answer larger than the whole byte bound is answered, not kept.
      entries: new LRUCache({
        max: catalogueCacheBounds.maxEntries,
        maxSize: catalogueCacheBounds.maxBytes,
        sizeCalculation: (answer, key) =>
          Buffer.byteLength(answer.json) +
          (answer.compressed ? answer.compressed.br.length + answer.compressed.gzip.length : 0) +
          key.length,
        ttl: catalogueCacheMs,
      }),
      pending: new Map(),
      generation: 0,
    };
    caches.set(ctx.config, cache);
    subscribeToChanges(ctx.db, (tag) => {
      if (tag === CATALOGUE_CHANGED || tag === NOTICES_RESUMED) clearPublicCache(ctx);
    });
  }
  return cache;
}

/** An answer as it is sent uncached: JSON text only (a large one is compressed as it is sent). */
export const plainAnswer = (json: string): JsonAnswer => ({ json, compressed: null });

/** The JSON text of `value` and, above 1 KB, its compressed forms. */
async function answerOf(value: unknown): Promise<JsonAnswer> {
  const json = JSON.stringify(value);
  const bytes = Buffer.from(json);
  if (bytes.length <= COMPRESS_THRESHOLD_BYTES) return { json, compressed: null, small: true };
  return { json, compressed: await compressToKeep(bytes) };
}

/**
 * The answer made of `compute()`, from memory while it is fresh: its JSON text, and its compressed
 * forms when kept. Not cached when the limit is 0 (then nothing is compressed here).
 */
export async function cachedAnswer(ctx: AppContext, key: string, compute: () => Promise<unknown>): Promise<JsonAnswer> {
  const ttl = ctx.config.catalogueCacheMs;
  if (ttl <= 0) return plainAnswer(JSON.stringify(await compute()));
  const cache = cacheOf(ctx);
  const hit = cache.entries.get(key);
  if (hit !== undefined) return hit;
  const shared = cache.pending.get(key);
  if (shared) return shared;
  const generation = cache.generation;
  const read = (async () => answerOf(await compute()))();
  cache.pending.set(key, read);
  try {
    const body = await read;
    // Kept only while another instance's change could reach this one (on PostgreSQL, while the
    // listening connection is up; it clears the cache when it comes up).
    if (cache.generation === generation && hearsChanges(ctx.db)) cache.entries.set(key, body);
    return body;
  } finally {
    if (cache.pending.get(key) === read) cache.pending.delete(key);
  }
}

/**
 * The answer kept under `key` while it is fresh, without waiting: undefined when it is not kept (then
 * cachedAnswer makes it). For answering before the router (hot-reads.ts).
 */
export function keptAnswer(ctx: AppContext, key: string): JsonAnswer | undefined {
  return caches.get(ctx.config)?.entries.get(key);
}

/** The JSON text of `compute()`, from memory while it is fresh (cachedAnswer without the compressed forms). */
export async function cachedJson(ctx: AppContext, key: string, compute: () => Promise<unknown>): Promise<string> {
  return (await cachedAnswer(ctx, key, compute)).json;
}

/** How much the cache holds now: its entries, and the bytes of their keys, JSON text and compressed forms (for tests and figures). */
export function publicCacheUsage(ctx: AppContext): { entries: number; bytes: number } {
  const cache = caches.get(ctx.config);
  if (!cache) return { entries: 0, bytes: 0 };
  return { entries: cache.entries.size, bytes: cache.entries.calculatedSize };
}

/** Forgets every cached answer: called after an admin change to the catalogue or the settings. */
export function clearPublicCache(ctx: AppContext): void {
  const cache = caches.get(ctx.config);
  if (!cache) return;
  cache.entries.clear();
  cache.pending.clear();
  cache.generation += 1;
}

/** After an admin change to the catalogue or the settings: this process forgets now, the others on its notice. */
export async function catalogueChanged(ctx: AppContext): Promise<void> {
  clearPublicCache(ctx);
  // The change itself has committed: a notice that cannot be sent must not turn it into an error.
  // The others then see it when their cache's time runs out.
  await announceChange(ctx.db, ctx.dialect, CATALOGUE_CHANGED).catch((error) =>
    ctx.logger.warn('catalogue.notice_failed', { error: String(error) }),
  );
}
