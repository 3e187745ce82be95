// Reads kept in memory until the database may have changed. Every statement this process sends
// that may write counts as a change (db/connect.ts), and so does a commit by another process: on
// SQLite `PRAGMA data_version` moves, on PostgreSQL a notice arrives (db/pg-change-listener.ts,
// migration 009). Any change at all empties the cache, so what it answers is what the database
// would answer; on PostgreSQL a change by another process is seen once its notice has arrived.
import type { Db } from './database.ts';

/** A number that differs from its last value whenever the database may have changed since. */
export interface ChangeCounter {
  current(): number;
}

const counters = new WeakMap<Db, ChangeCounter>();

export function registerChangeCounter(db: Db, counter: ChangeCounter): void {
  counters.set(db, counter);
}

/** Counts this connection's writes and notices other connections' commits. */
export function sqliteChangeCounter(readDataVersion: () => number): ChangeCounter & { wrote(): void } {
  let generation = 0;
  let dataVersion = readDataVersion();
  return {
    wrote() {
      generation += 1;
    },
    current() {
      const version = readDataVersion();
      if (version !== dataVersion) {
        dataVersion = version;
        generation += 1;
      }
      return generation;
    },
  };
}

const MAX_ENTRIES = 10_000;

/** Shared between requests, so nobody may change it: the value and the objects it holds directly. */
function freezeShallow<V extends object>(value: V): Readonly<V> {
  for (const part of Object.values(value)) if (typeof part === 'object' && part !== null) Object.freeze(part);
  return Object.freeze(value);
}

export class ReadCache<V extends object> {
  readonly #counter: ChangeCounter | undefined;
  readonly #entries = new Map<string, Readonly<V>>();
  #generation = -1;

  constructor(db: Db) {
    this.#counter = counters.get(db);
  }

  /** The value for `key`, read with `load` unless the database is unchanged since it was. Misses are not kept. */
  async get(key: string, load: () => Promise<V | undefined>): Promise<Readonly<V> | undefined> {
    if (!this.#counter) return load();
    const generation = this.#counter.current();
    if (generation !== this.#generation) {
      this.#entries.clear();
      this.#generation = generation;
    }
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const value = await load();
    // A write while it was read (another request's, between our awaits) may have made it stale.
    if (value && this.#counter.current() === generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(key, freezeShallow(value));
    }
    return value;
  }
}
