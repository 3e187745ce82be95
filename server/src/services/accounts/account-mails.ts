// The mails about a player's account: the reset link, the address to verify, and the notices of a
// security change (ASVS 6.3.7 / 7.2: the owner hears of a changed password or email). Each is a
// MailMessage for queueMail (services/mail/mail.ts), queued in the change's own transaction.
import { RESET_LINK_MINUTES, VERIFICATION_LINK_HOURS } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { type MailMessage, STORE_NAME, siteLink } from '../mail/mail.ts';

const notYou = (ctx: AppContext): MailMessage['action'] => ({
  label: 'If it was not you, reset your password now',
  url: siteLink(ctx, '/forgot-password'),
});

/** `2026-11-24 12:00 UTC`: when a change was made. */
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function resetLinkMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your password',
    paragraphs: [
      `Someone (we hope you) asked to reset the password of your ${STORE_NAME} account.`,
      `The link works once, for ${RESET_LINK_MINUTES} minutes.`,
    ],
    action: { label: 'Choose a new password', url },
    after: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
  };
}

export function passwordChangedMail(
  ctx: AppContext,
  to: string,
  signedOut: 'every device' | 'every other device',
): MailMessage {
  return {
    to,
    subject: 'Your password was changed',
    paragraphs: [
      `The password of your ${STORE_NAME} account was changed on ${utc(ctx.clock())}.`,
      `For your safety, ${signedOut} signed in to it has been signed out.`,
    ],
    action: notYou(ctx),
  };
}

export function verifyAddressMail(to: string, url: string, change: boolean): MailMessage {
  return {
    to,
    subject: 'Verify your email address',
    paragraphs: [
      change
        ? `You asked to use this address for your ${STORE_NAME} account. Your email changes once you open the link below.`
        : `Welcome to ${STORE_NAME}! Please confirm this is your email address.`,
      `The link works once, for ${VERIFICATION_LINK_HOURS} hours.`,
    ],
    action: { label: 'Verify this address', url },
    after: ['If you did not ask for this, ignore this mail.'],
  };
}

export function emailChangedMail(ctx: AppContext, to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your email address was changed',
    paragraphs: [
      `The email address of your ${STORE_NAME} account was changed on ${utc(ctx.clock())} to ${newEmail}.`,
      'Mails about the account now go to the new address.',
    ],
    action: notYou(ctx),
  };
}

/** To an address someone tried to move their account to while another account already uses it. */
export function addressInUseMail(ctx: AppContext, to: string): MailMessage {
  return {
    to,
    subject: 'This address already has an account',
    paragraphs: [
      `Someone asked to change the email of a ${STORE_NAME} account to this address, but an account already uses it, so nothing was changed.`,
      'If that was you, sign in with this address instead, or reset its password.',
    ],
    action: { label: 'Reset the password of this address’s account', url: siteLink(ctx, '/forgot-password') },
  };
}

export function twoFactorOnMail(ctx: AppContext, to: string): MailMessage {
  return {
    to,
    subject: 'Two-factor sign-in was turned on',
    paragraphs: [
      `Two-factor sign-in was turned on for your ${STORE_NAME} account on ${utc(ctx.clock())}.`,
      'Signing in now asks for a code from your authenticator app after your password. Keep your recovery codes somewhere safe.',
    ],
    action: notYou(ctx),
  };
}

export function twoFactorOffMail(ctx: AppContext, to: string): MailMessage {
  return {
    to,
    subject: 'Two-factor sign-in was turned off',
    paragraphs: [
      `Two-factor sign-in was turned off for your ${STORE_NAME} account on ${utc(ctx.clock())}.`,
      'Signing in now needs your password only.',
    ],
    action: notYou(ctx),
  };
}

export function recoveryCodeUsedMail(ctx: AppContext, to: string, left: number): MailMessage {
  return {
    to,
    subject: 'A recovery code was used to sign in',
    paragraphs: [
      `A recovery code was used to sign in to your ${STORE_NAME} account on ${utc(ctx.clock())}. It will not work again.`,
      left === 1 ? '1 recovery code is left.' : `${left} recovery codes are left.`,
    ],
    action: notYou(ctx),
  };
}
