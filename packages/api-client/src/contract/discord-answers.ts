// The answers of the Discord linking calls (SPEC.md §7), for the client and the API document.
import { z } from 'zod';
import { userSchema } from './user.ts';

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
