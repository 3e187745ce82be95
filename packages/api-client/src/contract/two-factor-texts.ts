// The texts of two-factor sign-in and of signing in with Discord, free of zod: the login page (a
// first page) shows them, the server sends them, the console matches the admin rule's code.

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export const twoFactorMessages = {
  codeRequired: 'Enter the code from your authenticator app',
  codeInvalid: 'That code is not right. Check your authenticator app and try again',
  appCodeShape: 'Enter the 6-digit code from your authenticator app',
  challengeInvalid: 'Your sign-in has expired. Please log in again',
  wrongPassword: 'The password is not right',
  alreadyEnabled: 'Two-factor sign-in is already on',
  notEnabled: 'Two-factor sign-in is not on',
  setupFirst: 'Start the setup first: scan a new QR code, then enter its code',
  adminRequired: 'Administrators must turn on two-factor sign-in. Turn it on in your Account page, then come back.',
  settingNeedsYourTwoFactor: 'Turn on two-factor sign-in for your own account first, or you would lock yourself out.',
  discordTicketInvalid: 'Your Discord sign-in has expired. Please try again',
} as const;

/** The error code of the admin rule's refusal (403): the admin screens and the console show a link to the Account page. */
export const TWO_FACTOR_REQUIRED_CODE = 'two_factor_required';

/** The codes "Sign in with Discord" sends back to the login page in ?discord_error, and the text of each. */
export const discordSignInFailures = {
  cancelled: 'You cancelled on Discord.',
  expired: 'The sign-in expired or was already used. Please try again.',
  other_browser: 'Please finish signing in in the browser where you started.',
  unknown_account:
    'No account is linked to this Discord account. Log in with your email and password, then link Discord from your dashboard.',
  unavailable: 'Discord is unavailable right now. Please try again later.',
  not_configured: 'Discord sign-in is not available on this server.',
} as const;
export type DiscordSignInFailure = keyof typeof discordSignInFailures;

/** The text for a ?discord_error value: its own for a known code, never what the address carries. */
export function discordSignInFailureText(code: string | null): string {
  return code && Object.hasOwn(discordSignInFailures, code)
    ? discordSignInFailures[code as DiscordSignInFailure]
    : 'Discord sign-in failed. Please try again.';
}
