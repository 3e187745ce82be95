// The inventory page's entries, a page at a time (GET /api/shop/user/inventory?limit=&cursor=): the
// first page is the page's early read (small, so a keen player's first screen does not wait for
// thousands of entries), the next is asked for when the cards drawn come near the end of what has
// come, and a change the page makes or hears of (a gift, a trade, a delivery) is applied to them.
import type { ApiClient } from '@starport/api-client/client';
import type { InventoryEntry, InventoryResponse } from '@starport/api-client/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { type PageRead, useLoaded } from '../components/use-loaded.ts';

/** The first page: the first screen's cards and the next steps drawn on a desktop, in one small answer. */
export const INVENTORY_FIRST_PAGE = 24;
/** Each later page. */
export const INVENTORY_PAGE = 60;
/** Reading again what had come, a page this long at a time: the server's most (MAX_PAGE_SIZE). */
export const INVENTORY_REREAD_PAGE = 200;

interface Listed {
  entries: InventoryEntry[];
  /** Where the next page begins; null once all have come. */
  cursor: string | null;
}

/** `entries` with those of `page` not among them already (a page read after a reload may repeat some). */
function appended(entries: InventoryEntry[], page: InventoryEntry[]): InventoryEntry[] {
  const seen = new Set(entries.map((entry) => entry._id));
  return [...entries, ...page.filter((entry) => !seen.has(entry._id))];
}

/** The entries and cursor of an answer; none before it has come. */
function listedFrom(answer: InventoryResponse | null): Listed {
  return { entries: answer?.inventory ?? [], cursor: answer?.nextCursor ?? null };
}

/** The first `count` entries (at least a first page) read again, in as few pages as the server allows. */
async function readAgain(api: ApiClient, count: number): Promise<Listed> {
  const limit = (had: number) => Math.min(INVENTORY_REREAD_PAGE, Math.max(INVENTORY_FIRST_PAGE, count - had));
  let listed = await api.shop.inventory({ limit: limit(0) });
  let entries = listed.inventory;
  while (listed.nextCursor && entries.length < count) {
    listed = await api.shop.inventory({ limit: limit(entries.length), cursor: listed.nextCursor });
    entries = appended(entries, listed.inventory);
  }
  return { entries, cursor: listed.nextCursor ?? null };
}

export type MoreState = 'idle' | 'loading' | 'failed';

export interface InventoryPages {
  /** Every entry that has come, newest first (revoked ones among them). */
  entries: InventoryEntry[];
  loading: boolean;
  /** Whether more entries wait on the server. */
  hasMore: boolean;
  more: MoreState;
  /** Asks for the next page (again, after a failure). */
  loadMore: () => void;
  /** Changes the entries that have come (an answer to the player's own action). */
  update: (change: (current: InventoryEntry[]) => InventoryEntry[]) => void;
  /** Reads again what has come (a notice says the inventory changed). */
  reload: () => void;
}

/** `read` is the page's early read of the first page (components/use-loaded.ts). */
export function useInventoryPages(read: PageRead<InventoryResponse>): InventoryPages {
  const api = useApi();
  const { data, loading } = useLoaded(read, 'Failed to load inventory');
  // The entries as loaded, then as each change or later page makes them. Drawn from the answer in the
  // very render that brings it: copied into state by an effect, the empty list showed for a frame first.
  const [changed, setChanged] = useState<Listed | null>(null);
  const [more, setMore] = useState<MoreState>('idle');
  const listed: Listed = changed ?? listedFrom(data);

  const change = useCallback(
    (next: (current: Listed) => Listed) => setChanged((current) => next(current ?? listedFrom(data))),
    [data],
  );

  const update = useCallback(
    (edit: (current: InventoryEntry[]) => InventoryEntry[]) =>
      change((current) => ({ ...current, entries: edit(current.entries) })),
    [change],
  );

  // Each reading again of the list starts a new generation: a page or a reading begun before the
  // latest reading began answers for a list no longer shown, and is dropped.
  const generation = useRef(0);

  const { cursor } = listed;
  const loadMore = useCallback(() => {
    if (!cursor) return;
    const mine = generation.current;
    setMore('loading');
    api.shop
      .inventory({ limit: INVENTORY_PAGE, cursor })
      .then((page) => {
        if (mine !== generation.current) return;
        change((current) =>
          current.cursor === cursor
            ? { entries: appended(current.entries, page.inventory), cursor: page.nextCursor ?? null }
            : current,
        );
        setMore('idle');
      })
      .catch((error: unknown) => {
        console.error('Failed to load more of the inventory', error);
        if (mine === generation.current) setMore('failed');
      });
  }, [api, cursor, change]);

  const count = listed.entries.length;
  const reload = useCallback(() => {
    generation.current += 1;
    const mine = generation.current;
    // No page is asked for meanwhile: the reading brings as many entries as had come.
    setMore('loading');
    readAgain(api, count)
      .then((again) => {
        if (mine !== generation.current) return;
        setChanged(again);
        setMore('idle');
      })
      .catch((error: unknown) => {
        console.error('Failed to reload inventory', error);
        if (mine === generation.current) setMore('idle');
      });
  }, [api, count]);

  return { entries: listed.entries, loading, hasMore: cursor !== null, more, loadMore, update, reload };
}

/**
 * Asks for the next page once the cards drawn (`drawn` of `held`) come within `ahead` of the end of
 * what has come, one page at a time, and not again after a failure until the player asks.
 */
export function useMoreWhenNear(pages: InventoryPages, drawn: number, held: number, ahead: number, ready: boolean) {
  const { hasMore, more, loadMore } = pages;
  const near = ready && hasMore && more === 'idle' && drawn + ahead >= held;
  useEffect(() => {
    if (near) loadMore();
  }, [near, loadMore]);
}
