// V6 Authentication (6.2): "passwords refused when common, one repeated character, a simple sequence, or equal to the username or email; each with its own message", the 6-character minimum kept, at least 64 allowed (SECURITY.md).
import { passwordMessages } from '@starport/api-client/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/services/accounts/passwords.ts';
import { ensureConfiguredAdmin } from '../../src/services/admin/administrators.ts';
import { call, newPlayer } from '../helpers/http.ts';
import { createHarness, dialects, type TestHarness } from '../helpers/test-context.ts';

// The words of each refusal are the contract's (checked in contract/passwords.test.ts).
const refusals = passwordMessages;

describe.each(dialects)('new passwords on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  const countUsers = async () =>
    Number(
      (
        await h.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  it.each([
    ['aaaaaa', refusals.repeated],
    ['      ', refusals.allSpaces],
    ['abcdef', refusals.sequence],
    ['1111111111', refusals.repeated],
    ['123456789', refusals.sequence],
    ['987654', refusals.sequence],
    ['zyxwvu', refusals.sequence],
    ['qwerty', refusals.sequence],
    ['asdfgh', refusals.sequence],
    ['password1', refusals.common],
    ['Sunshine', refusals.common],
    ['NovaPilot', refusals.sameAsUsername],
    ['nova.pilot@example.com', refusals.sameAsEmail],
    ['NOVA.PILOT', refusals.sameAsEmail],
    ['12345', 'Password must be at least 6 characters'],
  ])('refuses %j at sign-up with 400 "%s", and creates no account', async (password, message) => {
    const res = await call(h, 'POST', '/api/auth/register', {
      body: newPlayer({ email: 'Nova.Pilot@example.com', username: 'novapilot', password }),
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: { message, code: 'invalid_request', requestId: expect.any(String) } });
    expect(await countUsers()).toBe(0);
  });

  it('accepts spaces inside, six characters, and pass-phrases of 64 and up to 128 characters', async () => {
    for (const password of [
      'correct horse battery staple',
      'k7#Qv2',
      `${'g'.repeat(63)}h`,
      `${'Drift '.repeat(21)}ab`,
    ]) {
      const res = await call(h, 'POST', '/api/auth/register', { body: newPlayer({ password }) });
      expect(res.status, password).toBe(201);
    }
    expect(await countUsers()).toBe(4);
  });

  it('lets an existing account whose password is now refused keep signing in', async () => {
    const now = h.clock().toISOString();
    await h.ctx.db
      .insertInto('users')
      .values({
        id: 'old-timer',
        email: 'old@example.com',
        email_normalized: 'old@example.com',
        username: 'OldTimer',
        username_normalized: 'oldtimer',
        password_hash: await hashPassword('abcdef'),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await call(h, 'POST', '/api/auth/login', { body: { email: 'old@example.com', password: 'abcdef' } });
    expect(res.status).toBe(200);
    expect(res.json.user.username).toBe('OldTimer');
  });

  it('refuses a trivial ADMIN_PASSWORD, or one equal to ADMIN_EMAIL, before creating the administrator', async () => {
    for (const [adminPassword, message] of [
      ['qwertyuiop', refusals.sequence],
      ['Chief@Starport.test', refusals.sameAsEmail],
    ] as const) {
      h.ctx.config = { ...h.ctx.config, adminEmail: 'chief@starport.test', adminPassword };
      await expect(ensureConfiguredAdmin(h.ctx)).rejects.toThrow(`ADMIN_PASSWORD: ${message}`);
    }
    expect(await countUsers()).toBe(0);
  });
});
