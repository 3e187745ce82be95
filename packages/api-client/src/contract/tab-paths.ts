// Which tab each of the site's addresses belongs to (SPEC.md §2 visibleTabs, issue 23): one rule for
// the site (its navigation, links, route guard and landing page) and the server (the sitemap, where
// the Discord callback sends the browser). No zod here: the player's first page imports it.
import type { TabKey } from './site-settings-defaults.ts';

/** The tabs' visibility, as site settings hold it (the zod-free shape of visibleTabsSchema). */
export type TabVisibility = Readonly<Record<TabKey, boolean>>;

/** The first segment of an address and the tab that hides it; the admin tab never hides the panel. */
const tabOfSegment = new Map<string, TabKey>([
  ['dashboard', 'dashboard'],
  ['shop', 'shop'],
  ['inventory', 'inventory'],
  ['trade', 'trade'],
  ['tiers', 'support'],
  ['leaderboard', 'leaderboard'],
  ['updates', 'updates'],
]);

/** The tab an address (`/shop`, `/updates/first-post`, `/trade?entry=1`) belongs to; null when none hides it. */
export function tabOfPath(path: string): TabKey | null {
  const segment = path.split(/[?#]/, 1)[0]?.split('/')[1] ?? '';
  return tabOfSegment.get(segment) ?? null;
}

/** Whether an address is open to players while these tabs show. */
export function isPathVisible(path: string, visibleTabs: TabVisibility): boolean {
  const tab = tabOfPath(path);
  return tab === null || visibleTabs[tab];
}

/** Where a player lands (after signing in, or back from Discord): the dashboard, or home while it is hidden. */
export function landingPath(visibleTabs: TabVisibility): '/dashboard' | '/' {
  return isPathVisible('/dashboard', visibleTabs) ? '/dashboard' : '/';
}
