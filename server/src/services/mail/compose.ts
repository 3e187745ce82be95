// One message in plain text and in simple HTML, from the same paragraphs and (optionally) one link
// to follow, signed with the store's name. Every piece of text is escaped in the HTML.
import type { OutgoingMail } from '../../adapters/mailer.ts';

/** The store's name, in every subject line, greeting and signature. */
export const STORE_NAME = 'Starport';

export interface MailMessage {
  to: string;
  /** Without the store's name: it is added in front (`Starport: Reset your password`). */
  subject: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** A button in the HTML, the address on its own line in the text. */
  action?: { label: string; url: string };
  /** Paragraphs after the action (e.g. "If you did not ask for this, ignore this mail."). */
  after?: string[];
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const htmlParagraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;

export function composeMail(message: MailMessage): OutgoingMail {
  const after = message.after ?? [];
  const subject = `${STORE_NAME}: ${message.subject}`;
  const textParts = [
    ...message.paragraphs,
    ...(message.action ? [`${message.action.label}:\n${message.action.url}`] : []),
    ...after,
    `— ${STORE_NAME}`,
  ];
  const button = message.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(message.action.url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(message.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">Or open this address: ${escapeHtml(message.action.url)}</p>`
    : '';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111111">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(STORE_NAME)}</h1>`,
    ...message.paragraphs.map(htmlParagraph),
    button,
    ...after.map(htmlParagraph),
    `<p style="margin:24px 0 0;font-size:13px;color:#555555">— ${escapeHtml(STORE_NAME)}</p>`,
    '</body></html>',
  ].join('');
  return { to: message.to, subject, text: `${textParts.join('\n\n')}\n`, html };
}
