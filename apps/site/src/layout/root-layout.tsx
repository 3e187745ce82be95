// The frame around every page: skip link, navigation bar and the page itself (not found for players
// where its tab is hidden: routing/visible-route.tsx; the small footer, static, is in index.html
// after the root, and costs no JavaScript). While a page's chunk loads on a first visit its shell
// stands in (a later visit is a transition, which keeps the previous page up meanwhile).
import { Suspense } from 'react';
import { NotificationsProvider } from '../notifications/notifications-provider.tsx';
import { PageShell } from '../routing/app-routes.tsx';
import { ScrollRestoration } from '../routing/scroll-restoration.tsx';
import { VisibleRoute } from '../routing/visible-route.tsx';
import { NavBar } from './nav-bar.tsx';

export function RootLayout() {
  return (
    <NotificationsProvider>
      <div className="site">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <NavBar />
        <main id="main" className="site-main" tabIndex={-1}>
          <Suspense fallback={<PageShell />}>
            <VisibleRoute />
          </Suspense>
        </main>
        <ScrollRestoration />
      </div>
    </NotificationsProvider>
  );
}
