// Sales and credit codes (issue 22):
//
//   sales              a percent off chosen categories (by id) and items, from starts_at to ends_at. The
//                      schedule starts a sale (started_at) once its time has come and ends it
//                      (ended_at) once its end has passed; only a started, unended sale whose end is
//                      still ahead prices anything. category_ids and item_ids are JSON arrays of ids.
//   credit_code_batches  a batch of single-use codes worth `credits` each, with an optional expiry, a
//                      label, and who made it
//   credit_codes       one row per code: only the SHA-256 of the code is kept (a code is a bearer
//                      value, like a session token), with its number in the batch and its last group
//                      (the hint admins see), and who redeemed it and when
//
// Only adds: new tables. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sales')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('percent_off', 'integer', (col) => col.notNull())
    .addColumn('category_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('item_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The schedule's pass and the running sales: by whether they ended, then by when they start.
  await db.schema.createIndex('sales_running').on('sales').columns(['ended_at', 'starts_at']).execute();
  // The admins' list, newest first ((created_at, id) keyset).
  await db.schema.createIndex('sales_created').on('sales').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('credit_code_batches')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('label', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('credits', 'bigint', (col) => col.notNull())
    .addColumn('code_count', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // The admins' list, newest first ((created_at, id) keyset).
  await db.schema
    .createIndex('credit_code_batches_created')
    .on('credit_code_batches')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('credit_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('batch_id', 'text', (col) => col.notNull().references('credit_code_batches.id'))
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('hint', 'text', (col) => col.notNull())
    .addColumn('redeemed_by', 'text', (col) => col.references('users.id'))
    .addColumn('redeemed_at', 'text')
    .execute();
  // A batch's codes in their order, a page at a time.
  await db.schema.createIndex('credit_codes_batch').on('credit_codes').columns(['batch_id', 'number']).execute();
  await db.schema.createIndex('credit_codes_redeemed_by').on('credit_codes').column('redeemed_by').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_codes').execute();
  await db.schema.dropTable('credit_code_batches').execute();
  await db.schema.dropTable('sales').execute();
}
