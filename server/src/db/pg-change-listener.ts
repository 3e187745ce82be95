// Tells the read cache (db/read-cache.ts) when PostgreSQL data it may hold has changed. Statements
// this process sends that may write count at once (db/connect.ts); other processes' commits arrive
// as notices on `starport_changes` (migration 009), on a connection of its own that LISTENs. While
// that connection is down or not yet up, every call counts as a change, so nothing is kept.
import type pg from 'pg';
import { loadWhenNeeded } from '../lib/load-when-needed.ts';
import type { ChangeCounter } from './read-cache.ts';

const CHANNEL = 'starport_changes';
const RECONNECT_MS = 1000;

export interface PgChangeCounter extends ChangeCounter {
  wrote(): void;
  close(): Promise<void>;
}

export function pgChangeCounter(connectionString: string): PgChangeCounter {
  let generation = 0;
  let listener: pg.Client | null = null;
  let connecting = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

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
    const client = new Client({ connectionString });
    client.on('notification', () => {
      generation += 1;
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client
      .connect()
      .then(() => client.query(`listen ${CHANNEL}`))
      .then(
        () => {
          connecting = false;
          if (closed) return void client.end().catch(() => {});
          listener = client;
          generation += 1;
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
    wrote() {
      generation += 1;
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
