// Two-factor sign-in (issue 19): setting up an authenticator app (TOTP, RFC 6238), its recovery
// codes, the sign-in step after a correct password, and signing in with Discord. The login page
// imports only types and the zod-free texts (two-factor-texts.ts); these schemas are for the server
// and the account page.
import { z } from 'zod';
import { currentPasswordSchema } from './credentials.ts';
import { twoFactorMessages } from './two-factor-texts.ts';
import { authResponseSchema } from './user.ts';

/** The one-time challenge, or ticket, a client holds between the password and the code. */
const challengeSchema = z
  .string({ error: twoFactorMessages.challengeInvalid })
  .min(1, twoFactorMessages.challengeInvalid)
  .max(200, twoFactorMessages.challengeInvalid);

/** A six-digit code from the app, or a recovery code (letters, digits and dashes). */
const signInCodeSchema = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .min(1, twoFactorMessages.codeRequired)
  .max(64, twoFactorMessages.codeInvalid);

const appCodeSchema = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .min(1, twoFactorMessages.codeRequired)
  .regex(/^\d{6}$/, twoFactorMessages.appCodeShape);

export const twoFactorRequiredResponseSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string().describe('Send it back with the code to POST /api/auth/login/2fa; good for 5 minutes'),
});
export type TwoFactorRequiredResponse = z.infer<typeof twoFactorRequiredResponseSchema>;

/** POST /api/auth/login: signed in, or (two-factor on) the challenge for the code. */
export const loginResponseSchema = z.union([authResponseSchema, twoFactorRequiredResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const twoFactorLoginRequestSchema = z.object({ challenge: challengeSchema, code: signInCodeSchema });
export type TwoFactorLoginRequest = z.input<typeof twoFactorLoginRequestSchema>;

/** POST /api/auth/login/discord: the ticket "Sign in with Discord" left in the login page's address. */
export const discordLoginRequestSchema = z.object({ ticket: challengeSchema });
export type DiscordLoginRequest = z.input<typeof discordLoginRequestSchema>;

export const twoFactorStatusResponseSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

export const twoFactorSetupResponseSchema = z.object({
  secret: z.string().describe('Base32, for typing into the app by hand'),
  otpauthUrl: z.string(),
  qrCode: z.string().describe('A data: URL of a PNG of otpauthUrl'),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorEnableRequestSchema = z.object({ code: appCodeSchema });
export type TwoFactorEnableRequest = z.input<typeof twoFactorEnableRequestSchema>;

export const twoFactorEnableResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).describe('Shown this once: only their hashes are kept'),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const twoFactorDisableRequestSchema = z.object({
  password: currentPasswordSchema,
  code: signInCodeSchema,
});
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequestSchema>;
