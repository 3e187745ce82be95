// Password hashing (argon2id, SECURITY.md) and the one rule for a new password.
import { hash, verify } from '@node-rs/argon2';
import { isCommonPassword } from '@starport/api-client/common-passwords';
import {
  newPasswordSchema,
  type PasswordOwner,
  passwordMessages,
  passwordOwnerProblem,
} from '@starport/api-client/contract';

export interface HashParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** OWASP's argon2id floor: 19 MiB, 2 passes, 1 lane. */
export const defaultHashParams: HashParams = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string, params: HashParams = defaultHashParams): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...params });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A stored hash made with other parameters is re-written at the next successful login. */
export function needsRehash(passwordHash: string, params: HashParams = defaultHashParams): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  return (
    Number(match[1]) !== params.memoryCost ||
    Number(match[2]) !== params.timeCost ||
    Number(match[3]) !== params.parallelism
  );
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifying against this when the email is unknown makes both failures take about as long, so the
 * answer's timing does not tell which emails have accounts.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}

/**
 * The one new-password rule: the contract's (length, then shape, then the owner's username and
 * email: what the register form checks too), then the common list. A message, or null. Only new
 * passwords meet it: an existing one keeps signing in.
 */
export function newPasswordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) return checked.error.issues[0]?.message ?? 'Invalid password';
  return passwordOwnerProblem(password, owner) ?? (isCommonPassword(password) ? passwordMessages.common : null);
}
