// One rule for the tabs an administrator hides in Site Settings (SPEC.md §3 visibleTabs, issue 23):
// which tab each of the site's addresses belongs to. The navigation, every link (TabLink) and the
// route itself (VisibleRoute in the layout) ask it, so a hidden tab leaves no way in for players.
import { isPathVisible, landingPath } from '@starport/api-client/contract';
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { useSiteSettings } from '../site-settings.tsx';

// The mapping itself lives in the contract (contract/tab-paths.ts), which the server's sitemap and
// Discord callback read too.
export { isPathVisible as isRouteVisible, tabOfPath } from '@starport/api-client/contract';

/** Whether an address is open to players under the current site settings. */
export function useRouteVisible(): (path: string) => boolean {
  const { visibleTabs } = useSiteSettings();
  return (path) => isPathVisible(path, visibleTabs);
}

/** Where a player goes after signing in: the dashboard, or home while the dashboard is hidden. */
export function useLandingPath(): string {
  return landingPath(useSiteSettings().visibleTabs);
}

/** A link to one of the site's pages, drawn only while that page's tab is shown. */
export function TabLink(props: ComponentProps<typeof Link> & { to: string }) {
  const visible = useRouteVisible();
  return visible(props.to) ? <Link {...props} /> : null;
}
