// Indexes for statements that read every row of a table that grows with the players (issue 18, the
// scale table), each found by timing it on a million-player database:
//
//   inventory_entries (shop_item_id)   deleting a shop item: its foreign key sets the entries that name
//                                      it to null, and without an index the database reads every entry
//                                      to find them (1.6 s at 250,000 entries on SQLite, with the write
//                                      lock held: every purchase and sign-in waited)
//   subscriptions (tier_id)            deleting a tier: the same, for the subscriptions naming it
//   sessions (expires_at)              the hourly purge of expired and idle sessions
//   sessions (last_seen_at)              (services/accounts/sessions.ts): one index per side of its `or`
//
// (users.current_tier_id, the same for a tier's players, is led by users_tier_joined of migration 015.)
// Only adds. On a big PostgreSQL table a plain build would hold its writes for seconds, so start-up
// builds those concurrently once the migrations are done (db/index-builds.ts), and the server serves
// once they are there; elsewhere they are built here. Frozen once landed.
import { type Kysely, PostgresAdapter } from 'kysely';
import { createIndexesWhileSmall, type IndexDefinition } from '../index-builds.ts';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const INDEXES = [
  ['inventory_entries_shop_item', 'inventory_entries', 'shop_item_id'],
  ['subscriptions_tier', 'subscriptions', 'tier_id'],
  ['sessions_expires', 'sessions', 'expires_at'],
  ['sessions_last_seen', 'sessions', 'last_seen_at'],
] as const;

/** This migration's indexes as PostgreSQL has them (db/online-indexes.ts builds any left for start). */
export const POSTGRES_INDEXES: readonly IndexDefinition[] = INDEXES.map(([name, table, column]) => ({
  name,
  table,
  on: `(${column})`,
}));

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await createIndexesWhileSmall(db, POSTGRES_INDEXES);
    return;
  }
  for (const [name, table, column] of INDEXES) await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
