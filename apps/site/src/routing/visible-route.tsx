// The page at the current address, unless its tab is hidden (routing/tab-routes.tsx, issue 23): then
// players get the not-found page, and an administrator the page under a notice that players cannot
// see it. Until the site settings have come, and while the session is checked, the page's shell stands
// in: a player never sees any of a page hidden from them, not even for the moment before the answer.
import { useSession } from '@starport/ui/session';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useSiteSettingsKnown } from '../site-settings.tsx';
import { PageShell } from './app-routes.tsx';
import { notFoundPage } from './not-found-page.ts';
import { tabOfPath, useRouteVisible } from './tab-routes.tsx';

export const hiddenPageNotice = 'Players cannot see this page: its tab is hidden in Site Settings.';

export function VisibleRoute() {
  const { pathname } = useLocation();
  const visible = useRouteVisible()(pathname);
  const { user, loading } = useSession();
  // Pages no tab hides (home, sign-in, the account) never wait for the settings.
  const known = useSiteSettingsKnown();
  if (!known && tabOfPath(pathname) !== null) return <PageShell />;
  if (!visible && loading) return <PageShell />;
  if (!visible && !user?.isAdmin) return <notFoundPage.Component />;
  // The page keeps its place in the tree whether the notice shows or not, so it is not drawn anew
  // when the settings arrive.
  return (
    <>
      {visible ? null : (
        <div className="container hidden-page-notice">
          <p className="banner banner-warning" role="status">
            <span className="banner-text">
              {hiddenPageNotice} <Link to="/admin/settings">Site Settings</Link>
            </span>
          </p>
        </div>
      )}
      <Outlet />
    </>
  );
}
