// V6 Authentication (6.3.4, 6.4.1–6.4.3, 6.3.7): "a forgotten password is reset through a mailed
// single-use link: 256 random bits, only a SHA-256 kept, valid 30 minutes, never logged; the request
// answers and works the same whether or not an account uses the address; requests are limited per
// client address across instances and mails per address; the owner is told of every password or
// email change"; "no account enumeration through the change of email" (SECURITY.md).
import { createHash } from 'node:crypto';
import { credentialMessages } from '@starport/api-client/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { call, registerPlayer } from '../helpers/http.ts';
import { createMailHarness, deliverMail, type MailHarness } from '../helpers/mail.ts';
import { dialects } from '../helpers/test-context.ts';

const NEW_PASSWORD = 'Nebula-Harbour-77';
const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('token') ?? '';

describe.each(dialects)('password reset on %s', (dialect) => {
  let h: MailHarness;
  afterEach(async () => {
    await h.close();
  });

  async function resetLinks(email: string, count: number) {
    for (let i = 0; i < count; i++) {
      await call(h, 'POST', '/api/auth/forgot-password', { body: { email } });
      await deliverMail(h);
    }
    const mails = await h.sink.waitFor(email, count + 1);
    return mails.filter((m) => m.subject.includes('Reset')).map((m) => tokenOf(m.links[0]));
  }

  it('makes each link from 256 fresh random bits, keeps only its hash, and never writes it to a log or the audit', async () => {
    h = await createMailHarness(dialect);
    const player = await registerPlayer(h);
    const tokens = await resetLinks(player.user.email, 3);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    const stored = await h.ctx.db
      .selectFrom('account_tokens')
      .select('token_hash')
      .where('purpose', '=', 'password_reset')
      .execute();
    expect(stored.map((row) => row.token_hash).sort()).toEqual(
      tokens.map((token) => createHash('sha256').update(token).digest('hex')).sort(),
    );
    const everything = JSON.stringify([
      h.logs,
      await h.ctx.db.selectFrom('jobs').selectAll().execute(),
      await h.ctx.db.selectFrom('audit_log').selectAll().execute(),
      await h.ctx.db.selectFrom('account_tokens').selectAll().execute(),
    ]);
    for (const token of tokens) expect(everything).not.toContain(token);
  });

  it('lets a link be used once, also by calls racing with it', async () => {
    h = await createMailHarness(dialect);
    const player = await registerPlayer(h);
    const [token] = await resetLinks(player.user.email, 1);
    const answers = await Promise.all(
      ['Comet-Trail-11', 'Comet-Trail-22', 'Comet-Trail-33', 'Comet-Trail-44'].map((password) =>
        call(h, 'POST', '/api/auth/reset-password', { body: { token, password } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.json.error.message).toBe(credentialMessages.resetLinkInvalid);
    }
  });

  it('ends the other links of the account once one is used, and a password change ends them too', async () => {
    h = await createMailHarness(dialect);
    const player = await registerPlayer(h);
    const [first, second, third] = await resetLinks(player.user.email, 3);
    expect(
      (await call(h, 'POST', '/api/auth/reset-password', { body: { token: first, password: NEW_PASSWORD } })).status,
    ).toBe(200);
    expect(
      (await call(h, 'POST', '/api/auth/reset-password', { body: { token: second, password: 'Comet-Trail-11' } }))
        .status,
    ).toBe(400);

    const token = (
      await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: NEW_PASSWORD } })
    ).json.token;
    const [fourth] = (await resetLinks(player.user.email, 1)).slice(-1);
    expect(fourth).not.toBe(third);
    const changed = await call(h, 'POST', '/api/account/password', {
      body: { currentPassword: NEW_PASSWORD, password: 'Comet-Trail-22' },
      token,
    });
    expect(changed.status).toBe(200);
    expect(
      (await call(h, 'POST', '/api/auth/reset-password', { body: { token: fourth, password: 'Comet-Trail-33' } }))
        .status,
    ).toBe(400);
  });

  it('answers forgot-password and change-email alike whether or not an account uses the address', async () => {
    h = await createMailHarness(dialect);
    const player = await registerPlayer(h);
    const other = await registerPlayer(h);
    await deliverMail(h);
    const jobs = () => h.ctx.db.selectFrom('jobs').select('kind').where('kind', '=', 'accounts.reset_link').execute();

    const known = await call(h, 'POST', '/api/auth/forgot-password', { body: { email: other.user.email } });
    const afterKnown = (await jobs()).length;
    const unknown = await call(h, 'POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.com' } });
    expect([unknown.status, unknown.text]).toEqual([known.status, known.text]);
    // The same work in the request: one job each, looked up later by the runner.
    expect((await jobs()).length).toBe(afterKnown + 1);

    const change = (email: string) =>
      call(h, 'POST', '/api/account/email', { body: { password: player.password, email }, token: player.token });
    const taken = await change(other.user.email);
    const free = await change('ghost@example.com');
    expect([taken.status, taken.text]).toEqual([free.status, free.text]);
  });

  it('limits forgot-password per client address, once for every instance on PostgreSQL', async () => {
    h = await createMailHarness(dialect, { env: { FORGOT_PASSWORD_LIMIT_PER_ADDRESS: '2' } });
    // On SQLite one process serves, and its memory holds the count.
    const second = dialect === 'postgres' ? await h.openInstance() : h;
    const ask = (app: typeof h | typeof second, email: string) =>
      call(app, 'POST', '/api/auth/forgot-password', { body: { email } });
    expect((await ask(h, 'a@example.com')).status).toBe(200);
    expect((await ask(second, 'b@example.com')).status).toBe(200);
    const third = await ask(second, 'c@example.com');
    expect(third.status).toBe(429);
    expect((await ask(h, 'd@example.com')).status).toBe(429);
  });

  it('tells the owner of a password reset, a password change and an email change, at the address they had', async () => {
    h = await createMailHarness(dialect);
    const player = await registerPlayer(h);
    const [token] = await resetLinks(player.user.email, 1);
    await call(h, 'POST', '/api/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
    const session = (
      await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: NEW_PASSWORD } })
    ).json.token;
    await call(h, 'POST', '/api/account/password', {
      body: { currentPassword: NEW_PASSWORD, password: 'Comet-Trail-22' },
      token: session,
    });
    await call(h, 'POST', '/api/account/email', {
      body: { password: 'Comet-Trail-22', email: 'moved@example.com' },
      token: session,
    });
    await deliverMail(h);
    const [verify] = await h.sink.waitFor('moved@example.com');
    await call(h, 'POST', '/api/auth/verify-email', { body: { token: tokenOf(verify?.links[0]) } });
    await deliverMail(h);
    const subjects = (await h.sink.waitFor(player.user.email, 5)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'Starport: Reset your password',
      'Starport: Verify your email address',
      'Starport: Your email address was changed',
      'Starport: Your password was changed',
      'Starport: Your password was changed',
    ]);
  });
});
