// Issue 20, notifications: what a player is told (a gift received, items mailed, a delivery done, a
// payment…), newest first a page at a time, each read or not. Ids are time-ordered (lib/ids.ts
// newTimeOrderedId), so (user_id, id desc) serves both the keyset pages and the newest notices an
// open stream looks at; a partial index holds the unread ones for the bell's count.
//
// PostgreSQL: each new row, and each marked read, sends a notice on channel `starport_notices` naming
// its player, when its transaction commits, so an open stream on ANY instance learns of it (and of
// the unread count going down) (db/pg-change-listener.ts
// listens on the connection it already has for the read cache). SQLite has no channel: one process
// wakes its streams itself, and a second process on the same file polls.
// Only adds. Frozen once landed.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await sql`create index notifications_by_user on notifications (user_id, id desc)`.execute(db);
  await sql`create index notifications_unread on notifications (user_id) where read_at is null`.execute(db);

  if (!isPostgres(db)) return;
  await sql`create or replace function starport_notify_notice() returns trigger language plpgsql as $$
    begin
      perform pg_notify('starport_notices', new.user_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger notifications_changed after insert or update of read_at on notifications
    for each row execute function starport_notify_notice()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger notifications_changed on notifications`.execute(db);
    await sql`drop function starport_notify_notice()`.execute(db);
  }
  await db.schema.dropTable('notifications').execute();
}
