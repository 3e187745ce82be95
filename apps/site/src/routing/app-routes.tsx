// The site's routes rendered by React Router's declarative router (<BrowserRouter>, or a
// <MemoryRouter> in tests and the prerender): the route table through useRoutes, React Router's
// default error screen around it, and each page's shell for whatever waits on the page (its chunk,
// the session check). The data router (createBrowserRouter) would do the same with twice the code
// on every first load.
import { Loading } from '@starport/ui/loading';
import { type ComponentType, createContext, useContext } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import type { PageRead } from '../components/use-loaded.ts';
import { RouterErrorBoundary } from './router-error-boundary.tsx';

/** What a page route's `handle` carries: its shell (from its chunk), and how to load that chunk and learn the page's reads (see lazy-page.ts). */
export interface PageHandle {
  Shell: ComponentType;
  preload: () => Promise<readonly PageRead[]>;
  load: () => Promise<ComponentType>;
}

const RoutesContext = createContext<RouteObject[]>([]);

/** True in scripts/prerender-shells.mjs's render: a page draws its shell, never itself. */
export const PrerenderContext = createContext(false);

function pageHandles(routes: RouteObject[], pathname: string): Partial<PageHandle>[] {
  return (matchRoutes(routes, pathname) ?? []).map((match) => (match.route.handle ?? {}) as Partial<PageHandle>);
}

/** The route table at the current address, with the default error screen around it. */
export function AppRoutes({ routes, prerender = false }: { routes: RouteObject[]; prerender?: boolean }) {
  const location = useLocation();
  const element = useRoutes(routes);
  return (
    <PrerenderContext.Provider value={prerender}>
      <RoutesContext.Provider value={routes}>
        <RouterErrorBoundary locationKey={location.key}>{element}</RouterErrorBoundary>
      </RoutesContext.Provider>
    </PrerenderContext.Provider>
  );
}

/** The shell of the deepest page at the current address (Loading until its chunk is in, or if it has none). */
export function PageShell() {
  const routes = useContext(RoutesContext);
  const { pathname } = useLocation();
  const Shell = pageHandles(routes, pathname).findLast((handle) => handle.Shell)?.Shell ?? Loading;
  return <Shell />;
}

/** Loads the chunks of the pages at `pathname`, so that rendering it does not wait on them; resolves with the reads they open with. */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<PageRead[]> {
  const reads = await Promise.all(pageHandles(routes, pathname).map((handle) => handle.preload?.() ?? []));
  return reads.flat();
}
