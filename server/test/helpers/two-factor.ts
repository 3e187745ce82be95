// Two-factor sign-in for tests, through the real API: codes computed from the secret with otpauth,
// as an authenticator app would, at the harness's clock.
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { call } from './http.ts';
import type { TestHarness } from './test-context.ts';

/** The app's code for this secret at the harness's time (or `offsetSteps` steps away). */
export function appCode(h: Pick<TestHarness, 'clock'>, secret: string, offsetSteps = 0): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: h.clock().getTime() + offsetSteps * 30_000,
  });
}

/** Sets up and turns on two-factor sign-in for the account: its secret and recovery codes. */
export async function turnOnTwoFactor(h: TestHarness, token: string) {
  const setup = await call(h, 'POST', '/api/account/2fa/setup', { token });
  expect(setup.status).toBe(200);
  const secret = setup.json.secret as string;
  const enabled = await call(h, 'POST', '/api/account/2fa/enable', { token, body: { code: appCode(h, secret) } });
  expect(enabled.status).toBe(200);
  // The code just used is spent: the next sign-in's code must come from a later step.
  h.clock.advance(30_000);
  return { secret, recoveryCodes: enabled.json.recoveryCodes as string[] };
}

/** The password step of an account with two-factor on: its challenge. */
export async function passwordStep(h: TestHarness, account: { user: { email: string }; password: string }) {
  const res = await call(h, 'POST', '/api/auth/login', {
    body: { email: account.user.email, password: account.password },
  });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return res.json.challenge as string;
}
