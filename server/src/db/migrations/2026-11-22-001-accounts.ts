// Users, their sessions, the credit ledger, and the tiers a user may hold. Frozen once landed: later changes get a new migration.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tiers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('benefits', 'text', (col) => col.notNull())
    .addColumn('popular', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('display_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('color_from', 'text', (col) => col.notNull())
    .addColumn('color_to', 'text', (col) => col.notNull())
    .addColumn('discord_role', 'text', (col) => col.notNull())
    .addColumn('discord_role_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('discord_role_color', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull().unique())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('username_normalized', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('credits', 'integer', (col) => col.notNull().defaultTo(0).check(sql`credits >= 0`))
    .addColumn('is_admin', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('current_tier_id', 'text', (col) => col.references('tiers.id').onDelete('set null'))
    .addColumn('discord_id', 'text', (col) => col.unique())
    .addColumn('discord_username', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('balance_after', 'integer', (col) => col.notNull().check(sql`balance_after >= 0`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('reference', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('credit_ledger_user').on('credit_ledger').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_ledger').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('tiers').execute();
}
