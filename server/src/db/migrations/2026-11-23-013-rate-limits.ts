// PostgreSQL only: the shared rate-limit counters (lib/rate-limiter-postgres.ts), one row per key and
// window, in the columns rate-limiter-flexible's PostgreSQL store reads and writes. Made here rather
// than by the library at run time, so the schema is the migrations' alone. SQLite needs none: one
// process keeps its counters in memory.
import { type Kysely, PostgresAdapter } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('rate_limits')
    // "<limit>:<key>": an address, an account, or both. Text, not the library's varchar(255): an
    // account's email with an IPv6 address can be longer.
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    // When the window ends, in milliseconds since the epoch.
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('rate_limits').execute();
}
