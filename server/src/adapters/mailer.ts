// Outgoing mail over SMTP through nodemailer, the one place that speaks to a mail server. One
// transport per configuration (pooled connections), loaded the first time a mail is sent, so a start
// without mail never loads nodemailer (lib/load-when-needed.ts).
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../config.ts';
import { loadWhenNeeded } from '../lib/load-when-needed.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A refusal the mail server gave (its SMTP reply code), or a connection that failed (code null). */
export class MailerError extends Error {
  readonly responseCode: number | null;

  constructor(message: string, responseCode: number | null) {
    super(message);
    this.name = 'MailerError';
    this.responseCode = responseCode;
  }
}

const transports = new WeakMap<MailConfig, Transporter>();

function transportFor(config: MailConfig): Transporter {
  let transport = transports.get(config);
  if (!transport) {
    if (!config.smtpUrl) throw new Error('SMTP_URL is not set');
    const nodemailer = loadWhenNeeded('nodemailer') as typeof import('nodemailer');
    transport = nodemailer.createTransport(config.smtpUrl);
    transports.set(config, transport);
  }
  return transport;
}

/** Hands one message to the SMTP server; resolves once it has accepted it. */
export async function sendOverSmtp(config: MailConfig, mail: OutgoingMail): Promise<void> {
  try {
    await transportFor(config).sendMail({ from: config.from, ...mail });
  } catch (error) {
    const { responseCode, message } = error as { responseCode?: number; message?: string };
    throw new MailerError(message ?? String(error), typeof responseCode === 'number' ? responseCode : null);
  }
}
