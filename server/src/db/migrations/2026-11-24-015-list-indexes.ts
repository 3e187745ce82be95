// Lists that grow (issue 18): the users list, a player's deliveries, the audit log and a player's
// ledger are read a page at a time in a keyset order (sort key, then id), each order with an index
// that holds it, so a page costs the same at ten thousand players as at a million. And `last_login_at`,
// written when a player signs in, to sort by.
//
// Search (services/admin/user-list.ts) matches the start of a username, an email or a Discord
// username: a range on the lowercased column. SQLite compares text byte by byte (BINARY), so the
// unique indexes on username_normalized and email_normalized already serve it. PostgreSQL compares
// in the database's collation, where a prefix need not be one range (en_US ignores punctuation at
// first), so it gets the same columns under the "C" collation (byte order), which the search names.
//
// Only adds: a nullable column (no rewrite on either dialect) and indexes. Building an index on a
// big table holds writes to it for the build (seconds at a million players); the server starts
// serving once it is done. Frozen once landed.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();

  // The sort orders: each index read forwards or backwards, with id as the tie-breaker.
  await sql`create index users_joined on users (created_at, id)`.execute(db);
  await sql`create index users_credits on users (credits, id)`.execute(db);
  // Never signed in sorts as the oldest sign-in: one non-null key, the same expression as the query.
  await sql`create index users_last_login on users ((coalesce(last_login_at, '')), id)`.execute(db);
  // Filters: a tier's players by join date; the few administrators (the query names is_admin = 1).
  await sql`create index users_tier_joined on users (current_tier_id, created_at, id)`.execute(db);
  await sql`create index users_admins_joined on users (created_at, id) where is_admin = 1`.execute(db);

  // Search by prefix.
  if (isPostgres(db)) {
    await sql`create index users_username_prefix on users ((username_normalized collate "C"))`.execute(db);
    await sql`create index users_email_prefix on users ((email_normalized collate "C"))`.execute(db);
    await sql`create index users_discord_name_prefix on users ((lower(discord_username) collate "C"))`.execute(db);
  } else {
    await sql`create index users_discord_name_prefix on users (lower(discord_username))`.execute(db);
  }

  // The other lists, newest first, a page at a time.
  await sql`create index inventory_entries_user_page on inventory_entries (user_id, created_at, id)`.execute(db);
  await sql`create index credit_ledger_user_page on credit_ledger (user_id, created_at, id)`.execute(db);
  await sql`create index audit_log_page on audit_log (created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'audit_log_page',
    'credit_ledger_user_page',
    'inventory_entries_user_page',
    'users_discord_name_prefix',
    'users_email_prefix',
    'users_username_prefix',
    'users_admins_joined',
    'users_tier_joined',
    'users_last_login',
    'users_credits',
    'users_joined',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await db.schema.alterTable('users').dropColumn('last_login_at').execute();
}
