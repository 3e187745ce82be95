// The site drawn into the page: React DOM's root with the providers, the browser router and the
// route table. main.tsx imports this module once it has begun the first reads, so the browser
// evaluates React DOM in a task of its own rather than in the entry's (a phone's first load has no
// task long enough to block a tap); each page's HTML preloads its chunk (shell-pages.ts).
import type { SessionCheck } from '@starport/ui/session';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { api, browserTokenStore } from './api.ts';
import { AppProviders } from './app-providers.tsx';
import { routes } from './routes.tsx';
import { AppRoutes } from './routing/app-routes.tsx';
import type { SiteSettingsLoad } from './site-settings.tsx';

/**
 * Draws the site over the shell already in `container`, as a transition, so React renders it in
 * short slices instead of one long task, and nothing on screen moves meanwhile.
 */
export function renderApp(
  container: HTMLElement,
  { siteSettings, sessionCheck }: { siteSettings: SiteSettingsLoad; sessionCheck: SessionCheck | undefined },
) {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders
          client={api}
          tokenStore={browserTokenStore}
          siteSettings={siteSettings}
          sessionCheck={sessionCheck}
        >
          <BrowserRouter>
            <AppRoutes routes={routes} />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}
