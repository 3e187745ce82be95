// The step between a correct password and its two-factor code, and the ticket a Discord sign-in
// hands the login page: each a random 256-bit secret, only its hash stored (any instance finishes
// it), single use and short-lived. A code challenge allows a few attempts, and each wrong code
// counts against the sign-in throttle (login-throttle.ts) as a wrong password would. A recovery code
// used to sign in is mailed to the owner.
import { type AuthResponse, type TwoFactorLoginRequest, twoFactorMessages } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import {
  countUnusedRecoveryCodes,
  deleteLoginChallenge,
  insertLoginChallenge,
  purgeLoginChallenges,
  spendChallengeAttempt,
  takeDiscordTicket,
} from '../../db/repositories/two-factor.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { unauthorized } from '../../errors.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { newSecretToken, sha256Hex } from '../../lib/ids.ts';
import { queueMail } from '../mail/mail.ts';
import { recoveryCodeUsedMail } from './account-mails.ts';
import { admitLoginAttempt, recordFailedLogin, recordSuccessfulLogin } from './login-throttle.ts';
import { type RequestMeta, signIn } from './session-start.ts';
import { useSecondFactor } from './two-factor.ts';

export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;
export const DISCORD_TICKET_TTL_MS = 60_000;
export const LOGIN_CHALLENGE_ATTEMPTS = 5;

/** A new challenge (or ticket) for the account; the secret goes to the client, its hash to the database. */
export async function createLoginChallenge(ctx: AppContext, userId: string, kind: 'code' | 'discord'): Promise<string> {
  const challenge = newSecretToken();
  const now = ctx.clock();
  await purgeLoginChallenges(ctx.db, toIso(now));
  await insertLoginChallenge(ctx.db, {
    challengeHash: sha256Hex(challenge),
    userId,
    kind,
    attempts: kind === 'code' ? LOGIN_CHALLENGE_ATTEMPTS : 1,
    expiresAt: toIso(addMs(now, kind === 'code' ? LOGIN_CHALLENGE_TTL_MS : DISCORD_TICKET_TTL_MS)),
    now: toIso(now),
  });
  return challenge;
}

/** POST /api/auth/login/2fa: the code (or a recovery code) for a live challenge signs in. */
export async function completeTwoFactorLogin(
  ctx: AppContext,
  input: TwoFactorLoginRequest,
  meta: RequestMeta,
): Promise<AuthResponse> {
  const { logger } = ctx;
  const challengeHash = sha256Hex(input.challenge);
  const spent = await spendChallengeAttempt(ctx.db, challengeHash, toIso(ctx.clock()));
  const user = spent ? await findUserById(ctx.db, spent.user_id) : undefined;
  if (!spent || !user) throw unauthorized(twoFactorMessages.challengeInvalid);

  const attempt = { account: user.email_normalized, clientAddress: meta.address };
  const admission = await admitLoginAttempt(ctx, attempt);
  const factor = await useSecondFactor(ctx.db, user.id, input.code, ctx.clock());
  if (!factor) {
    await recordFailedLogin(ctx, attempt, admission);
    if (spent.attempts_left <= 0) await deleteLoginChallenge(ctx.db, challengeHash);
    logger.warn('auth.two_factor_failed', { userId: user.id, address: meta.address });
    throw unauthorized(spent.attempts_left <= 0 ? twoFactorMessages.challengeInvalid : twoFactorMessages.codeInvalid);
  }
  // Two right codes at once for one challenge: only the one that removes it signs in.
  if ((await deleteLoginChallenge(ctx.db, challengeHash)) === 0) throw unauthorized(twoFactorMessages.challengeInvalid);
  await recordSuccessfulLogin(ctx, attempt);
  if (factor === 'recovery') {
    const left = await countUnusedRecoveryCodes(ctx.db, user.id);
    await queueMail(ctx, ctx.db, recoveryCodeUsedMail(ctx, user.email, left));
  }
  logger.info('auth.login', { userId: user.id, address: meta.address, secondFactor: factor });
  return signIn(ctx, user, meta);
}

/** POST /api/auth/login/discord: the ticket of a Discord sign-in (two-factor off) signs in once. */
export async function redeemDiscordTicket(ctx: AppContext, ticket: string, meta: RequestMeta): Promise<AuthResponse> {
  const taken = await takeDiscordTicket(ctx.db, sha256Hex(ticket), toIso(ctx.clock()));
  const user = taken ? await findUserById(ctx.db, taken.user_id) : undefined;
  if (!user) throw unauthorized(twoFactorMessages.discordTicketInvalid);
  ctx.logger.info('auth.login', { userId: user.id, address: meta.address, via: 'discord' });
  return signIn(ctx, user, meta);
}
