// The admin's user search matches anywhere in a username, an email or a Discord username (SPEC.md
// §2, issue 18), through trigram indexes, so a fragment from the middle costs at a million players
// what it costs at ten thousand (services/admin/user-list.ts decides how a term is searched).
//
// SQLite: an FTS5 table with the trigram tokenizer over the three lowercased texts, contentless (it
// keeps only its index) and kept in step with users by triggers. An FTS row needs an integer rowid
// that never changes; users has a text id, and its implicit rowid may be renumbered by VACUUM, so
// user_search_rows gives each user a row number of its own. Case-sensitive trigrams over text that is
// lowercased before it is indexed, as the term is: the FTS match and the plain substring test the
// search falls back to for a common term (instr) agree on every row. A later migration that rebuilds
// users on SQLite (create, copy, drop, rename) must make these triggers again.
//
// PostgreSQL: GIN trigram indexes (pg_trgm) on the three columns, serving `ilike '%…%'`. The
// extension is created if the database lets us (into public when it can, so that dropping another
// schema never takes it along, else into the current schema); if it cannot be created, the migration
// still succeeds without these indexes and the search reads the whole table: start-up says so and how
// to fix it (db/online-indexes.ts builds them at the next start once the extension is there).
//
// And the audit log filtered by action, newest first, a page at a time (GET /api/admin/audit?action=):
// an index per action in that order, so a rare action's page is not looked for through the whole log.
//
// Only adds. Building the indexes at a million players takes a while (under a minute). On SQLite
// that holds writes meanwhile; on PostgreSQL a big table's indexes are left to start-up, which builds
// them concurrently while writes go on (db/index-builds.ts), and the server serves once they are
// there. Frozen once landed.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { createIndexesWhileSmall, type IndexDefinition } from '../index-builds.ts';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The trigram indexes on PostgreSQL, by name and column (db/online-indexes.ts reads this list). */
export const TRIGRAM_INDEXES = [
  ['users_username_trgm', 'username_normalized'],
  ['users_email_trgm', 'email_normalized'],
  ['users_discord_name_trgm', 'discord_username'],
] as const;

/** The schema pg_trgm is installed in, or null when it is not installed. */
export async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema ?? null;
}

/** The trigram indexes, with the operator class named by the schema pg_trgm is in. */
export function trigramIndexes(schema: string): IndexDefinition[] {
  return TRIGRAM_INDEXES.map(([name, column]) => ({
    name,
    table: 'users',
    on: `using gin ("${column}" "${schema}".gin_trgm_ops)`,
  }));
}

/** This migration's other index as PostgreSQL has it (db/online-indexes.ts builds it if left for start). */
export const POSTGRES_INDEXES: readonly IndexDefinition[] = [
  // The audit log filtered by action, newest first.
  { name: 'audit_log_action_page', table: 'audit_log', on: '(action, created_at, id)' },
];

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Inside a block with its own exception handler: a refused `create extension` rolls back only
  // itself, never the migration's transaction.
  await sql
    .raw(`do $$
    begin
      if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
        begin
          create extension pg_trgm with schema public;
        exception when others then
          begin
            create extension pg_trgm;
          exception when others then
            raise warning 'pg_trgm could not be created (%): the user search reads the whole table', sqlerrm;
          end;
        end;
      end if;
    end $$`)
    .execute(db);
  const schema = await trigramSchema(db);
  await createIndexesWhileSmall(db, [...(schema ? trigramIndexes(schema) : []), ...POSTGRES_INDEXES]);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create table user_search_rows (id integer primary key, user_id text not null unique)`.execute(db);
  await sql`create virtual table user_search using fts5(username, email, discord_name,
    tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)`.execute(db);
  await sql`insert into user_search_rows (user_id) select id from users order by created_at, id`.execute(db);
  await sql`insert into user_search (rowid, username, email, discord_name)
    select r.id, u.username_normalized, u.email_normalized, lower(u.discord_username)
    from users u join user_search_rows r on r.user_id = u.id`.execute(db);
  await sql`create trigger users_search_insert after insert on users begin
    insert into user_search_rows (user_id) values (new.id);
    insert into user_search (rowid, username, email, discord_name)
      values ((select id from user_search_rows where user_id = new.id), new.username_normalized,
        new.email_normalized, lower(new.discord_username));
  end`.execute(db);
  await sql`create trigger users_search_update
    after update of username_normalized, email_normalized, discord_username on users begin
    update user_search set username = new.username_normalized, email = new.email_normalized,
      discord_name = lower(new.discord_username)
    where rowid = (select id from user_search_rows where user_id = new.id);
  end`.execute(db);
  await sql`create trigger users_search_delete after delete on users begin
    delete from user_search where rowid = (select id from user_search_rows where user_id = old.id);
    delete from user_search_rows where user_id = old.id;
  end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await upPostgres(db);
    return;
  }
  await upSqlite(db);
  await sql`create index audit_log_action_page on audit_log (action, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_log_action_page`.execute(db);
  if (isPostgres(db)) {
    // The extension stays: other schemas of the database may use it.
    for (const [name] of TRIGRAM_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
    return;
  }
  for (const trigger of ['users_search_insert', 'users_search_update', 'users_search_delete']) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table if exists user_search`.execute(db);
  await sql`drop table if exists user_search_rows`.execute(db);
}
