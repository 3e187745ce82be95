// Accounts: registration, sign-in and sign-out, with the rules of SPEC.md §5 and SECURITY.md.
import type { AuthResponse, LoginRequest, LoginResponse, RegisterRequest } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { hasTwoFactorEnabled } from '../../db/repositories/two-factor.ts';
import {
  findUserById,
  findUserByNormalizedEmail,
  findUserForSignIn,
  findUserIdByNormalizedUsername,
  insertUser,
  updatePasswordHash,
} from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, invalid, rateLimited, unauthorized } from '../../errors.ts';
import { addressLimitKey } from '../../lib/client-address-key.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { queueVerificationMail } from './email-verification.ts';
import { createLoginChallenge } from './login-challenges.ts';
import {
  admitLoginAttempt,
  type LoginAttempt,
  recordFailedLogin,
  recordPasswordOnlyLogin,
  recordSuccessfulLogin,
} from './login-throttle.ts';
import { normalizeEmail, normalizeUsername } from './normalize.ts';
import { getDummyHash, hashPassword, needsRehash, newPasswordProblem, verifyPassword } from './passwords.ts';
import { type RequestMeta, signIn } from './session-start.ts';
import { revokeSession } from './sessions.ts';

export const accountMessages = {
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  invalidCredentials: 'Invalid email or password',
  tooManySignUps: 'Too many sign-ups from this address.',
} as const;

export { normalizeEmail, normalizeUsername } from './normalize.ts';
export type { RequestMeta } from './session-start.ts';

export async function register(ctx: AppContext, input: RegisterRequest, meta: RequestMeta): Promise<AuthResponse> {
  const verdict = await ctx.limiters.registerPerAddress.hit(addressLimitKey(meta.address));
  if (!verdict.allowed) {
    ctx.logger.warn('auth.register_rate_limited', { address: meta.address });
    throw rateLimited(accountMessages.tooManySignUps, verdict.retryAfterMs);
  }

  // The contract's schema has trimmed both already.
  const { email, username, password } = input;
  const emailNormalized = normalizeEmail(email);
  const usernameNormalized = normalizeUsername(username);
  const problem = newPasswordProblem(password, { email, username });
  if (problem) throw invalid(problem);
  if (await findUserByNormalizedEmail(ctx.db, emailNormalized)) throw conflict(accountMessages.emailTaken);
  if (await findUserIdByNormalizedUsername(ctx.db, usernameNormalized)) throw conflict(accountMessages.usernameTaken);

  const passwordHash = await hashPassword(password);
  const id = newId();
  const now = toIso(ctx.clock());
  try {
    await inTransaction(ctx.db, async (trx) => {
      await insertUser(trx, {
        id,
        email,
        email_normalized: emailNormalized,
        username,
        username_normalized: usernameNormalized,
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
      });
      // The link that verifies the address: the account works meanwhile.
      await queueVerificationMail(ctx, trx, { id, email });
    });
  } catch (error) {
    // Two sign-ups racing for the same email or username: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    const message = String((error as Error).message);
    throw conflict(message.includes('username') ? accountMessages.usernameTaken : accountMessages.emailTaken);
  }
  ctx.logger.info('auth.register', { userId: id, username, address: meta.address });
  const user = await findUserById(ctx.db, id);
  if (!user) throw new Error(`user ${id} vanished while signing up`);
  return signIn(ctx, user, meta);
}

/** The right password signs in, or, with two-factor sign-in on, answers the challenge for the code. */
export async function login(ctx: AppContext, input: LoginRequest, meta: RequestMeta): Promise<LoginResponse> {
  const { logger } = ctx;
  const emailNormalized = normalizeEmail(input.email);
  const attempt: LoginAttempt = { account: emailNormalized, clientAddress: meta.address };
  const admission = await admitLoginAttempt(ctx, attempt);

  const found = await findUserForSignIn(ctx.db, emailNormalized);
  // Unknown emails are checked against a dummy hash so both failures cost the same time.
  const passwordOk = await verifyPassword(found?.password_hash ?? (await getDummyHash()), input.password);
  if (!found || !passwordOk) {
    await recordFailedLogin(ctx, attempt, admission);
    logger.warn('auth.login_failed', { email: emailNormalized, address: meta.address, knownAccount: !!found });
    throw unauthorized(accountMessages.invalidCredentials);
  }
  const { password_hash: passwordHash, ...user } = found;
  if (needsRehash(passwordHash)) {
    await updatePasswordHash(ctx.db, user.id, await hashPassword(input.password), toIso(ctx.clock()));
  }
  if (await hasTwoFactorEnabled(ctx.db, user.id)) {
    await recordPasswordOnlyLogin(ctx, attempt);
    logger.info('auth.login_password_ok', { userId: user.id, address: meta.address });
    return { twoFactorRequired: true, challenge: await createLoginChallenge(ctx, user.id, 'code') };
  }
  await recordSuccessfulLogin(ctx, attempt);
  logger.info('auth.login', { userId: user.id, address: meta.address });
  return signIn(ctx, user, meta);
}

export async function logout(ctx: AppContext, tokenHash: string, userId: string): Promise<void> {
  await revokeSession(ctx, tokenHash);
  ctx.logger.info('auth.logout', { userId });
}
