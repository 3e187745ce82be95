// A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it is sent, each message
// parsed (`mailparser`) as a mail client would show it: from, to, subject, text, html and the links.
// Tests point SMTP_URL at it and read what arrived; `refuse` scripts the server's answer to the next
// messages (a 4xx to be tried again, a 5xx that is final).
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address in the text, in order. */
  links: string[];
  /** Every link's href in the HTML, as a browser reads it (entities decoded). */
  htmlLinks: string[];
}

const decodeEntities = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

export interface SmtpSink {
  /** Use as SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves with the mails sent to `to` once there are at least `count` (within a few seconds). */
  waitFor(to: string, count?: number): Promise<ReceivedMail[]>;
  /** The next `times` messages get this SMTP reply instead of being kept. */
  refuse(code: number, message: string, times?: number): void;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refusals: { code: number; message: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const refusal = refusals.shift();
      if (refusal) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
          const text = parsed.text ?? '';
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          received.push({
            from: parsed.from?.text ?? '',
            to,
            subject: parsed.subject ?? '',
            text,
            html,
            links: text.match(/https?:\/\/\S+/g) ?? [],
            htmlLinks: [...html.matchAll(/href="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? '')),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    async waitFor(to, count = 1) {
      for (let waited = 0; ; waited += 20) {
        const mails = received.filter((mail) => mail.to.includes(to));
        if (mails.length >= count) return mails;
        if (waited > 5_000) throw new Error(`no mail to ${to} arrived (${received.length} others did)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    refuse(code, message, times = 1) {
      for (let i = 0; i < times; i++) refusals.push({ code, message });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
