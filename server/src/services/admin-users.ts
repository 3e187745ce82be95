// What administrators do to users: the admin view of SPEC.md §3, setting a balance (through the
// ledger, as an admin adjustment) and assigning a tier. Each change is logged with who made it.
import { type AdminUser, adminUserMessages } from '@starport/api-client/contract';
import type { AppContext } from '../context.ts';
import { needsRowLocks } from '../db/dialect.ts';
import { findTierById } from '../db/repositories/catalogue.ts';
import { findUserById, lockUserCredits, type UserWithTier, updateUserTier } from '../db/repositories/users.ts';
import { notFound } from '../errors.ts';
import { toIso } from '../lib/clock.ts';
import { creditWithLedger, debitWithLedger } from './credit-ledger.ts';
import { toUserView } from './user-view.ts';

export const ADMIN_ADJUSTMENT = 'admin_adjustment';

export function toAdminUserView(row: UserWithTier): AdminUser {
  const user = toUserView(row);
  return {
    _id: user._id,
    user_name: user.username,
    user_email: user.email,
    user_created_at: row.created_at,
    discordId: user.discordId,
    discordUsername: user.discordUsername,
    credits: user.credits,
    currentTier: user.currentTier,
    isAdmin: user.isAdmin,
  };
}

async function readAdminUser(ctx: AppContext, userId: string): Promise<AdminUser> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw notFound(adminUserMessages.userNotFound);
  return toAdminUserView(row);
}

/** Sets a balance to `credits`; the difference is one ledger row naming the admin. */
export async function setUserCredits(
  ctx: AppContext,
  adminId: string,
  userId: string,
  credits: number,
): Promise<AdminUser> {
  const now = toIso(ctx.clock());
  const before = await ctx.db.transaction().execute(async (trx) => {
    // Locked, so a purchase landing meanwhile cannot make the difference wrong.
    const current = await lockUserCredits(trx, userId, needsRowLocks(ctx.dialect));
    if (current === undefined) throw notFound(adminUserMessages.userNotFound);
    const change = { userId, reason: ADMIN_ADJUSTMENT, actorId: adminId, now };
    if (credits > current) await creditWithLedger(trx, { ...change, amount: credits - current });
    if (credits < current) {
      const balance = await debitWithLedger(trx, { ...change, amount: current - credits });
      if (balance === null) throw new Error('balance changed under a row lock');
    }
    return current;
  });
  if (before !== credits) ctx.logger.info('admin.credits_set', { by: adminId, userId, from: before, to: credits });
  return readAdminUser(ctx, userId);
}

/** Gives a user a tier (any tier, active or not) or, with null, takes it away. */
export async function setUserTier(
  ctx: AppContext,
  adminId: string,
  userId: string,
  tierId: string | null,
): Promise<AdminUser> {
  if (tierId !== null && !(await findTierById(ctx.db, tierId))) throw notFound(adminUserMessages.tierNotFound);
  if (!(await updateUserTier(ctx.db, userId, tierId, toIso(ctx.clock())))) {
    throw notFound(adminUserMessages.userNotFound);
  }
  ctx.logger.info('admin.tier_set', { by: adminId, userId, tierId });
  return readAdminUser(ctx, userId);
}
