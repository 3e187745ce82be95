// Granting and revoking the administrator flag: the ADMIN_EMAIL start-up rule and the admin CLI.
import { adminMessages, adminUserMessages } from '@starport/api-client/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  findUserById,
  findUserByNormalizedEmail,
  findUserForSignIn,
  findUserIdByNormalizedUsername,
  insertUserUnlessTaken,
  lockAdminIds,
  updateIsAdmin,
} from '../../db/repositories/users.ts';
import { conflict, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { normalizeEmail, normalizeUsername } from '../accounts/accounts.ts';
import { hashPassword, newPasswordProblem, verifyPassword } from '../accounts/passwords.ts';
import { adminTransaction } from './audit.ts';

export const adminCliMessages = {
  noSuchUser: (email: string) => `No account with the email ${email}`,
} as const;

export const adminStartMessages = {
  /** One line (the start prints it after "Starport could not start: "), naming what the operator can do. */
  notProven: (email: string, passwordSet: boolean) =>
    `an account with ADMIN_EMAIL ${email} already exists and ADMIN_PASSWORD ` +
    `${passwordSet ? 'does not match it' : 'is not set'}; if it is yours, run ` +
    `"npm run admin -- grant ${email}" or set its password as ADMIN_PASSWORD`,
} as const;

/** Who made a change, for the audit log: an admin's user id, "cli:alice" or "ADMIN_EMAIL". */
export type Actor = string;

/**
 * Grants or revokes the admin flag, with an audit record. The administrators are locked while
 * counted, so two revocations at once cannot both see "another admin remains" and leave none.
 */
export async function setAdminFlag(
  ctx: AppContext,
  by: Actor,
  userId: string,
  isAdmin: boolean,
): Promise<{ changed: boolean }> {
  let email = '';
  const changed = await adminTransaction(ctx, by, async (trx, audit) => {
    const user = await findUserById(trx, userId);
    if (!user) throw notFound(adminUserMessages.userNotFound);
    email = user.email;
    const adminIds = await lockAdminIds(trx);
    if (adminIds.includes(userId) === isAdmin) return false;
    if (!isAdmin && adminIds.length <= 1) throw conflict(adminMessages.lastAdmin);
    await updateIsAdmin(trx, userId, isAdmin, toIso(ctx.clock()));
    await audit({
      action: isAdmin ? 'user.admin_grant' : 'user.admin_revoke',
      targetType: 'user',
      targetId: userId,
      before: { isAdmin: !isAdmin },
      after: { isAdmin },
    });
    return true;
  });
  if (changed) ctx.logger.info(isAdmin ? 'admin.granted' : 'admin.revoked', { userId, email, by });
  return { changed };
}

async function findByEmailOr404(ctx: AppContext, email: string) {
  const user = await findUserByNormalizedEmail(ctx.db, normalizeEmail(email));
  if (!user) throw notFound(adminCliMessages.noSuchUser(email));
  return user;
}

export async function grantAdmin(ctx: AppContext, email: string, by: Actor): Promise<{ changed: boolean }> {
  return setAdminFlag(ctx, by, (await findByEmailOr404(ctx, email)).id, true);
}

export async function revokeAdmin(ctx: AppContext, email: string, by: Actor): Promise<{ changed: boolean }> {
  return setAdminFlag(ctx, by, (await findByEmailOr404(ctx, email)).id, false);
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
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: promote that account, or create it. An existing account is
 * promoted only when ADMIN_PASSWORD is set and is its password: anyone may have signed up with the
 * operator's address first, and must not become an administrator by it. Otherwise the start is
 * refused with one line saying what the operator can do.
 */
export async function ensureConfiguredAdmin(
  ctx: AppContext,
  attempt = 1,
): Promise<'none' | 'created' | 'promoted' | 'unchanged'> {
  const { adminEmail, adminPassword } = ctx.config;
  if (!adminEmail) return 'none';
  if (!z.email().safeParse(adminEmail).success) throw new Error(`ADMIN_EMAIL is not a valid email: ${adminEmail}`);
  const existing = await findUserForSignIn(ctx.db, normalizeEmail(adminEmail));
  if (existing) {
    if (existing.is_admin === 1) return 'unchanged';
    if (!adminPassword || !(await verifyPassword(existing.password_hash, adminPassword))) {
      throw new Error(adminStartMessages.notProven(adminEmail, adminPassword !== null));
    }
    await setAdminFlag(ctx, 'ADMIN_EMAIL', existing.id, true);
    return 'promoted';
  }
  if (!adminPassword) throw new Error(`ADMIN_PASSWORD is needed to create the administrator ${adminEmail}`);
  const problem = newPasswordProblem(adminPassword, { email: adminEmail });
  if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
  const now = toIso(ctx.clock());
  const id = newId();
  const username = await usernameFromEmail(ctx, adminEmail);
  const inserted = await insertUserUnlessTaken(ctx.db, {
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
  if (!inserted) {
    // Several instances started at once: another made the account (or took the username) first.
    // Looking again finds it, already an administrator, or picks a username still free.
    if (attempt >= 3)
      throw new Error(`Could not create the administrator ${adminEmail}: its email or username kept being taken`);
    return ensureConfiguredAdmin(ctx, attempt + 1);
  }
  ctx.logger.info('admin.created', { userId: id, email: adminEmail, username, by: 'ADMIN_EMAIL' });
  return 'created';
}
