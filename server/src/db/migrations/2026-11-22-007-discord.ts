// Discord: the single-use states of account linking, and durable jobs (role sync) that a worker
// carries out with retries, written in the same transaction as the change that causes them.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discord_link_states')
    // SHA-256 of the state sent to Discord; the state itself is never stored.
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 of the nonce in the browser's cookie: the callback must come back to the same browser.
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    // One waiting job per key (e.g. per user): a second request for the same work joins it.
    .addColumn('dedupe_key', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
    // pending, running, done, failed (gave up after retries), blocked (needs an admin)
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('jobs_dedupe').on('jobs').columns(['kind', 'dedupe_key', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('discord_link_states').execute();
}
