// What administrators do to users: the admin view of SPEC.md §3, setting a balance
// (through the ledger, as an admin adjustment), assigning a tier and the admin flag. Every change
// leaves an audit record.
import { type AdminUser, adminMessages, adminUserMessages } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { findTierById } from '../../db/repositories/catalogue.ts';
import { findUserById, lockUserCredits, type UserWithTier, updateUserTier } from '../../db/repositories/users.ts';
import { invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { toUserView } from '../accounts/user-view.ts';
import { enqueueRoleSync } from '../discord/roles.ts';
import { creditWithLedger, debitWithLedger } from '../purchases/credit-ledger.ts';
import { setAdminFlag } from './administrators.ts';
import { adminTransaction } from './audit.ts';

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
    lastLoginAt: row.last_login_at,
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
  await adminTransaction(ctx, adminId, async (trx, audit) => {
    // Locked, so a purchase landing meanwhile cannot make the difference wrong.
    const current = await lockUserCredits(trx, userId);
    if (current === undefined) throw notFound(adminUserMessages.userNotFound);
    if (credits === current) return;
    const change = { userId, reason: ADMIN_ADJUSTMENT, actorId: adminId, now };
    if (credits > current) {
      // The schema bounds credits by MAX_BALANCE, so the ledger's own guard cannot refuse this.
      if ((await creditWithLedger(trx, { ...change, amount: credits - current })) === null) {
        throw new Error('balance past the maximum under a row lock');
      }
    } else if ((await debitWithLedger(trx, { ...change, amount: current - credits })) === null) {
      throw new Error('balance changed under a row lock');
    }
    await audit({
      action: 'user.credits',
      targetType: 'user',
      targetId: userId,
      before: { credits: current },
      after: { credits },
    });
  });
  return readAdminUser(ctx, userId);
}

/** Gives a user a tier (any tier, active or not) or, with null, takes it away. */
export async function setUserTier(
  ctx: AppContext,
  adminId: string,
  userId: string,
  tierId: string | null,
): Promise<AdminUser> {
  await adminTransaction(ctx, adminId, async (trx, audit) => {
    if (tierId !== null && !(await findTierById(trx, tierId))) throw notFound(adminUserMessages.tierNotFound);
    const before = await findUserById(trx, userId);
    if (!before) throw notFound(adminUserMessages.userNotFound);
    const now = toIso(ctx.clock());
    await updateUserTier(trx, userId, tierId, now);
    await enqueueRoleSync(trx, { userId }, now);
    await audit({
      action: 'user.tier',
      targetType: 'user',
      targetId: userId,
      before: { tierId: before.current_tier_id },
      after: { tierId },
    });
  });
  return readAdminUser(ctx, userId);
}

/** SPEC.md §2: the Admin toggle. Nobody revokes their own flag, and the last admin stays. */
export async function setUserAdmin(
  ctx: AppContext,
  adminId: string,
  userId: string,
  isAdmin: boolean,
): Promise<AdminUser> {
  if (!isAdmin && userId === adminId) throw invalid(adminMessages.ownAdminFlag);
  await setAdminFlag(ctx, adminId, userId, isAdmin);
  return readAdminUser(ctx, userId);
}
