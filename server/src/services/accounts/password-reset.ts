// Forgot password and reset (ASVS 6.4): the request answers the same whatever the address, and does the
// same work whatever the address (two rate-limit counts and one queued job), so neither its answer nor
// its time tells whether an account uses it; the job then looks the address up and, for an account,
// mails a link. The link's token is 256 random bits, stored as a hash, valid 30 minutes, used once.
// Setting the new password ends every session of the account (every instance's session cache
// forgets them: db/read-cache.ts), ends the other reset links, and mails a notice.
import {
  adminUserMessages,
  type CredentialAnswer,
  credentialMessages,
  type ForgotPasswordRequest,
  RESET_LINK_MINUTES,
  type ResetLinkResponse,
  type ResetPasswordRequest,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import {
  deleteAccountTokensOfUser,
  deleteLiveAccountToken,
  findLiveAccountToken,
} from '../../db/repositories/account-tokens.ts';
import { deleteSessionsOfUser } from '../../db/repositories/sessions.ts';
import {
  findUserById,
  findUserByNormalizedEmail,
  type UserWithTier,
  updatePasswordHash,
} from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, invalid, notFound, rateLimited } from '../../errors.ts';
import { addressLimitKey } from '../../lib/client-address-key.ts';
import { toIso } from '../../lib/clock.ts';
import { adminTransaction } from '../admin/audit.ts';
import { enqueue, type JobKind } from '../jobs/runner.ts';
import { queueMail, siteLink } from '../mail/mail.ts';
import { passwordChangedMail, resetLinkMail } from './account-mails.ts';
import { hashAccountToken, issueAccountToken } from './account-tokens.ts';
import type { RequestMeta } from './accounts.ts';
import { normalizeEmail } from './normalize.ts';
import { hashPassword, newPasswordProblem } from './passwords.ts';

const RESET_LINK_MS = RESET_LINK_MINUTES * 60_000;

export const resetLinkUrl = (ctx: AppContext, token: string) => siteLink(ctx, '/reset-password', { token });

/** The job a forgot-password request queues: an account with this address gets a reset link. */
export const resetLinkJob: JobKind<{ email: string }> = {
  name: 'accounts.reset_link',
  async run(ctx, { email }) {
    const user = await findUserByNormalizedEmail(ctx.db, email);
    if (!user) return { status: 'done', note: 'no account' };
    await inTransaction(ctx.db, async (trx) => {
      const { token } = await issueAccountToken(ctx, trx, {
        userId: user.id,
        purpose: 'password_reset',
        validMs: RESET_LINK_MS,
      });
      await queueMail(ctx, trx, resetLinkMail(user.email, resetLinkUrl(ctx, token)));
    });
    return { status: 'done', note: 'link mailed' };
  },
  maxAttempts: 5,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
};

export async function requestPasswordReset(
  ctx: AppContext,
  input: ForgotPasswordRequest,
  meta: RequestMeta,
): Promise<CredentialAnswer> {
  const fromAddress = await ctx.limiters.forgotPasswordPerAddress.hit(addressLimitKey(meta.address));
  if (!fromAddress.allowed) {
    ctx.logger.warn('auth.reset_request_rate_limited', { address: meta.address });
    throw rateLimited(credentialMessages.tooManyResetRequests, fromAddress.retryAfterMs);
  }
  const email = normalizeEmail(input.email);
  // Per address mailed, whether or not an account uses it: past the limit, the same answer and no mail.
  const toAccount = await ctx.limiters.forgotPasswordPerAccount.hit(email);
  if (toAccount.allowed) await enqueue(ctx.db, resetLinkJob, { key: email, payload: { email } }, toIso(ctx.clock()));
  ctx.logger.info('auth.reset_requested', { email, address: meta.address, mailed: toAccount.allowed });
  return { ok: true, message: credentialMessages.resetLinkSent };
}

/**
 * The one way a password is replaced (a reset, a change), inside the caller's transaction: the new
 * hash, the account's reset links ended, its sessions ended (but `keepTokenHash`, the one making a
 * change), and the notice queued. Answers how many sessions ended.
 */
export async function replacePassword(
  ctx: AppContext,
  trx: Executor,
  user: Pick<UserWithTier, 'id' | 'email'>,
  passwordHash: string,
  keepTokenHash?: string,
): Promise<number> {
  await updatePasswordHash(trx, user.id, passwordHash, toIso(ctx.clock()));
  await deleteAccountTokensOfUser(trx, user.id, 'password_reset');
  const ended = await deleteSessionsOfUser(trx, user.id, keepTokenHash);
  const signedOut = keepTokenHash ? 'every other device' : 'every device';
  await queueMail(ctx, trx, passwordChangedMail(ctx, user.email, signedOut));
  return ended;
}

export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordRequest,
  meta: RequestMeta,
): Promise<CredentialAnswer> {
  const now = toIso(ctx.clock());
  const tokenHash = hashAccountToken(input.token);
  const found = await findLiveAccountToken(ctx.db, tokenHash, 'password_reset', now);
  const user = found ? await findUserById(ctx.db, found.user_id) : undefined;
  if (!user) throw invalid(credentialMessages.resetLinkInvalid);
  // A password the rules refuse leaves the link usable for a better one.
  const problem = newPasswordProblem(input.password, { email: user.email, username: user.username });
  if (problem) throw invalid(problem);
  const passwordHash = await hashPassword(input.password);
  const sessionsEnded = await inTransaction(ctx.db, async (trx) => {
    if (!(await deleteLiveAccountToken(trx, tokenHash, 'password_reset', now))) return null;
    return replacePassword(ctx, trx, user, passwordHash);
  });
  // Another call with the same link got there first.
  if (sessionsEnded === null) throw invalid(credentialMessages.resetLinkInvalid);
  ctx.logger.info('auth.password_reset', { userId: user.id, address: meta.address, sessionsEnded });
  return { ok: true, message: credentialMessages.passwordReset };
}

/**
 * An admin's one-time reset link for a player, whether or not mail is configured: the admin hands it
 * over. Audited without the link itself.
 */
export async function createResetLinkForUser(
  ctx: AppContext,
  adminId: string,
  userId: string,
): Promise<ResetLinkResponse> {
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const user = await findUserById(trx, userId);
    if (!user) throw notFound(adminUserMessages.userNotFound);
    if (user.deleted_at) throw conflict(adminUserMessages.accountDeleted);
    const { token, expiresAt } = await issueAccountToken(ctx, trx, {
      userId,
      purpose: 'password_reset',
      validMs: RESET_LINK_MS,
    });
    await audit({ action: 'user.reset_link', targetType: 'user', targetId: userId, after: { expiresAt } });
    return { url: resetLinkUrl(ctx, token), expiresAt };
  });
}
