// The Account page (issue 19): signed-in devices and deleting an account.
//
//   sessions.public_id      what a player's device list names a session by (never the token's hash,
//                           which is what a bearer token is looked up by); unique
//   sessions.created_address, last_address
//                           the client address at sign-in and at the session's last recorded use
//   users.deleted_at        when the player deleted the account: the row stays, anonymised, so the
//                           ledgers and payment records that name it still add up
//
// Sessions signed in before this migration get a random public id here. PostgreSQL also fills it in
// for rows a build from before inserts while both run (a column default); SQLite, one process, gets
// the same from a trigger, so no session is ever without one. Only adds: nullable columns, an index,
// a default and a trigger; a build from before reads and writes the tables as it did. Frozen once landed.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // A volatile default fills every existing row with its own value (one rewrite of the table).
    await sql`alter table sessions add column public_id text default md5(random()::text || clock_timestamp()::text)`.execute(
      db,
    );
  } else {
    await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute();
    await sql`update sessions set public_id = lower(hex(randomblob(16))) where public_id is null`.execute(db);
    await sql`create trigger sessions_public_id after insert on sessions when new.public_id is null
      begin
        update sessions set public_id = lower(hex(randomblob(16))) where token_hash = new.token_hash;
      end`.execute(db);
  }
  await db.schema.createIndex('sessions_public_id').on('sessions').column('public_id').unique().execute();
  await db.schema.alterTable('sessions').addColumn('created_address', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_address', 'text').execute();
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.alterTable('sessions').dropColumn('last_address').execute();
  await db.schema.alterTable('sessions').dropColumn('created_address').execute();
  await db.schema.dropIndex('sessions_public_id').execute();
  if (!isPostgres(db)) await sql`drop trigger sessions_public_id`.execute(db);
  await db.schema.alterTable('sessions').dropColumn('public_id').execute();
}
