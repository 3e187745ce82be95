// Two-factor sign-in (issue 19; SECURITY.md, ASVS 6.5 and 6.6): an authenticator app set up with a
// QR code and confirmed with a code, ten single-use recovery codes shown once (only their hashes
// kept), and turning it off with the password and a code. The owner is mailed of each change. A code is checked against the account's
// secret and the step it belongs to taken at once, so no code is accepted twice.

import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type TwoFactorDisableRequest,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
  twoFactorMessages,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  enableTwoFactor as enableTwoFactorRow,
  findTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  takeRecoveryCode,
  takeTimeStep,
} from '../../db/repositories/two-factor.ts';
import { findUserForSignIn, type UserWithTier } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, invalid } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/ids.ts';
import { queueMail, STORE_NAME } from '../mail/mail.ts';
import { twoFactorOffMail, twoFactorOnMail } from './account-mails.ts';
import { admitLoginAttempt, recordFailedLogin, recordSuccessfulLogin } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import { describeTotp, matchTotpStep, newTotpSecret } from './totp.ts';

// Crockford's base32 without the look-alikes: 24 characters are 120 bits, written in groups of four.
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_LENGTH = 24;

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return (code.match(/.{4}/g) as string[]).join('-');
}

/** The same code however it was typed: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (code: string) => sha256Hex(`recovery:${normalizeRecoveryCode(code)}`);

export type SecondFactor = 'app' | 'recovery';

export async function getTwoFactorStatus(ctx: AppContext, userId: string): Promise<TwoFactorStatusResponse> {
  const row = await findTwoFactor(ctx.db, userId);
  if (!row?.enabled_at) return { enabled: false, recoveryCodesLeft: 0 };
  return { enabled: true, recoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db, userId) };
}

/** A new secret for the account, waiting for its first code; refused while two-factor is on. */
export async function startTwoFactorSetup(ctx: AppContext, user: UserWithTier): Promise<TwoFactorSetupResponse> {
  const secret = newTotpSecret();
  const saved = await savePendingSecret(ctx.db, user.id, secret, toIso(ctx.clock()));
  if (!saved) throw conflict(twoFactorMessages.alreadyEnabled);
  const { otpauthUrl, qrCode } = await describeTotp(secret, STORE_NAME, user.email);
  return { secret, otpauthUrl, qrCode };
}

/** The first code from the app turns it on; the answer is the recovery codes, shown this once. */
export async function enableTwoFactor(ctx: AppContext, user: UserWithTier, code: string): Promise<string[]> {
  const userId = user.id;
  const row = await findTwoFactor(ctx.db, userId);
  if (row?.enabled_at) throw conflict(twoFactorMessages.alreadyEnabled);
  if (!row) throw invalid(twoFactorMessages.setupFirst);
  const now = ctx.clock();
  const step = matchTotpStep(row.secret, code, now);
  if (step === null) throw invalid(twoFactorMessages.codeInvalid);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await inTransaction(ctx.db, async (trx) => {
    // Two confirmations at once: the first turns it on, the second finds it on.
    if (!(await enableTwoFactorRow(trx, userId, step, toIso(now)))) throw conflict(twoFactorMessages.alreadyEnabled);
    await replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode), toIso(now));
    await queueMail(ctx, trx, twoFactorOnMail(ctx, user.email));
  });
  ctx.logger.info('auth.two_factor_enabled', { userId });
  return codes;
}

/**
 * Checks a code from the app (its step taken, so it works once) or a recovery code (used up).
 * Null when neither: the caller counts the failure.
 */
export async function useSecondFactor(
  db: Executor,
  userId: string,
  code: string,
  now: Date,
): Promise<SecondFactor | null> {
  const row = await findTwoFactor(db, userId);
  if (!row?.enabled_at) return null;
  const trimmed = code.trim();
  const step = matchTotpStep(row.secret, trimmed, now);
  if (step !== null) return (await takeTimeStep(db, userId, step, toIso(now))) ? 'app' : null;
  return (await takeRecoveryCode(db, userId, hashRecoveryCode(trimmed), toIso(now))) ? 'recovery' : null;
}

/**
 * Turns it off with the password and a code. Both are guesses a stolen session could make, so both
 * count against the sign-in throttle (login-throttle.ts) like a password at the login.
 */
export async function disableTwoFactor(
  ctx: AppContext,
  user: UserWithTier,
  input: TwoFactorDisableRequest,
  address: string,
): Promise<void> {
  const attempt = { account: user.email_normalized, clientAddress: address };
  const admission = await admitLoginAttempt(ctx, attempt);
  const found = await findUserForSignIn(ctx.db, user.email_normalized);
  if (!found || !(await verifyPassword(found.password_hash, input.password))) {
    await recordFailedLogin(ctx, attempt, admission);
    throw invalid(twoFactorMessages.wrongPassword);
  }
  const status = await findTwoFactor(ctx.db, user.id);
  if (!status?.enabled_at) throw invalid(twoFactorMessages.notEnabled);
  if (!(await useSecondFactor(ctx.db, user.id, input.code, ctx.clock()))) {
    await recordFailedLogin(ctx, attempt, admission);
    throw invalid(twoFactorMessages.codeInvalid);
  }
  await recordSuccessfulLogin(ctx, attempt);
  await inTransaction(ctx.db, async (trx) => {
    await deleteTwoFactor(trx, user.id);
    await queueMail(ctx, trx, twoFactorOffMail(ctx, user.email));
  });
  ctx.logger.info('auth.two_factor_disabled', { userId: user.id });
}
