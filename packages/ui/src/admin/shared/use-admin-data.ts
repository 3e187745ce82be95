// Loads what an admin screen shows when it opens, and again on demand after every successful change
// (SPEC.md §4: the relevant list is refetched). The last answer wins; earlier, slower ones are dropped.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface AdminData<T> {
  /** null until the first answer, and after a failure with nothing loaded before. */
  data: T | null;
  /** True until the first load settles (a refetch keeps showing the old data meanwhile). */
  loading: boolean;
  /** Set when the last load failed. */
  failed: boolean;
  reload: () => Promise<void>;
}

export function useAdminData<T>(load: () => Promise<T>, onError: (error: unknown) => void): AdminData<T> {
  const [state, setState] = useState<{ data: T | null; loading: boolean; failed: boolean }>({
    data: null,
    loading: true,
    failed: false,
  });
  // The latest callbacks, so screens can pass inline functions without reloading on every render.
  const callbacks = useRef({ load, onError });
  useLayoutEffect(() => {
    callbacks.current = { load, onError };
  });
  const latest = useRef(0);
  const mounted = useRef(true);

  const reload = useCallback(async () => {
    const id = ++latest.current;
    try {
      const data = await callbacks.current.load();
      if (mounted.current && id === latest.current) setState({ data, loading: false, failed: false });
    } catch (error) {
      if (!mounted.current || id !== latest.current) return;
      callbacks.current.onError(error);
      setState((current) => ({ data: current.data, loading: false, failed: true }));
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);

  return { ...state, reload };
}
