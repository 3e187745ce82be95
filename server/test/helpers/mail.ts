// Mail in tests: a harness whose SMTP_URL is a real SMTP server started for the test
// (fakes/smtp-sink.ts), and `deliverMail` to run the queued mail jobs now, as the runner's next poll
// would. Read what arrived from `sink.received` or `await sink.waitFor(address)`.

import type { DialectName } from '../../src/db/dialect.ts';
import { createJobRunner } from '../../src/services/jobs/runner.ts';
import { mailJob } from '../../src/services/mail/mail.ts';
import { type SmtpSink, startSmtpSink } from '../fakes/smtp-sink.ts';
import { createHarness, type HarnessOptions, type TestHarness } from './test-context.ts';

export interface MailHarness extends TestHarness {
  sink: SmtpSink;
}

export async function createMailHarness(dialect: DialectName, options: HarnessOptions = {}): Promise<MailHarness> {
  const sink = await startSmtpSink();
  const h = await createHarness(dialect, {
    ...options,
    env: { SMTP_URL: sink.url, MAIL_FROM: 'Starport <no-reply@starport.test>', ...options.env },
  });
  return {
    ...h,
    sink,
    async close() {
      await h.close();
      await sink.close();
    },
  };
}

/** Sends every mail that is due now; returns how many jobs ran. */
export function deliverMail(h: Pick<TestHarness, 'ctx'>): Promise<number> {
  return createJobRunner(h.ctx, [mailJob]).runDue();
}
