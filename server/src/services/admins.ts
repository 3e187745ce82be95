// Granting and revoking the administrator flag: the ADMIN_EMAIL start-up rule and the admin CLI.

import { newPasswordSchema } from '@starport/api-client/contract';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import {
  findUserByNormalizedEmail,
  findUserIdByNormalizedUsername,
  insertUser,
  updateIsAdmin,
} from '../db/repositories/users.ts';
import { conflict, notFound } from '../errors.ts';
import { toIso } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { normalizeEmail, normalizeUsername } from './accounts.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';

export const adminMessages = {
  noSuchUser: (email: string) => `No account with the email ${email}`,
  lastAdmin: 'The last administrator cannot be revoked',
} as const;

export async function grantAdmin(ctx: AppContext, email: string): Promise<{ changed: boolean }> {
  const user = await findUserByNormalizedEmail(ctx.db, normalizeEmail(email));
  if (!user) throw notFound(adminMessages.noSuchUser(email));
  if (user.is_admin === 1) return { changed: false };
  await updateIsAdmin(ctx.db, user.id, true, toIso(ctx.clock()));
  ctx.logger.info('admin.granted', { userId: user.id, by: 'cli' });
  return { changed: true };
}

export async function revokeAdmin(ctx: AppContext, email: string): Promise<{ changed: boolean }> {
  const user = await findUserByNormalizedEmail(ctx.db, normalizeEmail(email));
  if (!user) throw notFound(adminMessages.noSuchUser(email));
  if (user.is_admin === 0) return { changed: false };
  // One conditional statement, so two revocations at once cannot leave the site without an admin.
  const result = await ctx.db
    .updateTable('users')
    .set({ is_admin: 0, updated_at: toIso(ctx.clock()) })
    .where('id', '=', user.id)
    .where(sql<boolean>`(select count(*) from users where is_admin = 1) > 1`)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict(adminMessages.lastAdmin);
  ctx.logger.info('admin.revoked', { userId: user.id, by: 'cli' });
  return { changed: true };
}

/** A username for an account made from ADMIN_EMAIL: the email's local part, made valid and unique. */
async function usernameFromEmail(ctx: AppContext, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 14)
    .padEnd(3, '0');
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? base : `${base}${n}`;
    if (!(await findUserIdByNormalizedUsername(ctx.db, normalizeUsername(candidate)))) return candidate;
  }
  throw new Error('Could not find a free username for the ADMIN_EMAIL account');
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: promote that account, or create it. An existing account's
 * password is left as it is: the variables are for bootstrapping, not for resetting passwords.
 */
export async function ensureConfiguredAdmin(ctx: AppContext): Promise<'none' | 'created' | 'promoted' | 'unchanged'> {
  const { adminEmail, adminPassword } = ctx.config;
  if (!adminEmail) return 'none';
  const existing = await findUserByNormalizedEmail(ctx.db, normalizeEmail(adminEmail));
  if (existing) {
    if (existing.is_admin === 1) return 'unchanged';
    await updateIsAdmin(ctx.db, existing.id, true, toIso(ctx.clock()));
    ctx.logger.info('admin.granted', { userId: existing.id, by: 'ADMIN_EMAIL' });
    return 'promoted';
  }
  if (!adminPassword) {
    throw new Error(`ADMIN_PASSWORD is needed to create the administrator ${adminEmail}`);
  }
  const checked = newPasswordSchema.safeParse(adminPassword);
  if (!checked.success) throw new Error(`ADMIN_PASSWORD: ${checked.error.issues[0]?.message}`);
  if (isCommonPassword(adminPassword)) throw new Error('ADMIN_PASSWORD is one of the most common passwords');
  const now = toIso(ctx.clock());
  const id = newId();
  const username = await usernameFromEmail(ctx, adminEmail);
  await insertUser(ctx.db, {
    id,
    email: adminEmail,
    email_normalized: normalizeEmail(adminEmail),
    username,
    username_normalized: normalizeUsername(username),
    password_hash: await hashPassword(adminPassword),
    is_admin: 1,
    created_at: now,
    updated_at: now,
  });
  ctx.logger.info('admin.created', { userId: id, username, by: 'ADMIN_EMAIL' });
  return 'created';
}
