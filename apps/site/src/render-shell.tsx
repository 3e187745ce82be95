// The page shells as HTML, for scripts/prerender-shells.mjs (run at build time through Vite's SSR
// loader, never in the browser). It renders the very routes the browser renders, in the state of the
// browser's first render before anything has loaded: each page's chunk still on the way (so the
// layout's Suspense shows the page's shell) and the session still being checked (so the navigation
// offers neither Login nor the player's name, as it does in the browser for a returning player).
import { createApiClient } from '@starport/api-client/client';
import type { TokenStore } from '@starport/ui/session';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from './app-providers.tsx';
import { routes } from './routes.tsx';
import { AppRoutes } from './routing/app-routes.tsx';

/** A stored token that is never checked: effects do not run on the server. */
const checkingTokenStore: TokenStore = { get: () => 'shell', set() {}, clear() {} };

/** Nothing is asked of it while rendering to a string. */
const idleClient = createApiClient({ baseUrl: '/api', getToken: () => null, onUnauthorized() {} });

/** The markup of `path`'s shell: what goes inside `<div id="root">`. */
export function renderShell(path: string): string {
  return renderToString(
    <StrictMode>
      <AppProviders client={idleClient} tokenStore={checkingTokenStore}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes routes={routes} prerender />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
}
