// Accounts: registration, sign-in and sign-out, with the rules of SPEC.md §5 and SECURITY.md.
import type { AuthResponse, LoginRequest, RegisterRequest } from '@starport/api-client/contract';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import {
  findUserById,
  findUserByNormalizedEmail,
  findUserIdByNormalizedUsername,
  insertUser,
  updatePasswordHash,
} from '../db/repositories/users.ts';
import { AppError, conflict, invalid, unauthorized } from '../errors.ts';
import { toIso } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { describeWait } from '../lib/rate-limiter.ts';
import { getDummyHash, hashPassword, isCommonPassword, needsRehash, verifyPassword } from './passwords.ts';
import { createSession, revokeSession } from './sessions.ts';
import { toUserView } from './user-view.ts';

export const accountMessages = {
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  commonPassword: 'This password is too common. Please choose a less common one',
  invalidCredentials: 'Invalid email or password',
} as const;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const normalizeUsername = (username: string): string => username.trim().toLowerCase();

export interface RequestMeta {
  address: string;
  userAgent: string | null;
}

function rateLimited(message: string, retryAfterMs: number): AppError {
  return new AppError('rate_limited', `${message} Please try again ${describeWait(retryAfterMs)}.`, {
    retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
  });
}

async function signIn(ctx: AppContext, userId: string, meta: RequestMeta): Promise<AuthResponse> {
  const token = await createSession(ctx, ctx.db, userId, meta.userAgent);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error(`user ${userId} vanished while signing in`);
  return { user: toUserView(user), token };
}

export async function register(ctx: AppContext, input: RegisterRequest, meta: RequestMeta): Promise<AuthResponse> {
  const verdict = ctx.limiters.registerPerAddress.hit(meta.address);
  if (!verdict.allowed) throw rateLimited('Too many sign-ups from this address.', verdict.retryAfterMs);

  const email = input.email.trim();
  const username = input.username.trim();
  const emailNormalized = normalizeEmail(email);
  const usernameNormalized = normalizeUsername(username);
  if (isCommonPassword(input.password)) throw invalid(accountMessages.commonPassword);
  if (await findUserByNormalizedEmail(ctx.db, emailNormalized)) throw conflict(accountMessages.emailTaken);
  if (await findUserIdByNormalizedUsername(ctx.db, usernameNormalized)) throw conflict(accountMessages.usernameTaken);

  const passwordHash = await hashPassword(input.password);
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
  return signIn(ctx, id, meta);
}

export async function login(ctx: AppContext, input: LoginRequest, meta: RequestMeta): Promise<AuthResponse> {
  const byAddress = ctx.limiters.loginPerAddress.hit(meta.address);
  if (!byAddress.allowed) {
    ctx.logger.warn('auth.login_rate_limited', { address: meta.address });
    throw rateLimited('Too many login attempts.', byAddress.retryAfterMs);
  }
  const emailNormalized = normalizeEmail(input.email);
  const byAccount = ctx.limiters.failedLoginsPerAccount.check(emailNormalized);
  if (!byAccount.allowed) {
    ctx.logger.warn('auth.login_rate_limited', { email: emailNormalized, address: meta.address });
    throw rateLimited('Too many failed login attempts for this account.', byAccount.retryAfterMs);
  }

  const user = await findUserByNormalizedEmail(ctx.db, emailNormalized);
  // Unknown emails are checked against a dummy hash so both failures cost the same time.
  const passwordOk = await verifyPassword(user?.password_hash ?? (await getDummyHash()), input.password);
  if (!user || !passwordOk) {
    ctx.limiters.failedLoginsPerAccount.hit(emailNormalized);
    ctx.logger.warn('auth.login_failed', { email: emailNormalized, address: meta.address, knownAccount: !!user });
    throw unauthorized(accountMessages.invalidCredentials);
  }
  ctx.limiters.failedLoginsPerAccount.reset(emailNormalized);
  if (needsRehash(user.password_hash)) {
    await updatePasswordHash(ctx.db, user.id, await hashPassword(input.password), toIso(ctx.clock()));
  }
  ctx.logger.info('auth.login', { userId: user.id, address: meta.address });
  return signIn(ctx, user.id, meta);
}

export async function logout(ctx: AppContext, tokenHash: string, userId: string): Promise<void> {
  await revokeSession(ctx, tokenHash);
  ctx.logger.info('auth.logout', { userId });
}
