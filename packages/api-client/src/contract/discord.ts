// Linking Discord (SPEC.md §2, §7): the codes the OAuth callback sends back to the dashboard in
// ?discord_error, and the one text the site shows for each. The query string is anyone's to write,
// so the site shows only these texts, never what it carries. No zod here: the player's first page
// imports it (the linking calls' answers are in discord-answers.ts).

/** Each failure's reason, shown as 'Discord linking failed: {reason}'. */
export const discordLinkFailures = {
  cancelled: 'you cancelled on Discord',
  expired: 'the link expired or was already used, please try again',
  other_browser: 'please finish linking in the browser where you started',
  already_linked: 'this Discord account is already linked to another player',
  unavailable: 'Discord is unavailable right now, please try again later',
  not_configured: 'Discord is not configured on this server',
} as const;
export type DiscordLinkFailure = keyof typeof discordLinkFailures;

/** For a code this server never sends (an old link, or a forged one). */
export const DISCORD_LINK_FAILURE_GENERIC = 'something went wrong, please try again';

/** The reason to show for a ?discord_error value: its own for a known code, else the generic one. */
export function discordLinkFailureReason(code: string | null): string {
  return code && Object.hasOwn(discordLinkFailures, code)
    ? discordLinkFailures[code as DiscordLinkFailure]
    : DISCORD_LINK_FAILURE_GENERIC;
}
