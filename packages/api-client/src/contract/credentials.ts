// A player's credentials beyond sign-up (issue 19): forgot and reset a password, verify an email
// address, change the password or the email, and the admin's reset link. Requests are zod/mini like
// auth.ts, since the site's own pages (forgot, reset, verify, the account sections) read them.
import * as z from 'zod/mini';
import { emailSchema, newPasswordSchema } from './auth.ts';
import { messages } from './auth-rules.ts';
import { PASSWORD_MAX_LENGTH } from './limits.ts';

/** A reset link is valid this long (ASVS 6.4: short-lived). */
export const RESET_LINK_MINUTES = 30;
/** A verification link is valid this long. */
export const VERIFICATION_LINK_HOURS = 24;

export const credentialMessages = {
  /** The one answer to forgot-password, whether or not an account uses the address. */
  resetLinkSent:
    'If an account uses this address, a link to reset its password is on its way. It works for 30 minutes.',
  resetLinkInvalid: 'This password reset link is invalid, has been used or has expired. Ask for a new one.',
  verificationLinkInvalid: 'This verification link is invalid, has been used or has expired.',
  tokenRequired: 'The link’s token is missing',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  tooManyPasswordChecks: 'Too many wrong passwords.',
  tooManyResetRequests: 'Too many password reset requests from this address.',
  tooManyVerificationMails: 'Too many verification mails.',
  alreadyVerified: 'Your email address is already verified',
  sameEmail: 'That is already your email address',
  emailTakenNow: 'Another account now uses this address: the change was not made',
  emailChangeSent: 'We sent a link to the new address. Your email changes once you open it.',
  verificationSent: 'We sent a new verification link to your email address.',
  passwordReset: 'Your password was changed. Sign in with the new one.',
  passwordChanged: 'Your password was changed. Your other devices were signed out.',
} as const;

const tokenSchema = z
  .string({ error: credentialMessages.tokenRequired })
  .check(
    z.trim(),
    z.minLength(1, credentialMessages.tokenRequired),
    z.maxLength(200, credentialMessages.tokenRequired),
  );

/** The password of the signed-in account, to confirm a change: any length it was set with. */
export const currentPasswordSchema = z
  .string({ error: credentialMessages.currentPasswordRequired })
  .check(
    z.minLength(1, credentialMessages.currentPasswordRequired),
    z.maxLength(PASSWORD_MAX_LENGTH, messages.passwordTooLong),
  );

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({ token: tokenSchema, password: newPasswordSchema });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const verifyEmailRequestSchema = z.object({ token: tokenSchema });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  password: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const changeEmailRequestSchema = z.object({ password: currentPasswordSchema, email: emailSchema });
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** A call that worked, with the words to show. */
export const credentialAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });
export type CredentialAnswer = z.infer<typeof credentialAnswerSchema>;

/** Verify-email: the address that is now the account's, verified. */
export const verifyEmailResponseSchema = z.object({ ok: z.literal(true), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** The admin's one-time reset link: its `token` query parameter is what reset-password takes. */
export const resetLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ResetLinkResponse = z.infer<typeof resetLinkResponseSchema>;
