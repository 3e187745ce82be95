// Verifying an email address: a link mailed at registration, on every email change, and on request
// (rate-limited). Unverified accounts work as before; an email change waits in its verification token
// and takes effect only when the new address's link is opened, the address checked again for
// uniqueness at that moment, and the old address told.
import {
  type CredentialAnswer,
  credentialMessages,
  VERIFICATION_LINK_HOURS,
  type VerifyEmailRequest,
  type VerifyEmailResponse,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import {
  deleteAccountTokensOfUser,
  deleteLiveAccountToken,
  findLiveAccountToken,
} from '../../db/repositories/account-tokens.ts';
import {
  findUserById,
  findUserByNormalizedEmail,
  markEmailVerified,
  type UserWithTier,
  updateVerifiedEmail,
} from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, invalid, rateLimited } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { queueMail, siteLink } from '../mail/mail.ts';
import { emailChangedMail, verifyAddressMail } from './account-mails.ts';
import { hashAccountToken, issueAccountToken } from './account-tokens.ts';
import { normalizeEmail } from './normalize.ts';

const VERIFICATION_LINK_MS = VERIFICATION_LINK_HOURS * 3_600_000;

/**
 * Mails a link that verifies `email` for the user (their current address unless given: a change);
 * call it inside the transaction of the change that asks for it.
 */
export async function queueVerificationMail(
  ctx: AppContext,
  trx: Executor,
  user: Pick<UserWithTier, 'id' | 'email'>,
  email = user.email,
): Promise<void> {
  const { token } = await issueAccountToken(ctx, trx, {
    userId: user.id,
    purpose: 'email_verification',
    validMs: VERIFICATION_LINK_MS,
    email,
  });
  const url = siteLink(ctx, '/verify-email', { token });
  await queueMail(ctx, trx, verifyAddressMail(email, url, email !== user.email));
}

/** Counts one verification mail the account asks for (again, or for a change); 429 past the limit. */
export async function limitVerificationMails(ctx: AppContext, userId: string): Promise<void> {
  const verdict = await ctx.limiters.verificationMailsPerAccount.hit(userId);
  if (!verdict.allowed) {
    ctx.logger.warn('account.verification_mail_rate_limited', { userId });
    throw rateLimited(credentialMessages.tooManyVerificationMails, verdict.retryAfterMs);
  }
}

/** A new link for the current address, when it is not verified yet. */
export async function resendVerificationMail(ctx: AppContext, user: UserWithTier): Promise<CredentialAnswer> {
  if (user.email_verified_at !== null) throw conflict(credentialMessages.alreadyVerified);
  await limitVerificationMails(ctx, user.id);
  await inTransaction(ctx.db, (trx) => queueVerificationMail(ctx, trx, user));
  ctx.logger.info('account.verification_mail', { userId: user.id });
  return { ok: true, message: credentialMessages.verificationSent };
}

type Verified = { email: string; changedFrom: string | null } | 'spent' | 'taken';

export async function verifyEmail(ctx: AppContext, input: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  const now = toIso(ctx.clock());
  const tokenHash = hashAccountToken(input.token);
  const found = await findLiveAccountToken(ctx.db, tokenHash, 'email_verification', now);
  if (!found) throw invalid(credentialMessages.verificationLinkInvalid);
  let outcome: Verified;
  try {
    outcome = await inTransaction(ctx.db, async (trx): Promise<Verified> => {
      if (!(await deleteLiveAccountToken(trx, tokenHash, 'email_verification', now))) return 'spent';
      const user = await findUserById(trx, found.user_id);
      if (!user) return 'spent';
      const email = found.email ?? user.email;
      const normalized = normalizeEmail(email);
      if (normalized === user.email_normalized) {
        await markEmailVerified(trx, user.id, normalized, now);
        return { email: user.email, changedFrom: null };
      }
      // An email change: the address must still be free now (the link is spent either way).
      if (await findUserByNormalizedEmail(trx, normalized)) return 'taken';
      await updateVerifiedEmail(trx, user.id, { email, normalized }, now);
      // Links mailed to the old address, and other changes waiting, end here.
      await deleteAccountTokensOfUser(trx, user.id, 'password_reset');
      await deleteAccountTokensOfUser(trx, user.id, 'email_verification');
      await queueMail(ctx, trx, emailChangedMail(ctx, user.email, email));
      return { email, changedFrom: user.email };
    });
  } catch (error) {
    // Another account took the address in the same moment: the unique index decided.
    if (!isUniqueViolation(error)) throw error;
    outcome = 'taken';
  }
  if (outcome === 'spent') throw invalid(credentialMessages.verificationLinkInvalid);
  if (outcome === 'taken') throw conflict(credentialMessages.emailTakenNow);
  ctx.logger.info(outcome.changedFrom ? 'account.email_changed' : 'account.email_verified', {
    userId: found.user_id,
  });
  return { ok: true, email: outcome.email };
}
