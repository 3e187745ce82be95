// Outgoing mail as a job kind of the job runner: a service queues a message inside the transaction of
// the change that causes it (`queueMail`), and the runner sends it afterwards, never inside a
// request's transaction, with retries and backoff; a queued mail survives a stop of the process.
//
// How it is sent depends on config.mail (SMTP_URL, MAIL_FROM, NODE_ENV): through SMTP; without
// SMTP_URL in development written to the log (the job succeeds); in production not sent (a warning at
// start, and a line per mail without its text). Once sent, the job's stored payload keeps only the
// address and subject, so the links a mail carried (reset, verification) do not stay in the database.
import { MailerError, type OutgoingMail, sendOverSmtp } from '../../adapters/mailer.ts';
import type { AppContext } from '../../context.ts';
import type { Executor, JobRow } from '../../db/database.ts';
import { replaceJobPayload } from '../../db/repositories/jobs.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { enqueue, type JobKind, type JobOutcome } from '../jobs/runner.ts';
import { composeMail, type MailMessage } from './compose.ts';

export { composeMail, type MailMessage, STORE_NAME } from './compose.ts';

export const MAIL_JOB = 'mail.send';

/** What a sent mail's job keeps. */
interface SentMail {
  to: string;
  subject: string;
  sent: true;
}

async function sendMail(ctx: AppContext, mail: OutgoingMail | SentMail, job: JobRow): Promise<JobOutcome> {
  if ('sent' in mail) return { status: 'done', note: 'sent before' };
  const { mode } = ctx.config.mail;
  if (mode === 'smtp') await sendOverSmtp(ctx.config.mail, mail);
  else if (mode === 'log') ctx.logger.info('mail.logged', { to: mail.to, subject: mail.subject, text: mail.text });
  else ctx.logger.warn('mail.not_sent', { to: mail.to, subject: mail.subject, reason: 'SMTP_URL is not set' });
  try {
    await replaceJobPayload(ctx.db, job.id, { to: mail.to, subject: mail.subject, sent: true } satisfies SentMail);
  } catch (error) {
    // Sent all the same: trying again would send it twice.
    ctx.logger.warn('mail.redact_failed', { jobId: job.id, error: String(error) });
  }
  return { status: 'done', note: mode === 'smtp' ? 'sent' : mode === 'log' ? 'logged' : 'not sent: mail is off' };
}

/** A permanent refusal (5xx: no such mailbox, rejected) is a dead letter; anything else is tried again. */
function classify(error: unknown): JobOutcome | undefined {
  if (error instanceof MailerError && error.responseCode !== null && error.responseCode >= 500) {
    return { status: 'blocked', error: `The mail server refused the message: ${error.message}` };
  }
  return undefined;
}

export const mailJob: JobKind<OutgoingMail | SentMail> = {
  name: MAIL_JOB,
  run: sendMail,
  classify,
  // About a day of retries: 30 s, 1 min, 2 min … up to an hour apart.
  maxAttempts: 12,
  leaseMs: 60_000,
  backoff: { baseMs: 30_000, maxMs: 60 * 60_000 },
  logAs: 'mail.attempt',
};

/**
 * Queues one message (composed in text and HTML with the store's name); call it inside the
 * transaction of the change that causes it, so the mail goes if and only if the change commits.
 */
export async function queueMail(ctx: AppContext, trx: Executor, message: MailMessage): Promise<void> {
  await enqueue(trx, mailJob, { key: newId(), payload: composeMail(message) }, toIso(ctx.clock()));
}

/** An absolute address on the site for a link in a mail (`siteLink(ctx, '/reset-password', {token})`). */
export function siteLink(ctx: AppContext, path: string, query: Record<string, string> = {}): string {
  const url = new URL(`${ctx.config.publicUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** The line at start that says mail is off (production without SMTP_URL). */
export function announceMailMode(ctx: AppContext): void {
  if (ctx.config.mail.mode === 'off') {
    ctx.logger.warn('mail.off', {
      message:
        'SMTP_URL is not set: no mail is sent (password resets, verifications, notices). Set SMTP_URL and MAIL_FROM',
    });
  } else if (ctx.config.mail.mode === 'log') {
    ctx.logger.info('mail.log_only', { message: 'SMTP_URL is not set: mails are written to the log' });
  }
}
