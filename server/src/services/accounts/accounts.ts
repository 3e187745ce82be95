// Accounts: registration, sign-in and sign-out, with the rules of SPEC.md §5 and SECURITY.md.
import type { AuthResponse, LoginRequest, RegisterRequest } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import {
  findUserById,
  findUserByNormalizedEmail,
  findUserForSignIn,
  findUserIdByNormalizedUsername,
  insertUser,
  type UserWithTier,
  updateLastLogin,
  updatePasswordHash,
} from '../../db/repositories/users.ts';
import { conflict, invalid, rateLimited, unauthorized } from '../../errors.ts';
import { addressLimitKey } from '../../lib/client-address-key.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { admitLoginAttempt, type LoginAttempt, recordFailedLogin, recordSuccessfulLogin } from './login-throttle.ts';
import { getDummyHash, hashPassword, needsRehash, newPasswordProblem, verifyPassword } from './passwords.ts';
import { createSession, revokeSession } from './sessions.ts';
import { toUserView } from './user-view.ts';

export const accountMessages = {
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  invalidCredentials: 'Invalid email or password',
  tooManySignUps: 'Too many sign-ups from this address.',
} as const;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const normalizeUsername = (username: string): string => username.trim().toLowerCase();

export interface RequestMeta {
  address: string;
  userAgent: string | null;
}

/** A new session; the sign-in time is kept for the admin's user list (one indexed write per sign-in). */
async function signIn(ctx: AppContext, user: UserWithTier, meta: RequestMeta): Promise<AuthResponse> {
  const token = await createSession(ctx, user.id, meta);
  await updateLastLogin(ctx.db, user.id, toIso(ctx.clock()));
  return { user: toUserView(user), token };
}

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
    await insertUser(ctx.db, {
      id,
      email,
      email_normalized: emailNormalized,
      username,
      username_normalized: usernameNormalized,
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
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

export async function login(ctx: AppContext, input: LoginRequest, meta: RequestMeta): Promise<AuthResponse> {
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
  await recordSuccessfulLogin(ctx, attempt);
  const { password_hash: passwordHash, ...user } = found;
  if (needsRehash(passwordHash)) {
    await updatePasswordHash(ctx.db, user.id, await hashPassword(input.password), toIso(ctx.clock()));
  }
  logger.info('auth.login', { userId: user.id, address: meta.address });
  return signIn(ctx, user, meta);
}

export async function logout(ctx: AppContext, tokenHash: string, userId: string): Promise<void> {
  await revokeSession(ctx, tokenHash);
  ctx.logger.info('auth.logout', { userId });
}
