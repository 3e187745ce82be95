// A list the server answers a page at a time (`{…, nextCursor}`), newest first: the first page on
// mount, the next on "Load more". `failed` is set by either call failing; the page decides how to say
// so (before anything loaded, or under what is shown).
import { useEffect, useState } from 'react';

export interface PagedList<T> {
  /** Null until the first page has come. */
  items: T[] | null;
  /** Where "Load more" goes on; null at the end. */
  cursor: string | null;
  loadingMore: boolean;
  failed: boolean;
  loadMore: () => Promise<void>;
}

/**
 * `load(cursor)` fetches one page (undefined for the first) and answers its items and next cursor.
 * `onError` hears each failure (to log it). The first page is asked for again when `load` changes.
 */
export function usePagedList<T>(
  load: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>,
  onError?: (error: unknown) => void,
): PagedList<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page is asked for once per loader, not per log hook
  useEffect(() => {
    let live = true;
    load()
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setCursor(page.nextCursor);
      })
      .catch((error: unknown) => {
        onError?.(error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [load]);

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await load(cursor);
      setItems((current) => [...(current ?? []), ...page.items]);
      setCursor(page.nextCursor);
    } catch (error) {
      onError?.(error);
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }

  return { items, cursor, loadingMore, failed, loadMore };
}
