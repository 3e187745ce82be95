// Which sign-in attempts get their password checked (SECURITY.md; ASVS 6.1.1, 6.3.1; OWASP's
// authentication cheat sheet): throttled per address, and per account and address together with a
// growing delay, so a guesser is slowed where it guesses from while the owner elsewhere signs in.
//
// - Per address (loginPerAddress): every attempt that gets past the failure checks is counted
//   before the password is checked, so a burst from one address is bounded whatever it aims at.
// - Per account and address (failedLoginsPerAccountAddress): attempts that reach the password
//   check, reserved before it (so guesses sent at once cannot all slip past the limit) and forgotten
//   on success. After FailedLoginDelay.after failures each further attempt waits longer
//   (failedLoginDelays holds the pair until then); at the limit it waits for the window to end.
// - Per account (failedLoginsPerAccount): failures from everywhere, counted once checked. Over the
//   ceiling, an address that has failed against the account waits for the account's window to end,
//   while an address that has not still gets its password checked: the owner gets in, and a guesser
//   spread over many addresses is held to about one guess per address per window.
// An attempt refused here counts nowhere, and no refusal moves the end of any window.
import type { AppContext } from '../../context.ts';
import { rateLimited } from '../../errors.ts';
import { addressLimitKey } from '../../lib/client-address-key.ts';
import type { RateLimitVerdict } from '../../lib/rate-limiter.ts';

export const loginThrottleMessages = {
  tooManyLogins: 'Too many login attempts.',
  tooManyFailures: 'Too many failed login attempts for this account.',
} as const;

/** One account (its normalised email) from one client address. */
export interface LoginAttempt {
  account: string;
  clientAddress: string;
}

/** What admitLoginAttempt counted, for recordFailedLogin. */
export interface Admission {
  pair: RateLimitVerdict;
}

// Addresses are counted by their limit key (an IPv6 client by its /64).
const addressKey = (attempt: LoginAttempt) => addressLimitKey(attempt.clientAddress);
const pairKey = (attempt: LoginAttempt) => `${attempt.account} ${addressKey(attempt)}`;

/** Refuses the attempt (429 with Retry-After), or counts it and lets its password be checked. */
export async function admitLoginAttempt(ctx: AppContext, attempt: LoginAttempt): Promise<Admission> {
  const { limiters, logger } = ctx;
  const pair = pairKey(attempt);
  const address = addressKey(attempt);
  const refuse = (message: string, waitMs: number) => {
    logger.warn('auth.login_rate_limited', {
      email: attempt.account,
      address: attempt.clientAddress,
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
    return rateLimited(message, waitMs);
  };

  const [delay, failures, account] = await Promise.all([
    limiters.failedLoginDelays.check(pair),
    limiters.failedLoginsPerAccountAddress.check(pair),
    limiters.failedLoginsPerAccount.check(attempt.account),
  ]);
  const overCeiling = !account.allowed && failures.attempts > 0;
  const waitMs = Math.max(delay.retryAfterMs, failures.retryAfterMs, overCeiling ? account.retryAfterMs : 0);
  if (waitMs > 0) throw refuse(loginThrottleMessages.tooManyFailures, waitMs);

  const byAddress = await limiters.loginPerAddress.hit(address);
  if (!byAddress.allowed) throw refuse(loginThrottleMessages.tooManyLogins, byAddress.retryAfterMs);
  const reserved = await limiters.failedLoginsPerAccountAddress.hit(pair);
  if (!reserved.allowed) {
    // Others sent at the same moment took the last places: this one is not checked, nor counted.
    await Promise.all([
      limiters.failedLoginsPerAccountAddress.release(pair),
      limiters.loginPerAddress.release(address),
    ]);
    throw refuse(loginThrottleMessages.tooManyFailures, reserved.retryAfterMs);
  }
  return { pair: reserved };
}

/** A checked attempt failed: it counts for the account, and may make the address wait. */
export async function recordFailedLogin(ctx: AppContext, attempt: LoginAttempt, admission: Admission): Promise<void> {
  const { limiters, config } = ctx;
  const { after, firstMs, growth } = config.rateLimits.failedLoginDelay;
  const failures = admission.pair.attempts;
  const account = await limiters.failedLoginsPerAccount.hit(attempt.account);
  const waits = [0];
  // At the pair's limit the pair itself refuses until its window ends; below it, the growing delay.
  if (firstMs > 0 && failures >= after && failures < config.rateLimits.failedLoginsPerAccountAddress.limit) {
    waits.push(Math.min(firstMs * growth ** (failures - after), admission.pair.windowLeftMs));
  }
  if (account.attempts >= config.rateLimits.failedLoginsPerAccount.limit) waits.push(account.windowLeftMs);
  const waitMs = Math.max(...waits);
  if (waitMs > 0) await limiters.failedLoginDelays.block(pairKey(attempt), waitMs);
}

/**
 * The right password of an account with two-factor sign-in: its place is given back, but the
 * failures stay until the code is right too, so a guesser who has the password cannot clear its
 * wrong codes by signing in with the password again.
 */
export async function recordPasswordOnlyLogin(ctx: AppContext, attempt: LoginAttempt): Promise<void> {
  await ctx.limiters.failedLoginsPerAccountAddress.release(pairKey(attempt));
}

/** The sign-in is complete (the right password, and code): this address's failures against the account are forgotten. */
export async function recordSuccessfulLogin(ctx: AppContext, attempt: LoginAttempt): Promise<void> {
  const pair = pairKey(attempt);
  await Promise.all([
    ctx.limiters.failedLoginsPerAccountAddress.reset(pair),
    ctx.limiters.failedLoginDelays.reset(pair),
  ]);
}
