// The account forms' messages, and the login request's rules without zod: the login page checks
// them with no zod in its download (the phone's first load). loginRequestSchema in auth.ts is what
// the server reads; auth-rules.test.ts holds the two to the same answers.
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './limits.ts';

export const messages = {
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  usernameLength: `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters`,
  usernameCharacters: 'Username may only contain letters, numbers, dots, hyphens and underscores',
  loginEmailTooLong: `Too big: expected string to have <=${EMAIL_MAX_LENGTH} characters`,
  loginPasswordTooLong: `Too big: expected string to have <=${PASSWORD_MAX_LENGTH} characters`,
} as const;

export interface LoginFields {
  email: string;
  password: string;
}

/** The login request as loginRequestSchema reads it: one message per field at fault, else the request. */
export function checkLogin(values: LoginFields): { data: LoginFields | null; errors: Partial<LoginFields> } {
  const email = values.email.trim();
  const errors: Partial<LoginFields> = {};
  if (email.length === 0) errors.email = messages.emailRequired;
  else if (email.length > EMAIL_MAX_LENGTH) errors.email = messages.loginEmailTooLong;
  if (values.password.length === 0) errors.password = messages.passwordRequired;
  else if (values.password.length > PASSWORD_MAX_LENGTH) errors.password = messages.loginPasswordTooLong;
  if (errors.email || errors.password) return { data: null, errors };
  return { data: { email, password: values.password }, errors };
}
