// What the site shows before, or without, its settings (SPEC.md §2, §3): the navigation tabs, every one
// visible, and no thank-you message. Free of zod, so the player site's first page takes only these.
import type { SiteSettings } from './site-settings.ts';

/** The Play Game tile's words until an admin writes others. */
export const DEFAULT_PLAY_LABEL = 'Play Game';

export const tabKeys = [
  'dashboard',
  'shop',
  'inventory',
  'trade',
  'support',
  'leaderboard',
  'updates',
  'admin',
] as const;
export type TabKey = (typeof tabKeys)[number];

/** SPEC.md §2: every tab is visible until an administrator hides it; no message until one is written. */
export const defaultSiteSettings: SiteSettings = {
  visibleTabs: {
    dashboard: true,
    shop: true,
    inventory: true,
    trade: true,
    support: true,
    leaderboard: true,
    updates: true,
    admin: true,
  },
  thankYouMessage: '',
  requireAdminTwoFactor: false,
  playUrl: null,
  playLabel: DEFAULT_PLAY_LABEL,
  creditsInTrades: true,
  monthlyGoal: null,
};
