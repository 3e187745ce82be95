// Two changes that let several servers share one database.
//
// PostgreSQL: a change to a user or to one of their sessions now names that user in its notice on
// `starport_changes` ('user:<id>'), one notice per row, so each server forgets only that user's
// session reads instead of all of them. Tiers (rare, and shown in every session read) and truncates
// still send the empty notice that means "forget everything". Builds before this one treat every
// notice as "forget everything", so they keep working on this schema.
//
// Both dialects: at most one waiting job per kind and target. Two resyncs at once used to queue the
// same member twice; now the second joins the first (db/repositories/jobs.ts). Duplicates already
// waiting are merged first, keeping the oldest.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The column naming the user a row belongs to. */
const USER_TABLES = [
  ['users', 'id'],
  ['sessions', 'user_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where status = 'pending' and exists (
      select 1 from jobs older where older.kind = jobs.kind and older.dedupe_key = jobs.dedupe_key
        and older.status = 'pending' and (older.created_at < jobs.created_at
          or (older.created_at = jobs.created_at and older.id < jobs.id)))`.execute(db);
  await sql`create unique index jobs_one_pending on jobs (kind, dedupe_key) where status = 'pending'`.execute(db);

  if (!isPostgres(db)) return;
  for (const [table, column] of USER_TABLES) {
    await sql`create or replace function ${sql.raw(`starport_notify_${table}_row`)}() returns trigger language plpgsql as ${sql.lit(
      `begin
        if tg_op = 'DELETE' then
          perform pg_notify('starport_changes', 'user:' || old.${column});
        else
          perform pg_notify('starport_changes', 'user:' || new.${column});
          if tg_op = 'UPDATE' and old.${column} is distinct from new.${column} then
            perform pg_notify('starport_changes', 'user:' || old.${column});
          end if;
        end if;
        return null;
      end`,
    )}`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_row_changed`)} after insert or update or delete
      on ${sql.table(table)} for each row execute function ${sql.raw(`starport_notify_${table}_row`)}()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_truncated`)} after truncate
      on ${sql.table(table)} for each statement execute function starport_notify_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index jobs_one_pending`.execute(db);
  if (!isPostgres(db)) return;
  for (const [table] of USER_TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_row_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_truncated`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function ${sql.raw(`starport_notify_${table}_row`)}()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_changed`)} after insert or update or delete or truncate
      on ${sql.table(table)} for each statement execute function starport_notify_change()`.execute(db);
  }
}
