// The page shells as HTML, for scripts/prerender-shells.mjs (run at build time through Vite's SSR
// loader, never in the browser). It renders the very routes the browser renders, each page drawn as
// its shell (which comes with the page's chunk, loaded first), with the session still being checked
// (so the navigation offers neither Login nor the player's name, as it does in the browser for a
// returning player).
import { createApiClient } from '@starport/api-client/client';
import type { TokenStore } from '@starport/ui/session';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from './app-providers.tsx';
import { routes } from './routes.tsx';
import { AppRoutes, preloadPages } from './routing/app-routes.tsx';

/** A stored token that is never checked: effects do not run on the server. */
const checkingTokenStore: TokenStore = { get: () => 'shell', set() {}, clear() {} };

/** Nothing is asked of it while rendering to a string. */
const idleClient = createApiClient({ baseUrl: '/api', getToken: () => null, onUnauthorized() {} });

/** The markup of `path`'s shell: what goes inside `<div id="root">`. */
export async function renderShell(path: string): Promise<string> {
  await preloadPages(routes, path);
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
