// Site settings (SPEC.md §3): which navigation tabs show, the thank-you message, and whether
// administrators must have two-factor sign-in (issue 19).
import { z } from 'zod';

export const visibleTabsSchema = z.object({
  dashboard: z.boolean(),
  shop: z.boolean(),
  inventory: z.boolean(),
  trade: z.boolean(),
  support: z.boolean(),
  leaderboard: z.boolean(),
  updates: z.boolean(),
  admin: z.boolean(),
});
export type VisibleTabs = z.infer<typeof visibleTabsSchema>;

/** The monthly goal (issue 22): USD a calendar month's card payments should reach, and what it is for. */
export const monthlyGoalSchema = z.object({ amountUSD: z.number(), text: z.string() });
export type MonthlyGoal = z.infer<typeof monthlyGoalSchema>;

export const siteSettingsSchema = z.object({
  visibleTabs: visibleTabsSchema,
  thankYouMessage: z.string(),
  requireAdminTwoFactor: z.boolean().describe('Administrators must have two-factor sign-in on to use admin calls'),
  playUrl: z
    .string()
    .nullable()
    .describe('Where the Play Game tile goes (a download page or a launcher link); null: not set'),
  playLabel: z.string().describe('The Play Game tile’s words'),
  creditsInTrades: z.boolean().describe('Trade offers between players may carry credits'),
  monthlyGoal: monthlyGoalSchema
    .nullable()
    .describe('The monthly goal the home page and dashboard show progress towards; null: none'),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * What this server can do with Discord (issue 23): read from its configuration, not stored, so no
 * admin can change it here. Linking needs the OAuth application (DISCORD_CLIENT_ID and
 * DISCORD_CLIENT_SECRET); tier roles need the bot as well (DISCORD_BOT_TOKEN and DISCORD_GUILD_ID).
 */
export const discordAvailabilitySchema = z.object({
  linking: z.boolean().describe('Players can link a Discord account and sign in with it'),
  roles: z.boolean().describe('A bot gives linked players their tier’s role on the Discord server'),
});
export type DiscordAvailability = z.infer<typeof discordAvailabilitySchema>;

export const siteSettingsResponseSchema = z.object({
  settings: siteSettingsSchema,
  discord: discordAvailabilitySchema,
});
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponseSchema>;

/** What only administrators see: the Discord webhook news is announced to. */
export const adminSiteSettingsSchema = siteSettingsSchema.extend({
  newsWebhookUrl: z.string().nullable().describe('Discord webhook that published news posts are announced to'),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;
export const adminSiteSettingsResponseSchema = z.object({ settings: adminSiteSettingsSchema });
export type AdminSiteSettingsResponse = z.infer<typeof adminSiteSettingsResponseSchema>;

export const PLAY_URL_MAX_LENGTH = 500;
export const PLAY_LABEL_MAX_LENGTH = 40;

export const THANK_YOU_MESSAGE_MAX_LENGTH = 2000;

/** The monthly goal's bounds: whole cents up to a million dollars, a line of text. */
export const MONTHLY_GOAL_MAX_USD = 1_000_000;
export const MONTHLY_GOAL_TEXT_MAX_LENGTH = 120;

export const siteSettingsMessages = {
  tabsInvalid: 'Each visible tab must be true or false',
  messageInvalid: `The thank-you message must be text of at most ${THANK_YOU_MESSAGE_MAX_LENGTH} characters`,
  requireAdminTwoFactorInvalid: 'Require two-factor sign-in for administrators must be true or false',
  playUrlInvalid: 'Play URL must be an http(s) address or a launcher link such as starport://play',
  playLabelInvalid: `Play label must be at most ${PLAY_LABEL_MAX_LENGTH} characters`,
  webhookUrlInvalid: 'News webhook URL must be an https:// address',
  creditsInTradesInvalid: 'Credits in trades must be true or false',
  goalAmountInvalid: `The monthly goal must be an amount in USD from 0.01 to ${MONTHLY_GOAL_MAX_USD.toLocaleString('en-US')}, with at most two decimals`,
  goalTextInvalid: `The monthly goal's text must be at most ${MONTHLY_GOAL_TEXT_MAX_LENGTH} characters`,
} as const;

/** http(s), or a custom scheme of the game's launcher (`starport://play`); never javascript:, data: or the like. */
const UNSAFE_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about']);
export function isPlayUrl(text: string): boolean {
  const match = /^([a-z][a-z0-9+.-]*):\/\/[^\s]+$/i.exec(text);
  if (!match?.[1]) return false;
  const scheme = match[1].toLowerCase();
  if (UNSAFE_SCHEMES.has(scheme)) return false;
  if (scheme !== 'http' && scheme !== 'https') return true;
  try {
    return Boolean(new URL(text).host);
  } catch {
    return false;
  }
}

export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && Boolean(url.host) && !/\s/.test(text);
  } catch {
    return false;
  }
}

const optionalTab = z.boolean({ error: siteSettingsMessages.tabsInvalid }).optional();

/** PATCH /api/admin/site-settings: either part may be left out and keeps its stored value. */
export const updateSiteSettingsRequestSchema = z.object({
  visibleTabs: z
    .strictObject(
      {
        dashboard: optionalTab,
        shop: optionalTab,
        inventory: optionalTab,
        trade: optionalTab,
        support: optionalTab,
        leaderboard: optionalTab,
        updates: optionalTab,
        admin: optionalTab,
      },
      { error: siteSettingsMessages.tabsInvalid },
    )
    .optional(),
  thankYouMessage: z
    .string({ error: siteSettingsMessages.messageInvalid })
    .max(THANK_YOU_MESSAGE_MAX_LENGTH, siteSettingsMessages.messageInvalid)
    .optional(),
  requireAdminTwoFactor: z.boolean({ error: siteSettingsMessages.requireAdminTwoFactorInvalid }).optional(),
  creditsInTrades: z.boolean({ error: siteSettingsMessages.creditsInTradesInvalid }).optional(),
  /** Null clears it (no goal, no bar). */
  monthlyGoal: z
    .object({
      amountUSD: z
        .number({ error: siteSettingsMessages.goalAmountInvalid })
        .min(0.01, siteSettingsMessages.goalAmountInvalid)
        .max(MONTHLY_GOAL_MAX_USD, siteSettingsMessages.goalAmountInvalid)
        .refine((usd) => Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6, siteSettingsMessages.goalAmountInvalid),
      text: z
        .string({ error: siteSettingsMessages.goalTextInvalid })
        .trim()
        .max(MONTHLY_GOAL_TEXT_MAX_LENGTH, siteSettingsMessages.goalTextInvalid),
    })
    .nullable()
    .optional(),
  /** Empty or null clears it. */
  playUrl: z
    .string({ error: siteSettingsMessages.playUrlInvalid })
    .trim()
    .max(PLAY_URL_MAX_LENGTH, siteSettingsMessages.playUrlInvalid)
    .refine((url) => url === '' || isPlayUrl(url), siteSettingsMessages.playUrlInvalid)
    .nullable()
    .optional(),
  playLabel: z
    .string({ error: siteSettingsMessages.playLabelInvalid })
    .trim()
    .max(PLAY_LABEL_MAX_LENGTH, siteSettingsMessages.playLabelInvalid)
    .optional(),
  newsWebhookUrl: z
    .string({ error: siteSettingsMessages.webhookUrlInvalid })
    .trim()
    .max(PLAY_URL_MAX_LENGTH, siteSettingsMessages.webhookUrlInvalid)
    .refine((url) => url === '' || isHttpsUrl(url), siteSettingsMessages.webhookUrlInvalid)
    .nullable()
    .optional(),
});
export type UpdateSiteSettingsRequest = z.input<typeof updateSiteSettingsRequestSchema>;
