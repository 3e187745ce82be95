// Announces a change that other server processes on the same PostgreSQL keep in memory (the public
// catalogue), on the channel they listen to (db/pg-change-listener.ts). SQLite has no channel: there
// another process sees the change when its cache's time runs out.
import { sql } from 'kysely';
import type { Executor } from '../database.ts';
import type { DialectName } from '../dialect.ts';

export async function announceChange(db: Executor, dialect: DialectName, tag: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_notify('starport_changes', ${tag})`.execute(db);
}
