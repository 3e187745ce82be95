// One rule for the tabs an administrator hides in Site Settings (SPEC.md §3 visibleTabs, issue 23):
// which tab each of the site's addresses belongs to. The navigation, every link (TabLink) and the
// route itself (VisibleRoute in the layout) ask it, so a hidden tab leaves no way in for players.
import type { TabKey, VisibleTabs } from '@starport/api-client/contract';
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { useSiteSettings } from '../site-settings.tsx';

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

export function isRouteVisible(path: string, visibleTabs: VisibleTabs): boolean {
  const tab = tabOfPath(path);
  return tab === null || visibleTabs[tab];
}

/** Whether an address is open to players under the current site settings. */
export function useRouteVisible(): (path: string) => boolean {
  const { visibleTabs } = useSiteSettings();
  return (path) => isRouteVisible(path, visibleTabs);
}

/** Where a player goes after signing in: the dashboard, or home while the dashboard is hidden. */
export function useLandingPath(): string {
  return useRouteVisible()('/dashboard') ? '/dashboard' : '/';
}

/** A link to one of the site's pages, drawn only while that page's tab is shown. */
export function TabLink(props: ComponentProps<typeof Link> & { to: string }) {
  const visible = useRouteVisible();
  return visible(props.to) ? <Link {...props} /> : null;
}
