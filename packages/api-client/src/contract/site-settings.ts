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
  admin: z.boolean(),
});
export type VisibleTabs = z.infer<typeof visibleTabsSchema>;

export const siteSettingsSchema = z.object({
  visibleTabs: visibleTabsSchema,
  thankYouMessage: z.string(),
  requireAdminTwoFactor: z.boolean().describe('Administrators must have two-factor sign-in on to use admin calls'),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsResponseSchema = z.object({ settings: siteSettingsSchema });
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponseSchema>;

export const THANK_YOU_MESSAGE_MAX_LENGTH = 2000;

export const siteSettingsMessages = {
  tabsInvalid: 'Each visible tab must be true or false',
  messageInvalid: `The thank-you message must be text of at most ${THANK_YOU_MESSAGE_MAX_LENGTH} characters`,
  requireAdminTwoFactorInvalid: 'Require two-factor sign-in for administrators must be true or false',
} as const;

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
});
export type UpdateSiteSettingsRequest = z.input<typeof updateSiteSettingsRequestSchema>;
