// Two-factor sign-in and signing in with Discord (issue 19):
//
//   two_factor            one row per account that set up an authenticator app: its TOTP secret,
//                         when it was turned on (null while it waits for the first code) and the last
//                         time step a code was accepted for, so no code works twice
//   two_factor_recovery_codes   ten single-use codes per account, only their SHA-256 kept
//   login_challenges      the step between a correct password and the code: short-lived, single use,
//                         with a few attempts, only its hash kept (any instance can finish it); and
//                         the ticket a Discord sign-in hands the login page, of the same kind
//   discord_sign_in_states      the state of a "Sign in with Discord" round trip (no account yet),
//                         bound to the browser like linking's, with its PKCE verifier
//   discord_link_states.code_verifier   linking sends a PKCE challenge too (null: a state made before)
//   site_settings.require_admin_two_factor   administrators must have two-factor sign-in on
//
// Only adds: new tables and nullable or defaulted columns. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_used_step', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user')
    .on('two_factor_recovery_codes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('challenge_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // 'code': waits for a two-factor code; 'discord': a Discord sign-in's ticket for the login page
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('attempts_left', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_challenges_expires').on('login_challenges').column('expires_at').execute();

  await db.schema
    .createTable('discord_sign_in_states')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema.alterTable('discord_link_states').addColumn('code_verifier', 'text').execute();
  await db.schema
    .alterTable('site_settings')
    .addColumn('require_admin_two_factor', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('require_admin_two_factor').execute();
  await db.schema.alterTable('discord_link_states').dropColumn('code_verifier').execute();
  await db.schema.dropTable('discord_sign_in_states').execute();
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
}
