// Outgoing mail (services/mail/): queued in the transaction of the change that causes it, sent by the
// job runner to a real SMTP server started here (fakes/smtp-sink.ts), read back as a mail client
// would; retried when the server is away, a dead letter when it refuses for good; written to the log
// without SMTP_URL in development, not sent in production. On both dialects.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { announceMailMode, composeMail, queueMail } from '../src/services/mail/mail.ts';
import { startSmtpSink } from './fakes/smtp-sink.ts';
import { createMailHarness, deliverMail, type MailHarness } from './helpers/mail.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const message = {
  to: 'ann@example.com',
  subject: 'Reset your password',
  paragraphs: ['Someone asked to reset the password of <your> account.'],
  action: { label: 'Choose a new password', url: 'http://localhost:3000/reset-password?token=abc&x=1' },
  after: ['If it was not you, ignore this mail.'],
};

const mailJobs = (h: TestHarness) =>
  h.ctx.db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'payload', 'last_error', 'run_after'])
    .where('kind', '=', 'mail.send')
    .execute();

describe('composeMail', () => {
  it('writes the same message as text and as escaped HTML, with the store name and the link', () => {
    const mail = composeMail(message);
    expect(mail.subject).toBe('Starport: Reset your password');
    expect(mail.text).toContain('Someone asked to reset the password of <your> account.');
    expect(mail.text).toContain('Choose a new password:\nhttp://localhost:3000/reset-password?token=abc&x=1');
    expect(mail.text).toContain('— Starport');
    expect(mail.html).toContain('of &#60;your&#62; account');
    expect(mail.html).toContain('href="http://localhost:3000/reset-password?token=abc&#38;x=1"');
    expect(mail.html).not.toContain('<your>');
  });
});

describe('mail configuration', () => {
  it('sends over SMTP with SMTP_URL, logs in development without it, and is off in production', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.com:587', MAIL_FROM: 'Shop <a@b.c>' }).mail).toEqual({
      mode: 'smtp',
      smtpUrl: 'smtp://u:p@mail.example.com:587',
      from: 'Shop <a@b.c>',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com' }).mail).toEqual({
      mode: 'log',
      smtpUrl: null,
      from: 'Starport <no-reply@shop.example.com>',
    });
    expect(loadConfig({ NODE_ENV: 'production' }).mail.mode).toBe('off');
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\//);
  });
});

describe.each(dialects)('mail on %s', (dialect) => {
  let h: MailHarness | TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('sends a queued message through SMTP once its transaction commits, and keeps no link afterwards', async () => {
    const mh = await createMailHarness(dialect);
    h = mh;
    await inTransaction(mh.ctx.db, (trx) => queueMail(mh.ctx, trx, message));
    // Nothing is sent inside the transaction: the runner sends it afterwards.
    expect(mh.sink.received).toEqual([]);
    expect(await deliverMail(mh)).toBe(1);
    const [mail] = await mh.sink.waitFor('ann@example.com');
    expect(mail).toMatchObject({
      from: '"Starport" <no-reply@starport.test>',
      to: 'ann@example.com',
      subject: 'Starport: Reset your password',
      links: ['http://localhost:3000/reset-password?token=abc&x=1'],
    });
    expect(mail?.text).toContain('Someone asked to reset the password of <your> account.');
    expect(mail?.htmlLinks).toEqual(['http://localhost:3000/reset-password?token=abc&x=1']);
    expect(mail?.html).toContain('of &#60;your&#62; account');
    const [job] = await mailJobs(mh);
    expect(job?.status).toBe('done');
    expect(JSON.parse(job?.payload ?? '{}')).toEqual({
      to: 'ann@example.com',
      subject: 'Starport: Reset your password',
      sent: true,
    });
    expect(await deliverMail(mh)).toBe(0);
    expect(mh.sink.received).toHaveLength(1);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const mh = await createMailHarness(dialect);
    h = mh;
    await expect(
      inTransaction(mh.ctx.db, async (trx) => {
        await queueMail(mh.ctx, trx, message);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliverMail(mh)).toBe(0);
    expect(await mailJobs(mh)).toEqual([]);
  });

  it('tries again later while the mail server is away or answers 4xx, and keeps a 5xx refusal as a dead letter', async () => {
    const mh = await createMailHarness(dialect);
    h = mh;
    const port = mh.sink.port;
    await mh.sink.close();
    await inTransaction(mh.ctx.db, (trx) => queueMail(mh.ctx, trx, message));
    expect(await deliverMail(mh)).toBe(1);
    let [job] = await mailJobs(mh);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job?.last_error).toMatch(/ECONNREFUSED/);
    // Waits its backoff (30 s and a fifth either way).
    expect(Date.parse(job?.run_after ?? '') - mh.clock().getTime()).toBeGreaterThanOrEqual(24_000);

    const sink = await startSmtpSink(port);
    try {
      sink.refuse(451, 'Try again later');
      mh.clock.advance(60_000);
      expect(await deliverMail(mh)).toBe(1);
      [job] = await mailJobs(mh);
      expect(job).toMatchObject({ status: 'pending', attempts: 2 });
      mh.clock.advance(120_000);
      expect(await deliverMail(mh)).toBe(1);
      expect((await sink.waitFor('ann@example.com'))[0]?.subject).toBe('Starport: Reset your password');

      sink.refuse(550, 'No such user here');
      await inTransaction(mh.ctx.db, (trx) => queueMail(mh.ctx, trx, { ...message, to: 'nobody@example.com' }));
      expect(await deliverMail(mh)).toBe(1);
      const dead = (await mailJobs(mh)).find((row) => row.status !== 'done');
      expect(dead?.status).toBe('blocked');
      expect(dead?.last_error).toMatch(/^The mail server refused the message: .*No such user here/);
    } finally {
      await sink.close();
    }
  });

  it('writes the mail to the log without SMTP_URL in development, and the job succeeds', async () => {
    h = await createHarness(dialect);
    await inTransaction(h.ctx.db, (trx) => queueMail(h.ctx, trx, message));
    expect(await deliverMail(h)).toBe(1);
    expect(h.logs).toContainEqual(
      expect.objectContaining({
        msg: 'mail.logged',
        to: 'ann@example.com',
        subject: 'Starport: Reset your password',
        text: expect.stringContaining('http://localhost:3000/reset-password?token=abc&x=1'),
      }),
    );
    expect((await mailJobs(h))[0]?.status).toBe('done');
  });

  it('sends nothing in production without SMTP_URL, and says so at start and for each mail', async () => {
    h = await createHarness(dialect, { env: { NODE_ENV: 'production', PAYMENTS: 'off' } });
    announceMailMode(h.ctx);
    expect(h.logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'mail.off',
        message: expect.stringContaining('SMTP_URL is not set'),
      }),
    );
    await inTransaction(h.ctx.db, (trx) => queueMail(h.ctx, trx, message));
    expect(await deliverMail(h)).toBe(1);
    expect(h.logs).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'mail.not_sent', to: 'ann@example.com' }),
    );
    expect(h.logs.some((line) => JSON.stringify(line).includes('token=abc'))).toBe(false);
  });
});
