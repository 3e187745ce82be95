// Issue 19, mail: whether a user's email address is verified, and the one-time tokens mailed to a
// user (a password reset, an address to verify). Only a SHA-256 of each token is stored; a token is
// deleted when used, and the hourly purge deletes those past their time. An email change waits in a
// verification token (its `email`) until the new address's link is opened.
// Only adds. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_user').on('account_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('account_tokens_expires').on('account_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
