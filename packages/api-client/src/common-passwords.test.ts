// The shipped common-password list: as long as SECURITY.md asks, and what its script makes of the
// source list (so nobody edits it by hand, and an update of the source is one command).
import { describe, expect, it } from 'vitest';
import { pickCommonPasswords } from '../scripts/write-common-passwords.mjs';
import { commonPasswordList } from './common-passwords-list.ts';

describe('the common-password list', () => {
  const passwords = commonPasswordList.split('\n');

  it('holds 10,000 distinct passwords of 6 to 128 characters, lower-cased', () => {
    expect(passwords).toHaveLength(10_000);
    expect(new Set(passwords).size).toBe(10_000);
    expect(passwords.every((p) => p.length >= 6 && p.length <= 128 && p === p.trim().toLowerCase())).toBe(true);
  });

  it('is what its script takes from the source list, most common first', () => {
    expect(passwords).toEqual(pickCommonPasswords());
  });
});
