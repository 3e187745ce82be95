// Loads one thing from the API when a page opens. SPEC.md §8 makes these failures silent: the error
// goes to the console and the page shows what it has (usually an empty state). What arrives renders
// as a transition: React draws a long list in short slices, so a phone's main thread never blocks.
import type { ApiClient } from '@starport/api-client/client';
import { startTransition, useEffect, useEffectEvent, useState } from 'react';
import { useApi } from '../app-providers.tsx';

export interface Loaded<T> {
  /** null until loaded, and after a failure. */
  data: T | null;
  loading: boolean;
}

export function useLoaded<T>(load: (api: ApiClient) => Promise<T>, failureLog: string): Loaded<T> {
  const api = useApi();
  const [state, setState] = useState<Loaded<T>>({ data: null, loading: true });
  // Called from the effect only, so pages can pass an inline function without reloading on each render.
  const start = useEffectEvent(() => load(api));
  const logFailure = useEffectEvent((error: unknown) => console.error(failureLog, error));

  useEffect(() => {
    let current = true;
    start()
      .then((data) => {
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
