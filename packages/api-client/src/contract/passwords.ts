// What a new password may not be beyond SPEC.md's 6-character minimum (SECURITY.md, ASVS 6.2): the
// rules the register form and the server share, each with its own message. No composition rules.
// The common-password list is the subpath `@starport/api-client/common-passwords`, kept out of here
// so it never weighs on a page that does not set a password.

export const passwordMessages = {
  allSpaces: 'Password cannot be only spaces',
  repeated: 'Password cannot be one character repeated',
  sequence: 'Password cannot be a simple sequence such as abcdef, 123456 or qwerty',
  sameAsUsername: 'Password cannot be your username',
  sameAsEmail: 'Password cannot be your email address',
  common: 'This password is too common. Please choose a less common one',
} as const;

/** Whose password it is, as far as known (a form may not have them yet). */
export interface PasswordOwner {
  email?: string | undefined;
  username?: string | undefined;
}

/**
 * Runs of keys a password may not be a piece of, read either way: the alphabet, the digits (0 at
 * both ends, so 1234567890 and 7890 count), and the rows of a QWERTY keyboard.
 */
const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'].flatMap((run) => [
  run,
  [...run].reverse().join(''),
]);

/** Spaces around a password do not make it any stronger: the rules look at what is between them. */
const core = (password: string): string => password.trim().toLowerCase();

/** The rules that need nothing but the password: a message, or null. */
export function passwordShapeProblem(password: string): string | null {
  const text = core(password);
  if (text === '') return passwordMessages.allSpaces;
  if (new Set(text).size === 1) return passwordMessages.repeated;
  if (SEQUENCES.some((run) => run.includes(text))) return passwordMessages.sequence;
  return null;
}

/** The rules that compare with the account: its username, its email or the email's name part. */
export function passwordOwnerProblem(password: string, owner: PasswordOwner): string | null {
  const text = core(password);
  const username = owner.username?.trim().toLowerCase();
  if (username && text === username) return passwordMessages.sameAsUsername;
  const email = owner.email?.trim().toLowerCase();
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (text === email || (at > 0 && text === email.slice(0, at))) return passwordMessages.sameAsEmail;
  return null;
}

/** Every rule of this module, in the order the form shows them: a message, or null. */
export function trivialPasswordProblem(password: string, owner: PasswordOwner = {}): string | null {
  return passwordShapeProblem(password) ?? passwordOwnerProblem(password, owner);
}
