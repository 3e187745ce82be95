// The new-password rules beyond SPEC.md's 6-character minimum (ASVS 6.2): each refusal with its own
// message, the same for the server and the register form.
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../common-passwords.ts';
import { registerRequestSchema } from './auth.ts';
import { messages } from './auth-rules.ts';
import { PASSWORD_MAX_LENGTH } from './limits.ts';
import { passwordMessages, trivialPasswordProblem } from './passwords.ts';

describe('trivialPasswordProblem', () => {
  it.each([
    ['      ', 'Password cannot be only spaces'],
    ['aaaaaa', 'Password cannot be one character repeated'],
    ['1111111111', passwordMessages.repeated],
    ['  zzzzzzz ', passwordMessages.repeated],
    ['abcdef', 'Password cannot be a simple sequence such as abcdef, 123456 or qwerty'],
    ['ABCDEFGH', passwordMessages.sequence],
    ['123456789', passwordMessages.sequence],
    ['4567890', passwordMessages.sequence],
    ['987654', passwordMessages.sequence],
    ['zyxwvu', passwordMessages.sequence],
    ['qwerty', passwordMessages.sequence],
    ['asdfgh', passwordMessages.sequence],
    ['mnbvcxz', passwordMessages.sequence],
    [' uiopqwe', null],
  ])('%j: %s', (password, message) => {
    expect(trivialPasswordProblem(password)).toBe(message);
  });

  it('refuses the username and the email (or its name part) whatever their case', () => {
    const owner = { email: 'Nova.Pilot@Example.com', username: 'StarNova' };
    expect(trivialPasswordProblem('starnova', owner)).toBe('Password cannot be your username');
    expect(trivialPasswordProblem('STARNOVA ', owner)).toBe(passwordMessages.sameAsUsername);
    expect(trivialPasswordProblem('nova.pilot@example.com', owner)).toBe('Password cannot be your email address');
    expect(trivialPasswordProblem('NOVA.PILOT', owner)).toBe(passwordMessages.sameAsEmail);
    expect(trivialPasswordProblem('starnova-42', owner)).toBeNull();
  });

  it('has no composition rules: letters alone, spaces inside and long pass-phrases are fine', () => {
    for (const password of ['correct horse battery staple', 'abcdeg', 'k7#Qv2', 'zebrafish', 'xxxxxy']) {
      expect(trivialPasswordProblem(password), password).toBeNull();
    }
  });

  it('gives every rule its own message', () => {
    expect(new Set(Object.values(passwordMessages)).size).toBe(Object.keys(passwordMessages).length);
  });
});

describe('the register schema', () => {
  const parse = (password: string, extra: Record<string, string> = {}) => {
    const result = registerRequestSchema.safeParse({
      email: 'nova@example.com',
      username: 'NovaPilot',
      password,
      ...extra,
    });
    return result.success ? null : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it("keeps SPEC.md's minimum and its message, and allows up to the maximum", () => {
    expect(parse('k7#Qv')).toEqual([['password', messages.passwordTooShort]]);
    expect(messages.passwordTooShort).toBe('Password must be at least 6 characters');
    expect(parse(`${'Orbital drift '.repeat(10)}`.slice(0, PASSWORD_MAX_LENGTH))).toBeNull();
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
  });

  it('refuses a trivial password on the password field, with the rule that applies', () => {
    expect(parse('abcdef')).toEqual([['password', passwordMessages.sequence]]);
    expect(parse('novapilot')).toEqual([['password', passwordMessages.sameAsUsername]]);
    expect(parse('Nova@Example.com')).toEqual([['password', passwordMessages.sameAsEmail]]);
  });
});

describe('isCommonPassword', () => {
  it('knows the most common passwords of six characters or more, whatever their case or surrounding spaces', () => {
    for (const password of ['password1', 'iloveyou', 'Sunshine', ' football ', 'trustno1']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('Orbital-Drift-42')).toBe(false);
  });
});
