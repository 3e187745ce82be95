// Reads kept in memory until the database may have changed. Every statement this process sends that
// may write counts as a change, by what it names (db/change-tags.ts: 'user:<id>', 'credits:<id>',
// 'token:<hash>'), and only the entries tagged with that are forgotten; a write that names nothing
// (tiers, a purge) forgets them all. So does a commit by another process: on SQLite
// `PRAGMA data_version` moves, and everything is forgotten; on PostgreSQL a notice arrives
// (db/pg-change-listener.ts, migrations 009 and 010) naming what it touched, or nothing (a lost
// listening connection forgets everything too). What it answers is what the database would answer;
// a change by another process is seen once its notice has arrived. Misses are never kept, and what is
// kept is bounded by entries and bytes (lru-cache, least recently used first), so made-up keys
// (random tokens) leave nothing behind.
import { LRUCache } from 'lru-cache';
import type { CacheBounds } from '../config.ts';
import { type StatementTracker, statementTracker } from './change-tags.ts';
import type { Db } from './database.ts';

/** Tells a cache when the database may have changed. */
export interface ChangeCounter {
  /** A number that moves whenever anything at all may have changed: every entry is forgotten. */
  current(): number;
  /**
   * The number as last seen, without asking the database (SQLite: data_version is not read). After a
   * read, enough to tell whether this process changed anything meanwhile: another process's commit
   * moves current() at the next call anyway, and the value is kept under the number before the read.
   */
  known?(): number;
  /**
   * Called first thing for a request Node has just read off its socket (the event loop's poll phase):
   * where the counter asks the database whether another process committed (SQLite), one look made
   * for another request read in the same poll phase is taken as this one's too (see sqliteChangeCounter).
   */
  incoming?(): void;
  /** Where the counter can say what changed, it calls this with the tag of each change. */
  subscribe?(forget: (tag: string) => void): void;
  /** Where changes arrive as notices: whether they can arrive now (false while not listening). */
  hearing?(): boolean;
  /**
   * Where players' new notifications are announced (PostgreSQL, migration 023): called with the
   * player's id of each, from any process, and with NOTICES_RESUMED when notices (again) can arrive.
   */
  subscribeNotices?(told: (userId: string) => void): void;
}

/** The tag sent to subscribers when notices start arriving (again): any missed before may have been lost. */
export const NOTICES_RESUMED = '*';

const counters = new WeakMap<Db, ChangeCounter>();

export function registerChangeCounter(db: Db, counter: ChangeCounter): void {
  counters.set(db, counter);
}

/**
 * Calls `forget` with the tag of each change announced on the database (PostgreSQL's notices: a
 * user, the catalogue), from this process or another. Where changes carry no tags (SQLite), never.
 */
export function subscribeToChanges(db: Db, forget: (tag: string) => void): void {
  const counter = counters.get(db);
  counter?.subscribe?.(forget);
  // Opens the listening connection, if it is not open yet.
  counter?.current();
}

/**
 * Calls `told` with the player's id of each notification announced on the database, from this
 * process or another (PostgreSQL), and with NOTICES_RESUMED when the announcements resume after a
 * gap. False where nothing is announced (SQLite): the caller must look for itself.
 */
export function subscribeToNotices(db: Db, told: (userId: string) => void): boolean {
  const counter = counters.get(db);
  if (!counter?.subscribeNotices) return false;
  counter.subscribeNotices(told);
  return true;
}

/** For a request Node has just read: see ChangeCounter.incoming. */
export function seeIncomingRequest(db: Db): void {
  counters.get(db)?.incoming?.();
}

/**
 * Whether another process's announced change would reach this one now: false on PostgreSQL while
 * the listening connection is not up. Where changes are not announced (SQLite), true.
 */
export function hearsChanges(db: Db): boolean {
  return counters.get(db)?.hearing?.() ?? true;
}

/**
 * SQLite: the one connection's own writes by what they touch (db/change-tags.ts, told by the statement
 * cache as each runs), and other connections' commits by `PRAGMA data_version`, which moves with each
 * (a second server on the file, the admin CLI): everything is forgotten then.
 */
export function sqliteChangeCounter(readDataVersion: () => number): ChangeCounter & { tracker: StatementTracker } {
  let generation = 0;
  let dataVersion = readDataVersion();
  // Asked again in the same synchronous run (a cache read and the one after it), data_version cannot
  // tell anything new: its read (a read lock on the log's index, two system calls) is made once.
  let asked = false;
  const askedNow = () => {
    if (asked) return;
    asked = true;
    queueMicrotask(() => {
      asked = false;
    });
  };
  // Whether data_version was read for a request read in this turn's poll phase (cleared in the check
  // phase, which follows it). Every request read in that phase was read after the look began
  // (libuv asks the kernel which sockets have bytes once, then reads each): bytes there then were
  // sent before the look, so a commit a client saw before sending them was made before it too. The
  // look was 13 % of the server's busy time on a hot read (bench profile of GET /api/auth/me), made
  // once per request; now once per turn, however many requests the turn reads. (A client pipelining
  // HTTP/1.1 requests could have its second request read in the same phase after sending it on news of
  // a commit made after the look; no browser or proxy pipelines.)
  let lookedThisTurn = false;
  function current() {
    if (asked) return generation;
    askedNow();
    const version = readDataVersion();
    if (version !== dataVersion) {
      dataVersion = version;
      generation += 1;
    }
    return generation;
  }
  const subscribers: ((tag: string) => void)[] = [];
  return {
    tracker: statementTracker(
      (tag) => {
        for (const subscriber of subscribers) subscriber(tag);
      },
      () => {
        generation += 1;
      },
    ),
    current,
    incoming() {
      if (lookedThisTurn) {
        askedNow();
        return;
      }
      current();
      lookedThisTurn = true;
      setImmediate(() => {
        lookedThisTurn = false;
      });
    },
    known: () => generation,
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },
  };
}

/** Shared between requests, so nobody may change it: the value and the objects it holds directly. */
function freezeShallow<V extends object>(value: V): Readonly<V> {
  for (const part of Object.values(value)) if (typeof part === 'object' && part !== null) Object.freeze(part);
  return Object.freeze(value);
}

interface Entry<V> {
  value: Readonly<V>;
  tags: readonly string[];
  /** The change counter when it was read: once the counter has moved, the entry is stale. */
  generation: number;
}

export class ReadCache<V extends object> {
  readonly #counter: ChangeCounter | undefined;
  readonly #entries: LRUCache<string, Entry<V>>;
  /** For each tag, the keys of the entries that carry it; an entry leaving (for any reason) leaves it. */
  readonly #byTag = new Map<string, Set<string>>();
  /** Moves with every tagged change, so a read that overlapped one is not kept. */
  #forgotten = 0;

  constructor(db: Db, bounds: CacheBounds) {
    this.#counter = counters.get(db);
    this.#counter?.subscribe?.((tag) => this.#forget(tag));
    this.#entries = new LRUCache({
      max: bounds.maxEntries,
      maxSize: bounds.maxBytes,
      sizeCalculation: (entry, key) => key.length + Buffer.byteLength(JSON.stringify(entry.value)),
      dispose: (entry, key) => {
        for (const tag of entry.tags) {
          const keys = this.#byTag.get(tag);
          keys?.delete(key);
          if (keys?.size === 0) this.#byTag.delete(tag);
        }
      },
    });
  }

  /** What it holds now: entries, the bytes of their keys and values as JSON, and tags indexed (for tests and figures). */
  usage(): { entries: number; bytes: number; tags: number } {
    return { entries: this.#entries.size, bytes: this.#entries.calculatedSize, tags: this.#byTag.size };
  }

  #forget(tag: string): void {
    this.#forgotten += 1;
    const keys = this.#byTag.get(tag);
    if (!keys) return;
    this.#byTag.delete(tag);
    for (const key of keys) this.#entries.delete(key);
  }

  #index(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.#byTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  /**
   * The value kept for `key` while the database is unchanged since it was read, without reading or
   * waiting: undefined when `get` would read it. Changes nothing kept (an entry gone stale stays for
   * `get` to drop); only the entry's recency moves, as with `get`. For answering before the router
   * (hot-reads.ts).
   */
  peek(key: string): Readonly<V> | undefined {
    if (!this.#counter) return undefined;
    const hit = this.#entries.get(key);
    return hit && hit.generation === this.#counter.current() ? hit.value : undefined;
  }

  /**
   * The value for `key`, read with `load` unless the database is unchanged since it was. `tagsOf`
   * names what the value was read from, so a change to that forgets it. Misses are not kept.
   */
  async get(
    key: string,
    load: () => Promise<V | undefined>,
    tagsOf: (value: V) => string[] = () => [],
  ): Promise<Readonly<V> | undefined> {
    if (!this.#counter) return load();
    // An entry read before the counter last moved is stale: it is read again and replaced. Nothing is
    // emptied when the counter moves (on SQLite another process's every commit moves it, and
    // lru-cache's clear() fills arrays as long as its bound: 3 % of a purchase storm's CPU profile); stale entries leave as
    // they are replaced or as the bounds push them out.
    const generation = this.#counter.current();
    const hit = this.#entries.get(key);
    if (hit && hit.generation === generation) return hit.value;
    const forgotten = this.#forgotten;
    const value = await load();
    // A write while it was read (another request's, between our awaits) may have made it stale.
    const after = this.#counter.known ? this.#counter.known() : this.#counter.current();
    if (value && after === generation && this.#forgotten === forgotten) {
      const tags = tagsOf(value);
      this.#entries.set(key, { value: freezeShallow(value), tags, generation });
      // Larger than the whole byte bound, it is not kept: nothing to index.
      if (this.#entries.has(key)) this.#index(key, tags);
    }
    return value;
  }
}
