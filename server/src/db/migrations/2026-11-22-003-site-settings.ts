// Site settings: one row (id 'site') holding the visible tabs (JSON) and the thank-you message.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('visible_tabs', 'text', (col) => col.notNull())
    .addColumn('thank_you_message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
}
