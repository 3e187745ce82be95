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
// Only adds: a nullable column (no rewrite on either dialect) and indexes. On SQLite, and on
// PostgreSQL while a table is small, the indexes are built here; on a big PostgreSQL table a plain
// build would hold its writes for seconds, so start-up builds those concurrently once the migrations
// are done (db/index-builds.ts), and the server serves once they are there. Frozen once landed.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { createIndexesWhileSmall, type IndexDefinition } from '../index-builds.ts';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Both dialects' indexes, then each dialect's own (the search by prefix). */
const SHARED: IndexDefinition[] = [
  // The sort orders: each index read forwards or backwards, with id as the tie-breaker.
  { name: 'users_joined', table: 'users', on: '(created_at, id)' },
  { name: 'users_credits', table: 'users', on: '(credits, id)' },
  // Never signed in sorts as the oldest sign-in: one non-null key, the same expression as the query.
  { name: 'users_last_login', table: 'users', on: "((coalesce(last_login_at, '')), id)" },
  // Filters: a tier's players by join date; the few administrators (the query names is_admin = 1).
  { name: 'users_tier_joined', table: 'users', on: '(current_tier_id, created_at, id)' },
  { name: 'users_admins_joined', table: 'users', on: '(created_at, id) where is_admin = 1' },
  // The other lists, newest first, a page at a time.
  { name: 'inventory_entries_user_page', table: 'inventory_entries', on: '(user_id, created_at, id)' },
  { name: 'credit_ledger_user_page', table: 'credit_ledger', on: '(user_id, created_at, id)' },
  { name: 'audit_log_page', table: 'audit_log', on: '(created_at, id)' },
];

/** This migration's indexes as PostgreSQL has them (db/online-indexes.ts builds any left for start). */
export const POSTGRES_INDEXES: readonly IndexDefinition[] = [
  ...SHARED,
  { name: 'users_username_prefix', table: 'users', on: '((username_normalized collate "C"))' },
  { name: 'users_email_prefix', table: 'users', on: '((email_normalized collate "C"))' },
  { name: 'users_discord_name_prefix', table: 'users', on: '((lower(discord_username) collate "C"))' },
];

const SQLITE_INDEXES: readonly IndexDefinition[] = [
  ...SHARED,
  { name: 'users_discord_name_prefix', table: 'users', on: '(lower(discord_username))' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
  if (isPostgres(db)) {
    await createIndexesWhileSmall(db, POSTGRES_INDEXES);
    return;
  }
  for (const index of SQLITE_INDEXES)
    await sql.raw(`create index ${index.name} on ${index.table} ${index.on}`).execute(db);
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
