// Tells the read cache (db/read-cache.ts) when PostgreSQL data it may hold has changed, and what.
//
// Other processes' commits arrive as notices on `starport_changes` (migrations 009 and 010): the
// payload 'user:<id>' names the user whose row or session changed; an empty payload (tiers, a
// truncate) means anything may have changed. They come on a connection of its own that LISTENs;
// while it is down or not yet up, every call counts as a change, so nothing is kept.
//
// This process's own statements count as they are sent (db/connect.ts), so its own write is seen by
// its very next call: what each forgets is db/change-tags.ts's rule, shared with SQLite.
//
// The same connection listens on `starport_notices` too (migration 023): a player's new
// notification, its payload the player's id, for the open notification streams (services/notifications).
import type pg from 'pg';
import { loadWhenNeeded } from '../lib/load-when-needed.ts';
import { type StatementTracker, statementTracker } from './change-tags.ts';
import { type ChangeCounter, NOTICES_RESUMED } from './read-cache.ts';

const CHANNEL = 'starport_changes';
const NOTICES_CHANNEL = 'starport_notices';
const RECONNECT_MS = 1000;

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
      return statementTracker(forget, () => {
        generation += 1;
      });
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
