// Linking Discord (SPEC.md §2, §7): the codes the OAuth callback sends back to the dashboard in
// ?discord_error, and the one text the site shows for each. The query string is anyone's to write,
// so the site shows only these texts, never what it carries. And the answers of the linking calls.
import { z } from 'zod';
import { userSchema } from './auth.ts';

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

/** GET /api/discord/status: whether linking is on, what is linked, and whether they joined the server. */
export const discordStatusResponseSchema = z.object({
  configured: z.boolean(),
  linked: z.boolean(),
  discordId: z.string().nullable(),
  discordUsername: z.string().nullable(),
  /** Null when it cannot be told (no bot, or Discord did not answer). */
  inGuild: z.boolean().nullable(),
});
export type DiscordStatusResponse = z.infer<typeof discordStatusResponseSchema>;

/** GET /api/discord/link: Discord's authorisation page, to send the browser to. */
export const discordLinkResponseSchema = z.object({ redirectUrl: z.string() });
export type DiscordLinkResponse = z.infer<typeof discordLinkResponseSchema>;

/** POST /api/discord/unlink: the player as they are now. */
export const discordUnlinkResponseSchema = z.object({ user: userSchema.nullable() });
export type DiscordUnlinkResponse = z.infer<typeof discordUnlinkResponseSchema>;
