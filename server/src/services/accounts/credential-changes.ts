// A signed-in player changes their password or email, confirming with the current password. A wrong
// one is a clear refusal and counts against a limit of its own per account (PASSWORD_CHECK_LIMIT_PER_ACCOUNT),
// reserved before the check so several sent at once cannot pass it. A new password follows the
// registration rules, ends every other session (this one stays) and the reset links, and is told by
// mail. A new email is only asked for here: it takes effect when its link is opened
// (email-verification.ts). The answer is the same whether or not another account uses the address
// (that address is told instead), so the call tells nobody which addresses have accounts.
import {
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type CredentialAnswer,
  credentialMessages,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { deleteAccountTokensOfUser } from '../../db/repositories/account-tokens.ts';
import { findPasswordHash, findUserByNormalizedEmail, type UserWithTier } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invalid, rateLimited } from '../../errors.ts';
import { queueMail } from '../mail/mail.ts';
import { addressInUseMail } from './account-mails.ts';
import type { RequestMeta } from './accounts.ts';
import { limitVerificationMails, queueVerificationMail } from './email-verification.ts';
import { normalizeEmail } from './normalize.ts';
import { replacePassword } from './password-reset.ts';
import { hashPassword, newPasswordProblem, verifyPassword } from './passwords.ts';

/** Refuses (400) a wrong current password, and (429) an account past its limit of wrong ones. */
export async function confirmCurrentPassword(
  ctx: AppContext,
  user: UserWithTier,
  password: string,
  meta: RequestMeta,
): Promise<void> {
  const limiter = ctx.limiters.passwordChecksPerAccount;
  const verdict = await limiter.hit(user.id);
  if (!verdict.allowed) {
    ctx.logger.warn('account.password_check_rate_limited', { userId: user.id, address: meta.address });
    throw rateLimited(credentialMessages.tooManyPasswordChecks, verdict.retryAfterMs);
  }
  const passwordHash = await findPasswordHash(ctx.db, user.id);
  if (!passwordHash || !(await verifyPassword(passwordHash, password))) {
    ctx.logger.warn('account.password_check_failed', { userId: user.id, address: meta.address });
    throw invalid(credentialMessages.currentPasswordWrong);
  }
  // Only wrong passwords count.
  await limiter.release(user.id);
}

export async function changePassword(
  ctx: AppContext,
  user: UserWithTier,
  currentTokenHash: string,
  input: ChangePasswordRequest,
  meta: RequestMeta,
): Promise<CredentialAnswer> {
  await confirmCurrentPassword(ctx, user, input.currentPassword, meta);
  const problem = newPasswordProblem(input.password, { email: user.email, username: user.username });
  if (problem) throw invalid(problem);
  const passwordHash = await hashPassword(input.password);
  const sessionsEnded = await inTransaction(ctx.db, (trx) =>
    replacePassword(ctx, trx, user, passwordHash, currentTokenHash),
  );
  ctx.logger.info('account.password_changed', { userId: user.id, address: meta.address, sessionsEnded });
  return { ok: true, message: credentialMessages.passwordChanged };
}

export async function changeEmail(
  ctx: AppContext,
  user: UserWithTier,
  input: ChangeEmailRequest,
  meta: RequestMeta,
): Promise<CredentialAnswer> {
  await confirmCurrentPassword(ctx, user, input.password, meta);
  const normalized = normalizeEmail(input.email);
  if (normalized === user.email_normalized) throw invalid(credentialMessages.sameEmail);
  await limitVerificationMails(ctx, user.id);
  const taken = Boolean(await findUserByNormalizedEmail(ctx.db, normalized));
  await inTransaction(ctx.db, async (trx) => {
    if (taken) {
      await queueMail(ctx, trx, addressInUseMail(ctx, input.email));
      return;
    }
    // One change waits at a time: the links of earlier ones end.
    await deleteAccountTokensOfUser(trx, user.id, 'email_verification');
    await queueVerificationMail(ctx, trx, user, input.email);
  });
  ctx.logger.info('account.email_change_requested', { userId: user.id, address: meta.address, taken });
  return { ok: true, message: credentialMessages.emailChangeSent };
}
