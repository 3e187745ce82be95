// Two-factor sign-in (issue 19): setting up an authenticator app, recovery codes, the login's second
// step, turning it off, and the site setting that requires it of administrators. Codes are computed
// from the secret with otpauth, as the app would. Its security properties are in
// security/v6-authentication-two-factor.test.ts.
import { TWO_FACTOR_REQUIRED_CODE, twoFactorMessages } from '@starport/api-client/contract';
import * as OTPAuth from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminAndPlayer } from './helpers/admin.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createMailHarness, deliverMail } from './helpers/mail.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';
import { appCode, passwordStep, turnOnTwoFactor } from './helpers/two-factor.ts';

describe.each(dialects)('two-factor sign-in on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(() => h.close());

  it('sets up with a QR code of an otpauth URL naming the store, and turns on with the first code', async () => {
    const player = await registerPlayer(h);
    expect((await call(h, 'GET', '/api/account/2fa', { token: player.token })).json).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });

    const setup = await call(h, 'POST', '/api/account/2fa/setup', { token: player.token });
    expect(setup.status).toBe(200);
    expect(setup.json.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.json.qrCode).toMatch(/^data:image\/png;base64,/);
    const url = OTPAuth.URI.parse(setup.json.otpauthUrl) as OTPAuth.TOTP;
    expect(url).toBeInstanceOf(OTPAuth.TOTP);
    expect({ issuer: url.issuer, label: url.label, digits: url.digits, period: url.period }).toEqual({
      issuer: 'Starport',
      label: player.user.email,
      digits: 6,
      period: 30,
    });
    expect(url.secret.base32).toBe(setup.json.secret);

    // Not on until a code proves the app has the secret.
    const login = await call(h, 'POST', '/api/auth/login', {
      body: { email: player.user.email, password: player.password },
    });
    expect(login.json.token).toEqual(expect.any(String));

    const wrong = await call(h, 'POST', '/api/account/2fa/enable', {
      token: player.token,
      body: { code: appCode(h, setup.json.secret, 5) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe(twoFactorMessages.codeInvalid);
    const badShape = await call(h, 'POST', '/api/account/2fa/enable', { token: player.token, body: { code: '12ab' } });
    expect(badShape.status).toBe(400);
    expect(badShape.json.error.message).toBe(twoFactorMessages.appCodeShape);

    const enabled = await call(h, 'POST', '/api/account/2fa/enable', {
      token: player.token,
      body: { code: appCode(h, setup.json.secret) },
    });
    expect(enabled.status).toBe(200);
    const codes = enabled.json.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){5}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect((await call(h, 'GET', '/api/account/2fa', { token: player.token })).json).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    for (const path of ['/api/account/2fa/setup', '/api/account/2fa/enable']) {
      const again = await call(h, 'POST', path, { token: player.token, body: { code: appCode(h, setup.json.secret) } });
      expect(again.status).toBe(409);
      expect(again.json.error.message).toBe(twoFactorMessages.alreadyEnabled);
    }
  });

  it('refuses to turn on before a setup, and a guest everywhere', async () => {
    const player = await registerPlayer(h);
    const early = await call(h, 'POST', '/api/account/2fa/enable', { token: player.token, body: { code: '123456' } });
    expect(early.status).toBe(400);
    expect(early.json.error.message).toBe(twoFactorMessages.setupFirst);
    for (const [method, path] of [
      ['GET', '/api/account/2fa'],
      ['POST', '/api/account/2fa/setup'],
      ['POST', '/api/account/2fa/enable'],
      ['POST', '/api/account/2fa/disable'],
    ] as const) {
      expect((await call(h, method, path, method === 'POST' ? { body: {} } : {})).status).toBe(401);
    }
  });

  it('asks for the code after the right password, and signs in with it, without a session before', async () => {
    const player = await registerPlayer(h);
    const { secret } = await turnOnTwoFactor(h, player.token);
    const sessionsBefore = await h.ctx.db.selectFrom('sessions').select('token_hash').execute();

    const wrongPassword = await call(h, 'POST', '/api/auth/login', {
      body: { email: player.user.email, password: 'not-the-password' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.json.error.message).toBe('Invalid email or password');

    const challenge = await passwordStep(h, player);
    expect(await h.ctx.db.selectFrom('sessions').select('token_hash').execute()).toHaveLength(sessionsBefore.length);

    const wrong = await call(h, 'POST', '/api/auth/login/2fa', { body: { challenge, code: appCode(h, secret, 4) } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toBe(twoFactorMessages.codeInvalid);

    const done = await call(h, 'POST', '/api/auth/login/2fa', { body: { challenge, code: appCode(h, secret) } });
    expect(done.status).toBe(200);
    expect(done.json.user).toMatchObject({ email: player.user.email, username: player.user.username });
    const me = await call(h, 'GET', '/api/auth/me', { token: done.json.token });
    expect(me.json.user._id).toBe(player.user._id);
  });

  it('signs in with a recovery code, typed in any case with or without dashes, once', async () => {
    const player = await registerPlayer(h);
    const { recoveryCodes } = await turnOnTwoFactor(h, player.token);
    const code = recoveryCodes[3] as string;

    const first = await call(h, 'POST', '/api/auth/login/2fa', {
      body: { challenge: await passwordStep(h, player), code: ` ${code.replaceAll('-', '').toLowerCase()} ` },
    });
    expect(first.status).toBe(200);
    expect((await call(h, 'GET', '/api/account/2fa', { token: first.json.token })).json.recoveryCodesLeft).toBe(9);

    const again = await call(h, 'POST', '/api/auth/login/2fa', {
      body: { challenge: await passwordStep(h, player), code },
    });
    expect(again.status).toBe(401);
    expect(again.json.error.message).toBe(twoFactorMessages.codeInvalid);
  });

  it('turns off with the password and a code, and the next sign-in needs the password only', async () => {
    const player = await registerPlayer(h);
    const { secret, recoveryCodes } = await turnOnTwoFactor(h, player.token);

    const wrongPassword = await call(h, 'POST', '/api/account/2fa/disable', {
      token: player.token,
      body: { password: 'nope', code: appCode(h, secret) },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json.error.message).toBe(twoFactorMessages.wrongPassword);
    const wrongCode = await call(h, 'POST', '/api/account/2fa/disable', {
      token: player.token,
      body: { password: player.password, code: appCode(h, secret, 5) },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.json.error.message).toBe(twoFactorMessages.codeInvalid);
    expect((await call(h, 'GET', '/api/account/2fa', { token: player.token })).json.enabled).toBe(true);

    const off = await call(h, 'POST', '/api/account/2fa/disable', {
      token: player.token,
      body: { password: player.password, code: recoveryCodes[0] },
    });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await h.ctx.db.selectFrom('two_factor_recovery_codes').selectAll().execute()).toEqual([]);

    const login = await call(h, 'POST', '/api/auth/login', {
      body: { email: player.user.email, password: player.password },
    });
    expect(login.json.token).toEqual(expect.any(String));
    const offAgain = await call(h, 'POST', '/api/account/2fa/disable', {
      token: player.token,
      body: { password: player.password, code: appCode(h, secret) },
    });
    expect(offAgain.status).toBe(400);
    expect(offAgain.json.error.message).toBe(twoFactorMessages.notEnabled);
  });

  it('mails the owner when it is turned on, when a recovery code signs in, and when it is turned off', async () => {
    const mh = await createMailHarness(dialect);
    try {
      const player = await registerPlayer(mh);
      const { secret, recoveryCodes } = await turnOnTwoFactor(mh, player.token);
      await call(mh, 'POST', '/api/auth/login/2fa', {
        body: { challenge: await passwordStep(mh, player), code: recoveryCodes[0] },
      });
      await call(mh, 'POST', '/api/account/2fa/disable', {
        token: player.token,
        body: { password: player.password, code: appCode(mh, secret) },
      });
      await deliverMail(mh);
      const mails = (await mh.sink.waitFor(player.user.email, 4)).map((mail) => ({
        subject: mail.subject,
        text: mail.text,
      }));
      expect(mails.map((mail) => mail.subject)).toEqual(
        expect.arrayContaining([
          'Starport: Two-factor sign-in was turned on',
          'Starport: A recovery code was used to sign in',
          'Starport: Two-factor sign-in was turned off',
        ]),
      );
      const used = mails.find((mail) => mail.subject.includes('recovery code')) as { text: string };
      expect(used.text).toContain('9 recovery codes are left.');
      for (const code of recoveryCodes) expect(JSON.stringify(mails)).not.toContain(code);
    } finally {
      await mh.close();
    }
  });

  describe('the site setting that requires it of administrators', () => {
    const settings = (token: string, requireAdminTwoFactor: boolean) =>
      call(h, 'PATCH', '/api/admin/site-settings', { token, body: { requireAdminTwoFactor } });

    it('cannot be turned on by an administrator who has no two-factor sign-in, and stays off', async () => {
      const { admin } = await adminAndPlayer(h);
      const refused = await settings(admin.token, true);
      expect(refused.status).toBe(409);
      expect(refused.json.error.message).toBe(twoFactorMessages.settingNeedsYourTwoFactor);
      expect((await call(h, 'GET', '/api/shop/site-settings')).json.settings.requireAdminTwoFactor).toBe(false);
    });

    it('refuses admin calls to an administrator without it, who can still reach their account and set it up', async () => {
      const { admin, player } = await adminAndPlayer(h);
      const other = await registerPlayer(h);
      await call(h, 'PATCH', `/api/admin/users/${other.user._id}/admin`, {
        token: admin.token,
        body: { isAdmin: true },
      });
      await turnOnTwoFactor(h, admin.token);
      const on = await settings(admin.token, true);
      expect(on.status).toBe(200);
      expect(on.json.settings.requireAdminTwoFactor).toBe(true);

      // The administrator with two-factor sign-in carries on.
      expect((await call(h, 'GET', '/api/admin/stats', { token: admin.token })).status).toBe(200);
      // The one without is refused, with a message that says what to do, and a code of its own.
      const refused = await call(h, 'GET', '/api/admin/stats', { token: other.token });
      expect(refused.status).toBe(403);
      expect(refused.json.error).toMatchObject({
        code: TWO_FACTOR_REQUIRED_CODE,
        message: twoFactorMessages.adminRequired,
      });
      // A player is still told only that this is for administrators.
      const playerRefused = await call(h, 'GET', '/api/admin/stats', { token: player.token });
      expect(playerRefused.json.error).toMatchObject({ code: 'forbidden', message: 'Administrator access required' });

      expect((await call(h, 'GET', '/api/auth/me', { token: other.token })).status).toBe(200);
      await turnOnTwoFactor(h, other.token);
      expect((await call(h, 'GET', '/api/admin/stats', { token: other.token })).status).toBe(200);

      const off = await settings(admin.token, false);
      expect(off.json.settings.requireAdminTwoFactor).toBe(false);
    });
  });
});
