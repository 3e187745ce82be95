// Building an index on a table that grows with the players, on PostgreSQL, without holding its writes.
//
// A plain CREATE INDEX takes a lock that waits for every open write to the table and holds every new
// one until the build ends: seconds to a minute at a million players, while the previous build keeps
// serving during an upgrade (db/migrate.ts). CREATE INDEX CONCURRENTLY lets writes go on, but cannot
// run inside a transaction, and PostgreSQL runs each migration in one. So a migration builds such an
// index at once only while its table is small (a fresh install, a young community), where the build
// takes milliseconds; on a big table it leaves it, and start-up builds it concurrently once the
// migrations are done (db/online-indexes.ts), before the server serves, as the migrations are.
//
// A concurrent build that fails (a stop, a lost connection) leaves an invalid index behind, which
// PostgreSQL keeps up to date but never reads: the next start drops it and builds it again.
import { type Kysely, sql } from 'kysely';
import type { Logger } from '../logger.ts';

export interface IndexDefinition {
  name: string;
  table: string;
  /** What follows `on <table>`: the method, columns and expressions, and any `where`. */
  on: string;
  /** An older index this one takes the place of: dropped once this one is built, never before. */
  replaces?: string;
}

/** How often an instance asks again for the builder's lock while another instance builds. */
const LOCK_RETRY_MS = 250;

/** Past this many rows a migration leaves the index to the concurrent build at start. */
export const SMALL_TABLE_ROWS = 10_000;

async function isSmall(db: Kysely<unknown>, table: string): Promise<boolean> {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from (select 1 from ${sql.table(table)} limit ${SMALL_TABLE_ROWS}) rows`.execute(db);
  return Number(rows[0]?.n ?? 0) < SMALL_TABLE_ROWS;
}

/**
 * In a PostgreSQL migration: builds each index whose table is still small, and leaves the others to
 * `buildMissingIndexes` at start. Returns the names left.
 */
export async function createIndexesWhileSmall(
  db: Kysely<unknown>,
  indexes: readonly IndexDefinition[],
): Promise<string[]> {
  const left: string[] = [];
  const small = new Map<string, boolean>();
  for (const index of indexes) {
    if (!small.has(index.table)) small.set(index.table, await isSmall(db, index.table));
    if (small.get(index.table)) {
      await sql.raw(`create index if not exists "${index.name}" on "${index.table}" ${index.on}`).execute(db);
      if (index.replaces) await sql.raw(`drop index if exists "${index.replaces}"`).execute(db);
    } else {
      left.push(index.name);
    }
  }
  return left;
}

/** The indexes that `indexes` replace and that this schema still holds (a start stopped between build and drop). */
async function replacedLeft(db: Kysely<unknown>, indexes: readonly IndexDefinition[]): Promise<string[]> {
  const replaced = indexes.flatMap((index) => (index.replaces ? [index.replaces] : []));
  if (replaced.length === 0) return [];
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'i' and c.relname in (${sql.join(replaced)})`.execute(db);
  return rows.map((row) => row.name);
}

/** Of `indexes`, those this schema lacks or holds only as an invalid leftover of a failed build. */
async function missingIndexes(db: Kysely<unknown>, indexes: readonly IndexDefinition[]): Promise<IndexDefinition[]> {
  if (indexes.length === 0) return [];
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and i.indisvalid
      and c.relname in (${sql.join(indexes.map((index) => index.name))})`.execute(db);
  const present = new Set(rows.map((row) => row.name));
  return indexes.filter((index) => !present.has(index.name));
}

/**
 * At start on PostgreSQL: builds, with CREATE INDEX CONCURRENTLY, every index of `indexes` that is
 * missing or invalid, while the table goes on taking writes. One instance builds at a time (an
 * advisory lock per schema); another starting meanwhile waits, then builds what is still missing (nothing). An index
 * that `replaces` another drops that one once it is built. Returns the names built. `db` must not be a transaction, and its statements must have no timeout.
 */
export async function buildMissingIndexes(
  db: Kysely<unknown>,
  indexes: readonly IndexDefinition[],
  logger?: Logger,
): Promise<string[]> {
  if ((await missingIndexes(db, indexes)).length === 0 && (await replacedLeft(db, indexes)).length === 0) return [];
  return db.connection().execute(async (connection) => {
    const lock = sql`hashtext(current_schema() || ':index-builds')`;
    // Not pg_advisory_lock: a session waiting in it is a transaction the other's concurrent build
    // waits for, and each would wait for the other. Asking again and again holds nothing between.
    for (;;) {
      const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${lock}) as got`.execute(connection);
      if (rows[0]?.got) break;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
    try {
      const built: string[] = [];
      for (const index of await missingIndexes(connection, indexes)) {
        logger?.info('db.index_building', { index: index.name, table: index.table });
        // An invalid leftover of a failed build: dropped without holding the table either.
        await sql.raw(`drop index concurrently if exists "${index.name}"`).execute(connection);
        await sql.raw(`create index concurrently "${index.name}" on "${index.table}" ${index.on}`).execute(connection);
        built.push(index.name);
      }
      // Only once its replacement serves; concurrently, so the table's writes go on meanwhile.
      for (const name of await replacedLeft(connection, indexes)) {
        await sql.raw(`drop index concurrently if exists "${name}"`).execute(connection);
        logger?.info('db.index_dropped', { index: name });
      }
      if (built.length > 0) logger?.info('db.indexes_built', { indexes: built });
      return built;
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(connection);
    }
  });
}
