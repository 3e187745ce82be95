// Tells the read cache (db/read-cache.ts) when PostgreSQL data it may hold has changed, and what.
//
// Other processes' commits arrive as notices on `starport_changes` (migrations 009 and 010): the
// payload 'user:<id>' names the user whose row or session changed; an empty payload (tiers, a
// truncate) means anything may have changed. They come on a connection of its own that LISTENs;
// while it is down or not yet up, every call counts as a change, so nothing is kept.
//
// This process's own statements count as they are sent (db/connect.ts), so its own write is seen by
// its very next call: a write to users or sessions whose WHERE names the row by its key forgets that
// key, again when its transaction ends (a read between the statement and the commit may have kept
// the old row); any other write to the tables the cache reads from forgets everything.
//
// The same connection listens on `starport_notices` too (migration 023): a player's new
// notification, its payload the player's id, for the open notification streams (services/notifications).
import type pg from 'pg';
import { loadWhenNeeded } from '../lib/load-when-needed.ts';
import { type ChangeCounter, NOTICES_RESUMED } from './read-cache.ts';

const CHANNEL = 'starport_changes';
const NOTICES_CHANNEL = 'starport_notices';
const RECONNECT_MS = 1000;
/** The tables whose rows the read cache holds. */
const WATCHED = new Set(['users', 'sessions', 'tiers']);
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i;
/** `where "id" = $3 …` with only `and` after it: the rows are exactly those with that key. */
const KEYED_WHERE = /\bwhere\s+"(id|user_id|token_hash)"\s*=\s*\$(\d+)(?![\s\S]*\bor\b)/i;

/** What one statement of this process changes for the cache: tags, everything, or nothing. */
export function localChangeTags(text: string, values: readonly unknown[]): string[] | 'all' | null {
  const write = WRITE.exec(text);
  if (!write) {
    // begin, commit, select … are not writes; anything else that names a watched table may be.
    if (/^\s*(select|begin|commit|rollback|savepoint|release|listen)\b/i.test(text)) return null;
    return /"?(users|sessions|tiers)"?/i.test(text) ? 'all' : null;
  }
  const table = (write[1] as string).toLowerCase();
  if (!WATCHED.has(table)) return null;
  // A new user or session: nothing kept can be about it.
  if (/^\s*insert/i.test(text) && table !== 'tiers') return [];
  if (table === 'tiers') return 'all';
  const keyed = KEYED_WHERE.exec(text);
  if (!keyed) return 'all';
  const value = values[Number(keyed[2]) - 1];
  if (typeof value !== 'string') return 'all';
  const column = keyed[1] as string;
  if (column === 'token_hash') return table === 'sessions' ? [`token:${value}`] : 'all';
  if (column === 'user_id') return table === 'sessions' ? [`user:${value}`] : 'all';
  return table === 'users' ? [`user:${value}`] : 'all';
}

/** What a connection's statements have touched since its transaction began. */
export interface StatementTracker {
  /** Counts a statement as it is sent. */
  sent(text: string, values: readonly unknown[]): void;
}

export interface PgChangeCounter extends ChangeCounter {
  /** One per pooled connection: it knows when that connection's transaction ends. */
  tracker(): StatementTracker;
  close(): Promise<void>;
}

export function pgChangeCounter(connectionString: string): PgChangeCounter {
  let generation = 0;
  let listener: pg.Client | null = null;
  let connecting = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const subscribers: ((tag: string) => void)[] = [];
  const forget = (tag: string) => {
    for (const subscriber of subscribers) subscriber(tag);
  };
  const noticeSubscribers: ((userId: string) => void)[] = [];
  const tellNotice = (userId: string) => {
    for (const subscriber of noticeSubscribers) subscriber(userId);
  };

  const lost = (client: pg.Client) => {
    if (listener === client) listener = null;
    generation += 1;
    client.end().catch(() => {});
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen();
    }, RECONNECT_MS);
    retry.unref();
  };

  // Started by the first read that could be kept, so the admin CLI and the seeders never open it.
  const listen = () => {
    if (closed || connecting || listener) return;
    connecting = true;
    const { Client } = loadWhenNeeded('pg') as typeof pg;
    const client = new Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on('notification', (notice) => {
      if (notice.channel === NOTICES_CHANNEL) {
        if (notice.payload) tellNotice(notice.payload);
        return;
      }
      if (notice.payload) forget(notice.payload);
      else generation += 1;
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client
      .connect()
      .then(() => client.query(`listen ${CHANNEL}`))
      .then(() => client.query(`listen ${NOTICES_CHANNEL}`))
      .then(
        () => {
          connecting = false;
          if (closed) return void client.end().catch(() => {});
          listener = client;
          generation += 1;
          // Notices sent while nobody listened are lost: what was kept meanwhile may be stale.
          forget(NOTICES_RESUMED);
          tellNotice(NOTICES_RESUMED);
        },
        () => {
          connecting = false;
          lost(client);
        },
      );
  };

  return {
    current() {
      if (!listener) {
        listen();
        generation += 1;
      }
      return generation;
    },
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },
    subscribeNotices(subscriber) {
      noticeSubscribers.push(subscriber);
      if (!listener) listen();
    },
    hearing() {
      return listener !== null;
    },
    tracker() {
      let touched: string[] = [];
      return {
        sent(text, values) {
          if (/^\s*(commit|rollback)\b/i.test(text)) {
            // The transaction's writes are visible (or undone) now: forget what they touched again.
            for (const tag of touched) forget(tag);
            touched = [];
            return;
          }
          const tags = localChangeTags(text, values);
          if (tags === 'all') generation += 1;
          else if (tags) {
            for (const tag of tags) forget(tag);
            touched.push(...tags);
          }
        },
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
