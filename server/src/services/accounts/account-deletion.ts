// Deleting an account (issue 19; GDPR art. 17), after the password and the username typed as a
// confirmation. The player's row stays, because the credit ledger, the inventory and the payment
// records name it and must still add up for accounting; everything on it that says who they were is
// erased (email, username, Discord link, password), and so is every session with its addresses and
// user agents. In the same transaction: each subscription the provider may still bill is held
// (`account_deleted`), so it gives no tier and the settling pass cancels it at the provider right
// after and on the schedule until it succeeds (no network call in a transaction, no card left being
// charged); the Discord role removal is queued for the old Discord account; and the audit log
// records it; a notice is mailed to the address the account had. Gifts and trades stay in the item
// ledger under the replaced name, without the messages the player wrote. The last administrator cannot
// delete their account. The old email and username are free to register again at once.
import { accountPageMessages, type DeleteAccountRequest } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { deleteAccountTokensOfUser } from '../../db/repositories/account-tokens.ts';
import { deleteLinkStatesOfUser } from '../../db/repositories/discord-link-states.ts';
import { eraseTransferMessagesOf } from '../../db/repositories/item-moves.ts';
import { deleteScoresOfUser } from '../../db/repositories/leaderboard.ts';
import { deleteSessionsOfUser } from '../../db/repositories/sessions.ts';
import { holdSubscriptionsOfUser } from '../../db/repositories/subscriptions.ts';
import { endTierGiftsReceivedBy } from '../../db/repositories/tier-gifts.ts';
import { deleteLoginChallengesOfUser, deleteTwoFactor } from '../../db/repositories/two-factor.ts';
import {
  anonymiseUser,
  findUserById,
  findUserForSignIn,
  lockAdminIds,
  lockUserCredits,
  type UserWithTier,
} from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { authMessages, conflict, forbidden, invalid, unauthorized } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { insertAudit } from '../admin/audit.ts';
import { enqueueRoleSync } from '../discord/roles.ts';
import { leaderboardChanged } from '../leaderboard/boards.ts';
import { type MailMessage, queueMail } from '../mail/mail.ts';
import { settleSubscriptionHolds } from '../payments/subscription-holds.ts';
import { normalizeUsername, type RequestMeta } from './accounts.ts';
import { admitLoginAttempt, recordFailedLogin, recordSuccessfulLogin } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';

/** A domain that can never receive mail (RFC 2606), so the replaced address reaches nobody. */
const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

/**
 * What a deleted player's row says instead. The username's normalised form has a colon, which no
 * username may (contract/auth.ts), so it never stands in anyone's way; the shown name says what it is.
 */
function anonymousIdentity(userId: string) {
  const email = `deleted-${userId}@${DELETED_EMAIL_DOMAIN}`;
  return {
    email,
    emailNormalized: email.toLowerCase(),
    username: `Deleted player ${userId.slice(0, 8)}`,
    usernameNormalized: `deleted:${userId}`,
    // No hash of any password has this form: nothing signs in with it.
    passwordHash: 'deleted',
  };
}

/** The mail that tells the player (at the address the account had) that it is gone. */
function deletionNotice(to: string, username: string, subscriptionCancelled: boolean): MailMessage {
  return {
    to,
    subject: 'Your account was deleted',
    paragraphs: [
      `Hello ${username},`,
      'Your Starport account was deleted just now, as asked on the Account page. Your email, username, Discord ' +
        'link and signed-in devices have been erased, and every device is signed out.',
      ...(subscriptionCancelled
        ? ['Your supporter subscription has been cancelled: your card is not charged again.']
        : []),
      'Records of past payments are kept for accounting, without your name. You can sign up again with this ' +
        'address whenever you like.',
    ],
    after: ['If you did not delete your account, someone who knew your password did: tell the community’s team.'],
  };
}

/**
 * The password is checked as a sign-in is, and counted by the same throttle: a stolen session cannot
 * guess the password here faster than at the login form.
 */
async function checkPassword(ctx: AppContext, user: UserWithTier, password: string, meta: RequestMeta) {
  const attempt = { account: user.email_normalized, clientAddress: meta.address };
  const admission = await admitLoginAttempt(ctx, attempt);
  const found = await findUserForSignIn(ctx.db, user.email_normalized);
  const ok = found?.id === user.id && (await verifyPassword(found.password_hash, password));
  if (!ok) {
    await recordFailedLogin(ctx, attempt, admission);
    ctx.logger.warn('account.delete_refused', { userId: user.id, address: meta.address, reason: 'password' });
    throw forbidden(accountPageMessages.wrongPassword);
  }
  await recordSuccessfulLogin(ctx, attempt);
}

export async function deleteAccount(
  ctx: AppContext,
  user: UserWithTier,
  input: DeleteAccountRequest,
  meta: RequestMeta,
): Promise<void> {
  if (normalizeUsername(input.confirm) !== user.username_normalized) throw invalid(accountPageMessages.confirmMismatch);
  await checkPassword(ctx, user, input.password, meta);

  const nowIso = toIso(ctx.clock());
  const held = await inTransaction(ctx.db, async (trx) => {
    // Administrators are counted under their row locks, as revoking one is (services/admin/administrators.ts).
    const adminIds = await lockAdminIds(trx);
    if (adminIds.includes(user.id) && adminIds.length <= 1) throw conflict(accountPageMessages.lastAdmin);
    // The player's row locked: a second deletion at once waits, then finds the account gone.
    await lockUserCredits(trx, user.id);
    const current = await findUserById(trx, user.id);
    if (!current || current.deleted_at) throw unauthorized(authMessages.signInRequired);

    const held = await holdSubscriptionsOfUser(trx, user.id, 'account_deleted', nowIso);
    // The role goes with the link: the job clears every tier role from the old Discord account.
    if (current.discord_id) await enqueueRoleSync(trx, { userId: user.id, discordId: current.discord_id }, nowIso);
    // The notice goes to the address the account had, with the change (services/mail/mail.ts).
    await queueMail(ctx, trx, deletionNotice(current.email, current.username, held > 0));
    if (!(await anonymiseUser(trx, user.id, anonymousIdentity(user.id), nowIso))) {
      throw unauthorized(authMessages.signInRequired);
    }
    const sessions = await deleteSessionsOfUser(trx, user.id, null);
    await deleteLinkStatesOfUser(trx, user.id);
    // Nothing that could sign in or recover the account stays: reset and verification links, the
    // authenticator secret and recovery codes, open sign-in steps.
    await deleteAccountTokensOfUser(trx, user.id);
    await deleteTwoFactor(trx, user.id);
    await deleteLoginChallengesOfUser(trx, user.id);
    // The messages they wrote with gifts go; the moves stay in the item ledger under the replaced name.
    await eraseTransferMessagesOf(trx, user.id);
    // A gifted month they were receiving ends with the account (the tier goes with anonymising).
    await endTierGiftsReceivedBy(trx, user.id, nowIso);
    // Off every board, current and archived: their rows would show the replaced name, and count in ranks.
    await deleteScoresOfUser(trx, user.id);
    await insertAudit(trx, ctx, user.id, {
      action: 'account.delete',
      targetType: 'user',
      targetId: user.id,
      after: { deleted: true, subscriptionsCancelled: held, discordRoleRemoved: Boolean(current.discord_id), sessions },
    });
    return held;
  });
  ctx.logger.info('account.deleted', { userId: user.id, address: meta.address, subscriptions: held });
  // The kept top pages named them: forgotten now here, and in the other instances on the notice.
  await leaderboardChanged(ctx);

  // Cancelled at the provider now, outside the transaction; a failure is retried by the schedule.
  if (held > 0) {
    await settleSubscriptionHolds(ctx).catch((error) =>
      ctx.logger.error('account.delete_cancel_failed', { userId: user.id, error: String(error) }),
    );
  }
}
