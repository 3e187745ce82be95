// The common-password refusal (SECURITY.md, ASVS 6.2.4): the 10,000 most common leaked passwords of
// 6 characters or more (common-passwords-list.ts, about 40 KB gzipped). Its own subpath, never in the
// contract's index: the server imports it, and the register page fetches it as a chunk of its own,
// so no other page downloads it. The message is the contract's passwordMessages.common.
import { commonPasswordList } from './common-passwords-list.ts';

let commonPasswords: Set<string> | undefined;

/** Whether the password, whatever its case or the spaces around it, is on the list. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonPasswordList.split('\n'));
  return commonPasswords.has(password.trim().toLowerCase());
}
