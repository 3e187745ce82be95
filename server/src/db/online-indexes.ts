// At start on PostgreSQL, after the migrations: the indexes on tables that grow with the players that
// a migration left because the table was big (db/index-builds.ts), built concurrently while writes go
// on; and the admin's user search's trigram indexes (migration 021). When pg_trgm could not be
// created, the migration left those out and the search reads every player: start-up says why and how
// to fix it. Once someone has created the extension, the next start builds them. SQLite builds every
// index in its migration, and its FTS5 table is always there (SQLite carries FTS5).
import { type Kysely, sql } from 'kysely';
import type { Logger } from '../logger.ts';
import type { Db } from './database.ts';
import type { DialectName } from './dialect.ts';
import { buildMissingIndexes, type IndexDefinition } from './index-builds.ts';
import { POSTGRES_INDEXES as LIST_INDEXES } from './migrations/2026-11-24-015-list-indexes.ts';
import { POSTGRES_INDEXES as SCALE_INDEXES } from './migrations/2026-11-24-017-scale-indexes.ts';
import {
  POSTGRES_INDEXES as SEARCH_INDEXES,
  trigramIndexes,
  trigramSchema,
} from './migrations/2026-11-24-021-search-indexes.ts';
import { POSTGRES_INDEXES as PURCHASE_WRITE_INDEXES } from './migrations/2026-12-06-034-purchase-write-indexes.ts';

/** Every index a PostgreSQL migration may leave for start, but the trigram ones (they need pg_trgm). */
export const DEFERRABLE_INDEXES: readonly IndexDefinition[] = [
  ...LIST_INDEXES,
  ...SCALE_INDEXES,
  ...SEARCH_INDEXES,
  ...PURCHASE_WRITE_INDEXES,
];

export type TrigramState = 'indexed' | 'unindexed';

/**
 * Builds what the migrations left, concurrently; says whether the user search has its trigram
 * indexes. `db` must carry no statement timeout (a build at a million players takes a while).
 */
export async function ensureIndexes(db: Db, dialect: DialectName, logger: Logger): Promise<TrigramState> {
  if (dialect !== 'postgres') return 'indexed';
  // The migrations' own definitions, which take any schema's database.
  const anyDb = db as unknown as Kysely<unknown>;
  const schema = await trigramSchema(anyDb);
  await buildMissingIndexes(anyDb, [...DEFERRABLE_INDEXES, ...(schema ? trigramIndexes(schema) : [])], logger);
  if (schema) return 'indexed';
  const available = await sql<{ name: string }>`
    select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  const database = (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows[0]?.name;
  logger.warn('search.slow', {
    why:
      available.rows.length === 0
        ? 'the PostgreSQL server has no pg_trgm extension to install, so the admin user search reads every player for each term of 3 or more characters'
        : 'the database user may not create the pg_trgm extension, so the admin user search reads every player for each term of 3 or more characters',
    fix:
      available.rows.length === 0
        ? `install PostgreSQL's contrib modules (Debian: postgresql-contrib), run CREATE EXTENSION pg_trgm; in the database ${database} as a superuser, and restart the server: it builds the search indexes at start`
        : `run CREATE EXTENSION pg_trgm; in the database ${database} as a superuser (or the database owner), and restart the server: it builds the search indexes at start`,
  });
  return 'unindexed';
}
