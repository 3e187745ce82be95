// At start on PostgreSQL: whether the admin's user search has its trigram indexes (migration 021).
// When pg_trgm could not be created, the migration left them out and the search reads every player:
// start-up says why and how to fix it. Once someone has created the extension, the next start builds
// the indexes. SQLite's FTS5 table is always there (SQLite carries FTS5).
import { type Kysely, sql } from 'kysely';
import type { Logger } from '../logger.ts';
import type { Db } from './database.ts';
import type { DialectName } from './dialect.ts';
import { createTrigramIndexes, TRIGRAM_INDEXES, trigramSchema } from './migrations/2026-11-24-021-search-indexes.ts';

export type TrigramState = 'indexed' | 'built' | 'unindexed';

export async function ensureTrigramIndexes(db: Db, dialect: DialectName, logger: Logger): Promise<TrigramState> {
  if (dialect !== 'postgres') return 'indexed';
  const names = TRIGRAM_INDEXES.map(([name]) => name);
  const { rows } = await sql<{ name: string }>`
    select indexname as name from pg_indexes
    where schemaname = current_schema() and tablename = 'users' and indexname in (${sql.join(names)})`.execute(db);
  if (rows.length === names.length) return 'indexed';
  // The migration's own functions, which take any schema's database.
  const anyDb = db as unknown as Kysely<unknown>;
  const schema = await trigramSchema(anyDb);
  if (schema) {
    await createTrigramIndexes(anyDb, schema);
    logger.info('search.indexes_built', { indexes: names });
    return 'built';
  }
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
