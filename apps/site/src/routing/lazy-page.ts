// A page whose code is a chunk of its own, fetched when the page is first shown (or asked for sooner
// with preload()). Its shell (what stands in while its data, or the session, is awaited) comes in
// the same chunk, so no page's shell weighs on another page's first load. Until the chunk is there
// the page suspends, and the nearest <Suspense> shows Loading (root-layout.tsx); once loaded it
// renders at once, with no suspension. The browser's first render waits for the chunk of the page
// at its address (main.tsx), which its HTML preloads, and draws over the shell that HTML already
// holds (scripts/prerender-shells.mjs).
import { Loading } from '@starport/ui/loading';
import { type ComponentType, createElement, useContext } from 'react';
import type { PageRead } from '../components/use-loaded.ts';
import { PageShell, PrerenderContext } from './app-routes.tsx';

/**
 * What a page's chunk gives: the page, its shell when it has one (else Loading stands in), and the
 * reads it opens with, which the browser's first render begins before it renders (main.tsx).
 */
export interface PageModule {
  Page: ComponentType;
  Shell?: ComponentType;
  reads?: readonly PageRead[];
}

export interface LazyPage {
  /** Renders the page, suspending while its chunk loads (and throwing if the chunk failed to load). */
  Component: ComponentType;
  /** The page's shell once its chunk is in; Loading before. */
  Shell: ComponentType;
  /**
   * Starts loading the chunk (once) and resolves when the page can render without suspending (or
   * when the chunk failed to load: rendering the page then throws, for the router's error screen),
   * with the reads the page opens with.
   */
  preload: () => Promise<readonly PageRead[]>;
  /** The page's component itself, from its chunk (the tests' routes render it with no waiting). */
  load: () => Promise<ComponentType>;
}

type Chunk =
  | { status: 'loading'; settled: Promise<void> }
  | { status: 'loaded'; page: PageModule }
  | { status: 'failed'; error: unknown };

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | undefined;
  let chunk: Chunk | undefined;
  const start = (): Promise<PageModule> => {
    if (!loading) {
      loading = load();
      const settled = loading.then(
        (page) => {
          chunk = { status: 'loaded', page };
        },
        (error: unknown) => {
          chunk = { status: 'failed', error };
        },
      );
      chunk = { status: 'loading', settled };
    }
    return loading;
  };
  function Shell() {
    return createElement((chunk?.status === 'loaded' && chunk.page.Shell) || Loading);
  }
  function LazyPage() {
    // The prerender (which loads the page's chunk first) draws what stands in for the page, never
    // the page itself.
    if (useContext(PrerenderContext)) return createElement(PageShell);
    start();
    const current = chunk as Chunk;
    if (current.status === 'loaded') return createElement(current.page.Page);
    if (current.status === 'failed') throw current.error;
    // Suspends until the chunk is in, as React.lazy does (React renders again when it settles).
    throw current.settled;
  }
  return {
    Component: LazyPage,
    Shell,
    load: async () => (await start()).Page,
    preload: async () => {
      start();
      if (chunk?.status === 'loading') await chunk.settled;
      return (chunk?.status === 'loaded' && chunk.page.reads) || [];
    },
  };
}
