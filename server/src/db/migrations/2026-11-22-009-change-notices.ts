// PostgreSQL only: a notice on channel `starport_changes` whenever sessions, users or tiers change,
// sent when the change commits. Each server listens (db/pg-change-listener.ts) and forgets the
// session reads it keeps in memory (db/read-cache.ts). SQLite needs none: `PRAGMA data_version`.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const TABLES = ['sessions', 'users', 'tiers'] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create or replace function starport_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('starport_changes', '');
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.raw(`${table}_changed`)} after insert or update or delete or truncate
      on ${sql.table(table)} for each statement execute function starport_notify_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) await sql`drop trigger ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function starport_notify_change()`.execute(db);
}
