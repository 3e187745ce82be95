// A player's credentials through the real API and a real SMTP server (issue 19, mail): forgot and
// reset a password through the mailed link, verify an address, change the password and the email,
// and the admin's reset link. Each flow and each refusal on SQLite and PostgreSQL, reading the mails
// that arrived.
import { createHash } from 'node:crypto';
import { credentialMessages } from '@starport/api-client/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { adminAndPlayer } from './helpers/admin.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createMailHarness, deliverMail, type MailHarness } from './helpers/mail.ts';
import { dialects } from './helpers/test-context.ts';

const NEW_PASSWORD = 'Nebula-Harbour-77';

/** The `token` of the one link in a mail. */
const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('token') ?? '';

describe.each(dialects)('credentials on %s', (dialect) => {
  let h: MailHarness;
  afterEach(async () => {
    await h?.close();
  });

  /** Sends what is queued and answers the mails to `to` that arrived. */
  async function mailsTo(to: string, count = 1) {
    await deliverMail(h);
    return h.sink.waitFor(to, count);
  }

  describe('forgot and reset password', () => {
    it('mails a single-use link that sets a new password, ends every session on every instance, and tells the owner', async () => {
      h = await createMailHarness(dialect);
      const player = await registerPlayer(h);
      const other = await h.openInstance();
      const elsewhere = (
        await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: player.password } })
      ).json.token;
      // The other instance has read (and keeps) the session.
      expect((await call(other, 'GET', '/api/auth/me', { token: elsewhere })).status).toBe(200);

      const asked = await call(h, 'POST', '/api/auth/forgot-password', {
        body: { email: player.user.email.toUpperCase() },
      });
      expect(asked.status).toBe(200);
      expect(asked.json).toEqual({ ok: true, message: credentialMessages.resetLinkSent });
      const mails = await mailsTo(player.user.email, 2);
      const mail = mails.find((m) => m.subject === 'Starport: Reset your password');
      expect(mail?.to).toBe(player.user.email);
      expect(mail?.text).toContain('The link works once, for 30 minutes.');
      expect(mail?.links[0]).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
      expect(mail?.htmlLinks[0]).toBe(mail?.links[0]);
      const token = tokenOf(mail?.links[0]);

      // Only the token's hash is stored.
      const rows = await h.ctx.db
        .selectFrom('account_tokens')
        .selectAll()
        .where('purpose', '=', 'password_reset')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(await h.ctx.db.selectFrom('jobs').select('payload').execute())).not.toContain(token);

      const reset = await call(h, 'POST', '/api/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
      expect(reset.status).toBe(200);
      expect(reset.json).toEqual({ ok: true, message: credentialMessages.passwordReset });

      // Every session ended, here and on the other instance.
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(401);
      // The other instance forgets when the database's notice arrives: a moment after the commit.
      await expect
        .poll(async () => (await call(other, 'GET', '/api/auth/me', { token: elsewhere })).status, { timeout: 5000 })
        .toBe(401);
      const login = (password: string) =>
        call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password } });
      expect((await login(player.password)).status).toBe(401);
      expect((await login(NEW_PASSWORD)).status).toBe(200);

      // Used once.
      const again = await call(h, 'POST', '/api/auth/reset-password', {
        body: { token, password: 'Another-Orbit-88' },
      });
      expect([again.status, again.json.error.message]).toEqual([400, credentialMessages.resetLinkInvalid]);

      const notice = (await mailsTo(player.user.email, 3)).find(
        (m) => m.subject === 'Starport: Your password was changed',
      );
      expect(notice?.text).toContain('every device signed in to it has been signed out');
      expect(notice?.links).toEqual(['http://localhost:3000/forgot-password']);
    });

    it('answers an unknown address exactly as a known one, doing the same work, and mails nobody', async () => {
      h = await createMailHarness(dialect);
      const player = await registerPlayer(h);
      await deliverMail(h);
      const known = await call(h, 'POST', '/api/auth/forgot-password', { body: { email: player.user.email } });
      const unknown = await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.com' } });
      expect(unknown.status).toBe(known.status);
      expect(unknown.text).toBe(known.text);
      expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());
      // Both queued one job: the look-up happens afterwards, away from the answer's timing.
      const queued = await h.ctx.db
        .selectFrom('jobs')
        .select(['kind', 'dedupe_key'])
        .where('kind', '=', 'accounts.reset_link')
        .execute();
      expect(queued.map((job) => job.dedupe_key).sort()).toEqual([player.user.email, 'nobody@example.com'].sort());
      await deliverMail(h);
      expect(h.sink.received.filter((m) => m.to === 'nobody@example.com')).toEqual([]);
      expect(h.sink.received.filter((m) => m.subject.includes('Reset'))).toHaveLength(1);
    });

    it('refuses an expired link, and a password that breaks a rule without using the link up', async () => {
      h = await createMailHarness(dialect);
      const player = await registerPlayer(h);
      await call(h, 'POST', '/api/auth/forgot-password', { body: { email: player.user.email } });
      const token = tokenOf((await mailsTo(player.user.email, 2)).find((m) => m.subject.includes('Reset'))?.links[0]);

      const weak = await call(h, 'POST', '/api/auth/reset-password', { body: { token, password: 'qwerty' } });
      expect([weak.status, weak.json.error.message]).toEqual([
        400,
        'Password cannot be a simple sequence such as abcdef, 123456 or qwerty',
      ]);
      const common = await call(h, 'POST', '/api/auth/reset-password', { body: { token, password: 'password1' } });
      expect([common.status, common.json.error.message]).toEqual([
        400,
        'This password is too common. Please choose a less common one',
      ]);
      const own = await call(h, 'POST', '/api/auth/reset-password', {
        body: { token, password: player.user.username },
      });
      expect([own.status, own.json.error.message]).toEqual([400, 'Password cannot be your username']);
      for (const body of [
        { token: 'made-up', password: NEW_PASSWORD },
        { token: '', password: NEW_PASSWORD },
      ]) {
        expect((await call(h, 'POST', '/api/auth/reset-password', { body })).status).toBe(400);
      }
      // The session still works: nothing changed.
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(200);

      h.clock.advance(30 * 60_000);
      const late = await call(h, 'POST', '/api/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
      expect([late.status, late.json.error.message]).toEqual([400, credentialMessages.resetLinkInvalid]);
      expect(
        (await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: player.password } }))
          .status,
      ).toBe(200);
    });

    it('limits requests per client address (429) and mails per address asked for (the same answer, no mail)', async () => {
      h = await createMailHarness(dialect, {
        env: { FORGOT_PASSWORD_LIMIT_PER_ADDRESS: '3', FORGOT_PASSWORD_LIMIT_PER_ACCOUNT: '1' },
      });
      const player = await registerPlayer(h);
      await deliverMail(h);
      const ask = (email: string) => call(h, 'POST', '/api/auth/forgot-password', { body: { email } });
      const first = await ask(player.user.email);
      await deliverMail(h);
      const second = await ask(player.user.email);
      expect(second.text).toBe(first.text);
      await deliverMail(h);
      expect(h.sink.received.filter((m) => m.subject.includes('Reset'))).toHaveLength(1);
      expect((await ask('nobody@example.com')).status).toBe(200);
      const limited = await ask('someone@example.com');
      expect(limited.status).toBe(429);
      expect(limited.json.error.message).toMatch(
        /^Too many password reset requests from this address\. Please try again in /,
      );
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('verify email', () => {
    it('mails a link at registration; unverified accounts work; the link verifies the address once', async () => {
      h = await createMailHarness(dialect);
      const player = await registerPlayer(h);
      expect(player.user.emailVerified).toBe(false);
      expect((await call(h, 'GET', '/api/shop/user/inventory', { token: player.token })).status).toBe(200);
      const [mail] = await mailsTo(player.user.email);
      expect(mail?.subject).toBe('Starport: Verify your email address');
      expect(mail?.links[0]).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
      const token = tokenOf(mail?.links[0]);

      const verified = await call(h, 'POST', '/api/auth/verify-email', { body: { token } });
      expect(verified.status).toBe(200);
      expect(verified.json).toEqual({ ok: true, email: player.user.email });
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user.emailVerified).toBe(true);
      const again = await call(h, 'POST', '/api/auth/verify-email', { body: { token } });
      expect([again.status, again.json.error.message]).toEqual([400, credentialMessages.verificationLinkInvalid]);
      const resend = await call(h, 'POST', '/api/account/email/verification', { token: player.token });
      expect([resend.status, resend.json.error.message]).toEqual([409, credentialMessages.alreadyVerified]);
    });

    it('sends a new link on request, up to a limit per account, and refuses a stale one', async () => {
      h = await createMailHarness(dialect, { env: { VERIFICATION_MAIL_LIMIT_PER_ACCOUNT: '2' } });
      const player = await registerPlayer(h);
      const resend = () => call(h, 'POST', '/api/account/email/verification', { token: player.token });
      expect((await resend()).json).toEqual({ ok: true, message: credentialMessages.verificationSent });
      expect((await resend()).status).toBe(200);
      const limited = await resend();
      expect(limited.status).toBe(429);
      expect(limited.json.error.message).toMatch(/^Too many verification mails\. Please try again in /);
      const mails = await mailsTo(player.user.email, 3);
      expect(mails.map((m) => m.subject)).toEqual(Array(3).fill('Starport: Verify your email address'));
      expect((await call(h, 'POST', '/api/account/email/verification')).status).toBe(401);

      h.clock.advance(24 * 3_600_000);
      const stale = await call(h, 'POST', '/api/auth/verify-email', { body: { token: tokenOf(mails[2]?.links[0]) } });
      expect([stale.status, stale.json.error.message]).toEqual([400, credentialMessages.verificationLinkInvalid]);
    });
  });

  describe('change password', () => {
    it('needs the current password, keeps this session, ends the others, and tells the owner', async () => {
      h = await createMailHarness(dialect);
      const player = await registerPlayer(h);
      const other = (
        await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: player.password } })
      ).json.token;
      const change = (body: unknown, token = player.token) => call(h, 'POST', '/api/account/password', { body, token });

      const wrong = await change({ currentPassword: 'not-my-password', password: NEW_PASSWORD });
      expect([wrong.status, wrong.json.error.message]).toEqual([400, credentialMessages.currentPasswordWrong]);
      const weak = await change({ currentPassword: player.password, password: '123456' });
      expect([weak.status, weak.json.error.message]).toEqual([
        400,
        'Password cannot be a simple sequence such as abcdef, 123456 or qwerty',
      ]);
      expect((await call(h, 'GET', '/api/auth/me', { token: other })).status).toBe(200);

      const changed = await change({ currentPassword: player.password, password: NEW_PASSWORD });
      expect(changed.status).toBe(200);
      expect(changed.json).toEqual({ ok: true, message: credentialMessages.passwordChanged });
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).status).toBe(200);
      expect((await call(h, 'GET', '/api/auth/me', { token: other })).status).toBe(401);
      const login = (password: string) =>
        call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password } });
      expect((await login(player.password)).status).toBe(401);
      expect((await login(NEW_PASSWORD)).status).toBe(200);
      const notice = (await mailsTo(player.user.email, 2)).find(
        (m) => m.subject === 'Starport: Your password was changed',
      );
      expect(notice?.text).toContain('every other device signed in to it has been signed out');
      expect(
        (
          await call(h, 'POST', '/api/account/password', {
            body: { currentPassword: NEW_PASSWORD, password: 'Other-Comet-55' },
          })
        ).status,
      ).toBe(401);
    });

    it('refuses an account past its limit of wrong current passwords, the right one too, until the window ends', async () => {
      h = await createMailHarness(dialect, { env: { PASSWORD_CHECK_LIMIT_PER_ACCOUNT: '3' } });
      const player = await registerPlayer(h);
      const change = (currentPassword: string) =>
        call(h, 'POST', '/api/account/password', {
          body: { currentPassword, password: NEW_PASSWORD },
          token: player.token,
        });
      // Right passwords do not count.
      expect(
        (
          await call(h, 'POST', '/api/account/email', {
            body: { password: player.password, email: player.user.email },
            token: player.token,
          })
        ).status,
      ).toBe(400);
      const answers = await Promise.all(['a1', 'b2', 'c3', 'd4', 'e5'].map((guess) => change(`wrong-${guess}`)));
      expect(answers.map((a) => a.status).sort()).toEqual([400, 400, 400, 429, 429]);
      const limited = await change(player.password);
      expect(limited.status).toBe(429);
      expect(limited.json.error.message).toMatch(/^Too many wrong passwords\. Please try again in /);
      // Nothing changed.
      expect(
        (await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: player.password } }))
          .status,
      ).toBe(200);
    });
  });

  describe('change email', () => {
    it('changes the address only once the new one is verified, then tells the old one', async () => {
      h = await createMailHarness(dialect);
      const player = await registerPlayer(h);
      const change = (body: unknown) => call(h, 'POST', '/api/account/email', { body, token: player.token });
      const wrong = await change({ password: 'nope-nope', email: 'new-home@example.com' });
      expect([wrong.status, wrong.json.error.message]).toEqual([400, credentialMessages.currentPasswordWrong]);
      const same = await change({ password: player.password, email: player.user.email.toUpperCase() });
      expect([same.status, same.json.error.message]).toEqual([400, credentialMessages.sameEmail]);

      const asked = await change({ password: player.password, email: 'New-Home@example.com' });
      expect(asked.json).toEqual({ ok: true, message: credentialMessages.emailChangeSent });
      // Not yet.
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user.email).toBe(player.user.email);
      const [link] = await mailsTo('New-Home@example.com');
      expect(link?.subject).toBe('Starport: Verify your email address');
      expect(link?.text).toContain('Your email changes once you open the link below.');

      const verified = await call(h, 'POST', '/api/auth/verify-email', { body: { token: tokenOf(link?.links[0]) } });
      expect(verified.json).toEqual({ ok: true, email: 'New-Home@example.com' });
      const me = (await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user;
      expect([me.email, me.emailVerified]).toEqual(['New-Home@example.com', true]);
      const told = (await mailsTo(player.user.email, 2)).find(
        (m) => m.subject === 'Starport: Your email address was changed',
      );
      expect(told?.text).toContain('to New-Home@example.com');
      const login = (email: string) =>
        call(h, 'POST', '/api/auth/login', { body: { email, password: player.password } });
      expect((await login('new-home@example.com')).status).toBe(200);
      expect((await login(player.user.email)).status).toBe(401);
    });

    it('answers the same for an address another account uses, telling that address instead', async () => {
      h = await createMailHarness(dialect);
      const player = await registerPlayer(h);
      const owner = await registerPlayer(h);
      await deliverMail(h);
      const taken = await call(h, 'POST', '/api/account/email', {
        body: { password: player.password, email: owner.user.email },
        token: player.token,
      });
      const free = await call(h, 'POST', '/api/account/email', {
        body: { password: player.password, email: 'free@example.com' },
        token: player.token,
      });
      expect(taken.status).toBe(200);
      expect(taken.text).toBe(free.text);
      const [inUse] = (await mailsTo(owner.user.email, 2)).filter((m) => m.subject.includes('already has an account'));
      expect(inUse?.text).toContain('nothing was changed');
      expect(inUse?.links).toEqual(['http://localhost:3000/forgot-password']);
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user.email).toBe(player.user.email);
    });

    it('checks the new address again when its link is opened', async () => {
      h = await createMailHarness(dialect);
      const player = await registerPlayer(h);
      await call(h, 'POST', '/api/account/email', {
        body: { password: player.password, email: 'wanted@example.com' },
        token: player.token,
      });
      const [link] = await mailsTo('wanted@example.com');
      // Someone signs up with the address meanwhile.
      await registerPlayer(h, { email: 'Wanted@example.com' });
      const late = await call(h, 'POST', '/api/auth/verify-email', { body: { token: tokenOf(link?.links[0]) } });
      expect([late.status, late.json.error.message]).toEqual([409, credentialMessages.emailTakenNow]);
      expect((await call(h, 'GET', '/api/auth/me', { token: player.token })).json.user.email).toBe(player.user.email);
    });
  });

  describe('the admin reset link', () => {
    it('gives an admin a one-time link for a player, audited without the link, with or without mail', async () => {
      h = await createMailHarness(dialect);
      const { admin, player } = await adminAndPlayer(h);
      const asPlayer = await call(h, 'POST', `/api/admin/users/${admin.user._id}/reset-link`, { token: player.token });
      expect(asPlayer.status).toBe(403);
      const made = await call(h, 'POST', `/api/admin/users/${player.user._id}/reset-link`, { token: admin.token });
      expect(made.status).toBe(200);
      expect(made.json.url).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
      expect(made.json.expiresAt).toBe('2026-11-22T12:30:00.000Z');
      const audit = await h.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.reset_link')
        .execute();
      expect(audit).toEqual([expect.objectContaining({ actor_id: admin.user._id, target_id: player.user._id })]);
      expect(JSON.stringify(audit)).not.toContain(tokenOf(made.json.url));

      const reset = await call(h, 'POST', '/api/auth/reset-password', {
        body: { token: tokenOf(made.json.url), password: NEW_PASSWORD },
      });
      expect(reset.status).toBe(200);
      expect(
        (await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: NEW_PASSWORD } }))
          .status,
      ).toBe(200);

      const missing = await call(h, 'POST', '/api/admin/users/no-such-user/reset-link', { token: admin.token });
      expect([missing.status, missing.json.error.message]).toEqual([404, 'User not found']);
    });
  });
});
