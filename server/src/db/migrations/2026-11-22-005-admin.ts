// The admin area: an audit log of every admin change, mails sent to players, and the link from an
// inventory entry to the mail that brought it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Not a foreign key: the record must outlive the account that made it.
    .addColumn('actor_id', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id']).execute();

  await db.schema
    .createTable('mails')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender_name', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    /** JSON list of {name, quantity}: what it carried. */
    .addColumn('items', 'text', (col) => col.notNull())
    .addColumn('sent_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mails_user').on('mails').columns(['user_id', 'created_at']).execute();

  await db.schema
    .alterTable('inventory_entries')
    .addColumn('mail_id', 'text', (col) => col.references('mails.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_entries').dropColumn('mail_id').execute();
  await db.schema.dropTable('mails').execute();
  await db.schema.dropTable('audit_log').execute();
}
