// Account calls: register, login, me, logout (SPEC.md §7 "Account and Discord").
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './limits.ts';
import { passwordOwnerProblem, passwordShapeProblem } from './passwords.ts';

export const messages = {
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  usernameLength: `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters`,
  usernameCharacters: 'Username may only contain letters, numbers, dots, hyphens and underscores',
} as const;

const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(EMAIL_MAX_LENGTH, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }));

export const usernameSchema = z
  .string({ error: messages.usernameLength })
  .trim()
  .min(USERNAME_MIN_LENGTH, messages.usernameLength)
  .max(USERNAME_MAX_LENGTH, messages.usernameLength)
  .regex(/^[A-Za-z0-9_.-]+$/, messages.usernameCharacters);

/** SPEC.md's length, then the shape rules of passwords.ts (the server adds the common list). */
export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: messages.passwordTooLong, abort: true })
  .superRefine((password, ctx) => {
    const problem = passwordShapeProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const registerRequestSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    password: newPasswordSchema,
  })
  .superRefine(({ email, username, password }, ctx) => {
    // Zod runs this even when a field failed: compare only what is there.
    if (typeof password !== 'string' || passwordShapeProblem(password)) return;
    const problem = passwordOwnerProblem(password, {
      email: typeof email === 'string' ? email : undefined,
      username: typeof username === 'string' ? username : undefined,
    });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: z.string({ error: messages.emailRequired }).trim().min(1, messages.emailRequired).max(EMAIL_MAX_LENGTH),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** The tier a user holds, as SPEC.md §3 shows it on the user object. */
export const userTierSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
});

/** The signed-in user as SPEC.md §3 describes it. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string(),
  credits: z.number().int(),
  isAdmin: z.boolean(),
  currentTier: userTierSchema.nullable(),
  discordId: z.string().nullable(),
  discordUsername: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ user: userSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const logoutResponseSchema = z.object({ ok: z.literal(true) });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
