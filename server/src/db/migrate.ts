// Brings the schema up to date at start; the same migrations serve SQLite and PostgreSQL.

import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './database.ts';
import type { DialectName } from './dialect.ts';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  // On PostgreSQL, Kysely looks for its bookkeeping tables in every schema it can see; another
  // schema's copy (another app, another test run) would make it skip creating ours. Name ours.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider,
    migrationTableSchema,
    // Numbers are reserved per area and areas land in any order (006 payments arrived after 007
    // Discord): a database that already ran a later one still gets the earlier, independent one.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
