// Loads one thing from the API when a page opens. SPEC.md §8 makes these failures silent: the error
// goes to the console and the page shows what it has (usually an empty state). What arrives renders
// as a transition: React draws a long list in short slices, so a phone's main thread never blocks.
//
// The page at the address the browser opened has its reads begun before anything renders (main.tsx,
// beginPageReads), beside the session check and the page's code: a signed-in page's data no longer
// waits for the session's answer and a first render, and a page whose data came first draws it in its
// first render, with no skeleton in between.
import type { ApiClient } from '@starport/api-client/client';
import { startTransition, useEffect, useEffectEvent, useState } from 'react';
import { useApi } from '../app-providers.tsx';

export interface Loaded<T> {
  /** null until loaded, and after a failure. */
  data: T | null;
  loading: boolean;
}

/**
 * What a page reads when it opens: one function, defined once in the page's module, so that the same
 * read begun early (the page module's `reads`, see routing/lazy-page.ts) is found again by useLoaded.
 */
export type PageRead<T = unknown> = (api: ApiClient) => Promise<T>;

interface BegunRead {
  answer: Promise<unknown>;
  /** Set once it has answered well, so the page's first render can draw it. */
  settled?: { data: unknown };
  /**
   * The page and the session it was made for, and where the session now is: a later visit, or a
   * later sign-in (another player, perhaps), reads afresh.
   */
  path: string;
  token: string | null;
  getToken: () => string | null;
}

const begun = new Map<PageRead, BegunRead>();

/**
 * Begins reads of the page about to render, each to be taken once, by the first useLoaded of the same
 * read on the same page under the same session. `api` calls them with a 401 left to the page: an
 * expired session is the session check's to notice, and the page's guard's to send to the login page.
 */
export function beginPageReads(reads: readonly PageRead[], api: ApiClient, getToken: () => string | null) {
  for (const read of reads) {
    const entry: BegunRead = {
      answer: read(api).then((data) => {
        entry.settled = { data };
        return data;
      }),
      path: window.location.pathname,
      token: getToken(),
      getToken,
    };
    // A failure is not reported here: the page reads again, and reports that.
    entry.answer.catch(() => {});
    begun.set(read, entry);
  }
}

/** The begun read of `load`, when it was made for the page at this address and the session stored now. */
function begunRead(load: PageRead): BegunRead | undefined {
  const entry = begun.get(load);
  return entry && entry.path === window.location.pathname && entry.getToken() === entry.token ? entry : undefined;
}
export function useLoaded<T>(load: PageRead<T>, failureLog: string): Loaded<T> {
  const api = useApi();
  // Looked at, not taken, while rendering (a render may be thrown away): the effect takes it.
  const [state, setState] = useState<Loaded<T>>(() => {
    const settled = begunRead(load)?.settled;
    return settled ? { data: settled.data as T, loading: false } : { data: null, loading: true };
  });
  // Called from the effect only, so pages can pass an inline function without reloading on each render.
  const start = useEffectEvent((): Promise<T> | null => {
    const early = begunRead(load);
    // Taken: the next page to make this read (this one, opened again later) reads afresh.
    begun.delete(load);
    // Drawn from a begun read's answer already (and so on React's second run of the effect in development).
    if (!state.loading) return null;
    // A begun read that failed is made again here, where its failure is the page's to handle.
    return early ? (early.answer as Promise<T>).catch(() => load(api)) : load(api);
  });
  const logFailure = useEffectEvent((error: unknown) => console.error(failureLog, error));

  useEffect(() => {
    let current = true;
    start()
      ?.then((data) => {
        if (current) startTransition(() => setState({ data, loading: false }));
      })
      .catch((error: unknown) => {
        if (!current) return;
        logFailure(error);
        startTransition(() => setState({ data: null, loading: false }));
      });
    return () => {
      current = false;
    };
  }, []);

  return state;
}
