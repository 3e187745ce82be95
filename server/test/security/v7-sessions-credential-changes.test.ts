// V7 Sessions (7.4.3, 7.5.1): "setting a password through a reset link ends every session of the
// account, and changing it ends every other one; each instance's session read cache forgets them at
// once; a change of password or email needs the current password, and wrong ones are limited per
// account" (SECURITY.md).
import { credentialMessages } from '@starport/api-client/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { call, registerPlayer } from '../helpers/http.ts';
import { createMailHarness, deliverMail, type MailHarness } from '../helpers/mail.ts';
import { dialects, type TestInstance } from '../helpers/test-context.ts';

const NEW_PASSWORD = 'Nebula-Harbour-77';

describe.each(dialects)('sessions after a credential change on %s', (dialect) => {
  let h: MailHarness;
  afterEach(async () => {
    await h.close();
  });

  /** A player signed in on three devices, each read (and kept) by another instance. */
  async function playerOnThreeDevices() {
    const player = await registerPlayer(h);
    const other: TestInstance = await h.openInstance();
    const signIn = async () =>
      (await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: player.password } })).json
        .token as string;
    const devices = [player.token, await signIn(), await signIn()];
    for (const token of devices) expect((await call(other, 'GET', '/api/auth/me', { token })).status).toBe(200);
    const status = async (token: string) => [
      (await call(h, 'GET', '/api/auth/me', { token })).status,
      (await call(other, 'GET', '/api/auth/me', { token })).status,
    ];
    return { player, devices, status };
  }

  it('a password change keeps the session that made it and ends the others, on every instance', async () => {
    h = await createMailHarness(dialect);
    const { player, devices, status } = await playerOnThreeDevices();
    const [here, ...others] = devices as [string, string, string];
    const changed = await call(h, 'POST', '/api/account/password', {
      body: { currentPassword: player.password, password: NEW_PASSWORD },
      token: here,
    });
    expect(changed.status).toBe(200);
    expect(await status(here)).toEqual([200, 200]);
    // The other instance forgets when the database's notice arrives: a moment after the commit.
    for (const token of others) await expect.poll(() => status(token), { timeout: 5000 }).toEqual([401, 401]);
  });

  it('a reset through the mailed link ends every session, on every instance', async () => {
    h = await createMailHarness(dialect);
    const { player, devices, status } = await playerOnThreeDevices();
    await call(h, 'POST', '/api/auth/forgot-password', { body: { email: player.user.email } });
    await deliverMail(h);
    const mail = (await h.sink.waitFor(player.user.email, 2)).find((m) => m.subject.includes('Reset'));
    const token = new URL(mail?.links[0] ?? '').searchParams.get('token');
    expect(
      (await call(h, 'POST', '/api/auth/reset-password', { body: { token, password: NEW_PASSWORD } })).status,
    ).toBe(200);
    for (const device of devices) await expect.poll(() => status(device), { timeout: 5000 }).toEqual([401, 401]);
  });

  it('refuses a change without the right current password, and limits wrong ones per account', async () => {
    h = await createMailHarness(dialect, { env: { PASSWORD_CHECK_LIMIT_PER_ACCOUNT: '2' } });
    const player = await registerPlayer(h);
    const tries = [
      ['/api/account/password', { currentPassword: 'guess-one', password: NEW_PASSWORD }],
      ['/api/account/email', { password: 'guess-two', email: 'thief@example.com' }],
      ['/api/account/password', { currentPassword: 'guess-three', password: NEW_PASSWORD }],
    ] as const;
    const answers = [];
    for (const [path, body] of tries) answers.push(await call(h, 'POST', path, { body, token: player.token }));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 429]);
    expect(answers[0]?.json.error.message).toBe(credentialMessages.currentPasswordWrong);
    expect(Number(answers[2]?.headers.get('retry-after'))).toBeGreaterThan(0);
    // The session is not ended by wrong guesses, and nothing changed.
    expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user.email).toBe(player.user.email);
    await deliverMail(h);
    expect(h.sink.received.filter((m) => m.to === 'thief@example.com')).toEqual([]);
  });
});
