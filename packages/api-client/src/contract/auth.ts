// Account requests: register and login (SPEC.md §5, §7 "Account and Discord"), with their messages;
// the answers are user.ts. The player site checks these on its first page, so they are written with
// zod/mini, of which a bundle carries only what it uses; the rest of the contract is full zod and
// reaches the browser only with the admin screens. zod/mini loads no locale, so every check here
// says its own message (the login's two bounds keep the words zod's English locale gave them).
import * as z from 'zod/mini';
import { messages } from './auth-rules.ts';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './limits.ts';
import { passwordOwnerProblem, passwordShapeProblem } from './passwords.ts';

export const emailSchema = z.pipe(
  z
    .string({ error: messages.emailRequired })
    .check(z.trim(), z.minLength(1, messages.emailRequired), z.maxLength(EMAIL_MAX_LENGTH, messages.emailInvalid)),
  z.email({ error: messages.emailInvalid }),
);

export const usernameSchema = z
  .string({ error: messages.usernameLength })
  .check(
    z.trim(),
    z.minLength(USERNAME_MIN_LENGTH, messages.usernameLength),
    z.maxLength(USERNAME_MAX_LENGTH, messages.usernameLength),
    z.regex(/^[A-Za-z0-9_.-]+$/, messages.usernameCharacters),
  );

/** SPEC.md's length, then the shape rules of passwords.ts (the server adds the common list). */
export const newPasswordSchema = z.string({ error: messages.passwordRequired }).check(
  z.minLength(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort, abort: true }),
  z.maxLength(PASSWORD_MAX_LENGTH, { error: messages.passwordTooLong, abort: true }),
  z.superRefine((password, ctx) => {
    const problem = passwordShapeProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

export const registerRequestSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    password: newPasswordSchema,
  })
  .check(
    z.superRefine(({ email, username, password }, ctx) => {
      // Zod runs this even when a field failed: compare only what is there.
      if (typeof password !== 'string' || passwordShapeProblem(password)) return;
      const problem = passwordOwnerProblem(password, {
        email: typeof email === 'string' ? email : undefined,
        username: typeof username === 'string' ? username : undefined,
      });
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
    }),
  );
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: z
    .string({ error: messages.emailRequired })
    .check(z.trim(), z.minLength(1, messages.emailRequired), z.maxLength(EMAIL_MAX_LENGTH, messages.loginEmailTooLong)),
  password: z
    .string({ error: messages.passwordRequired })
    .check(z.minLength(1, messages.passwordRequired), z.maxLength(PASSWORD_MAX_LENGTH, messages.loginPasswordTooLong)),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
