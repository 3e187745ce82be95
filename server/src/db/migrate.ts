// Brings the schema up to date at start; the same migrations serve SQLite and PostgreSQL.
//
// Migrations only add (expand, then contract in a later release), so a build keeps working on a
// schema a newer build has expanded: the previous version keeps serving while the new one migrates,
// and rolling back is starting the previous build again. A migration that removes or changes what
// older builds use is named `…-contract`; a build that finds one it does not know refuses to start,
// with one line naming both schema versions.
import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Logger } from '../logger.ts';
import type { Database } from './database.ts';
import type { DialectName } from './dialect.ts';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Kysely's bookkeeping table (its default name). */
const MIGRATION_TABLE = 'kysely_migration';

/** This build's schema version: the name of its newest migration. */
export const BUILD_SCHEMA_VERSION = Object.keys(migrations).sort().at(-1) ?? 'none';

export class SchemaTooNewError extends Error {}

/** The migrations recorded as applied ([] on a fresh database). */
export async function readAppliedMigrations(db: Kysely<Database>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
    return rows.map((row) => row.name);
  } catch (error) {
    // No table yet: a fresh database. Anything else (the database is down) is the caller's problem.
    if (/no such table|does not exist/i.test((error as Error).message)) return [];
    throw error;
  }
}

/** Whether every migration of this build has been applied (readiness reports it). */
export async function isSchemaCurrent(db: Kysely<Database>): Promise<boolean> {
  const applied = new Set(await readAppliedMigrations(db));
  return Object.keys(migrations).every((name) => applied.has(name));
}

/**
 * What to do with migrations a newer build applied: run on (expand-only), or refuse when one of them
 * is a contract step or when this build still has migrations of its own to apply between them.
 */
function judgeNewerSchema(applied: string[]): { newest: string } | null {
  const known = new Set(Object.keys(migrations));
  const unknown = applied.filter((name) => !known.has(name)).sort();
  if (unknown.length === 0) return null;
  const newest = unknown.at(-1) as string;
  const appliedSet = new Set(applied);
  const missing = Object.keys(migrations).filter((name) => !appliedSet.has(name));
  const contract = unknown.find((name) => name.endsWith('-contract'));
  if (contract || missing.length > 0) {
    const why = contract
      ? `its migration ${contract} changes what this build relies on`
      : `this build's own migrations (${missing.join(', ')}) were never applied to it`;
    throw new SchemaTooNewError(
      `the database schema is at ${newest}, newer than this build's ${BUILD_SCHEMA_VERSION}, and ${why}: ` +
        'start the newer build, or restore the backup made before the upgrade',
    );
  }
  return { newest };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName, logger?: Logger): Promise<string[]> {
  const newer = judgeNewerSchema(await readAppliedMigrations(db));
  if (newer) {
    // An expanded schema: this build's tables and columns are all there; run on it, and say so.
    logger?.warn('db.schema_newer', { database: newer.newest, build: BUILD_SCHEMA_VERSION });
    return [];
  }
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
