// Brings the schema up to date at start; the same migrations serve SQLite and PostgreSQL.

import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database.ts';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema` names the PostgreSQL schema the migration tables live in, when it is not the default (the
 * tests give each run its own). Kysely otherwise finds its tables in any schema of the database, so
 * runs side by side in one database would take each other's for their own.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    // Numbers are reserved per area and areas land in any order (006 payments arrived after 007
    // Discord): a database that already ran a later one still gets the earlier, independent one.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
