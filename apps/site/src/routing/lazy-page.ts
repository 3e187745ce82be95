// A page whose code is a chunk of its own, fetched when the page is first shown (or asked for sooner
// with preload()). Until it is there the page suspends, and the nearest <Suspense> shows the page's
// shell (root-layout.tsx); once loaded it renders at once, with no suspension, so the browser's first
// render over a prerendered page whose chunk is already in is the page itself (main.tsx).
import { type ComponentType, createElement, useContext } from 'react';
import { PageShell, PrerenderContext } from './app-routes.tsx';

export interface LazyPage {
  /** Renders the page, suspending while its chunk loads (and throwing if the chunk failed to load). */
  Component: ComponentType;
  /**
   * Starts loading the chunk (once) and resolves when the page can render without suspending (or
   * when the chunk failed to load: rendering the page then throws, for the router's error screen).
   */
  preload: () => Promise<void>;
  /** The page's component itself, from its chunk (the tests' routes render it with no waiting). */
  load: () => Promise<ComponentType>;
}

type Chunk =
  | { status: 'loading'; loaded: Promise<void> }
  | { status: 'loaded'; Page: ComponentType }
  | { status: 'failed'; error: unknown };

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let chunk: Chunk | undefined;
  const start = (): Chunk => {
    if (!chunk) {
      const loaded = load().then(
        (Page) => {
          chunk = { status: 'loaded', Page };
        },
        (error: unknown) => {
          chunk = { status: 'failed', error };
        },
      );
      chunk = { status: 'loading', loaded };
    }
    return chunk;
  };
  function LazyPage() {
    // The prerender draws what the browser shows while the chunk loads, without suspending (which
    // renderToString does not support).
    const prerender = useContext(PrerenderContext);
    if (prerender && chunk?.status !== 'loaded') return createElement(PageShell);
    const current = start();
    if (current.status === 'loaded') return createElement(current.Page);
    if (current.status === 'failed') throw current.error;
    // Suspends until the chunk is in, as React.lazy does (React renders again when it settles).
    throw current.loaded;
  }
  return {
    Component: LazyPage,
    load,
    preload: async () => {
      const current = start();
      if (current.status === 'loading') await current.loaded;
    },
  };
}
