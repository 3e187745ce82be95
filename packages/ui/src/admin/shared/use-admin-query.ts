// The admin screens' one data layer (TanStack Query): reads cached under the keys of admin-queries.ts,
// and changes that make the lists showing them stale. SPEC.md §8 decides per list whether a failed
// read is a toast or only a console line, so each read says what its failure does.
import type { InfiniteData, QueryKey, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { MutationCache, QueryCache, QueryClient, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminChange } from './admin-queries.ts';
import { staleAfter } from './admin-queries.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { onError?: (error: unknown) => void };
    mutationMeta: { change?: AdminChange };
  }
}

/**
 * A list seen within this time shows again at once when its screen reopens; older, it is asked again.
 * Changes made here never wait for it: they make what they touch stale straight away.
 */
const FRESH_FOR_MS = 10_000;

/** One cache per mounted panel, so the site's and the console's panels, and each test, start empty. */
/**
 * `onRefused`: told of every refused read or change, once each (the panel shows the admin rule's
 * refusal, two-factor sign-in required, above every screen).
 */
export function createAdminQueryClient(onRefused: (error: unknown) => void = () => {}): QueryClient {
  const client: QueryClient = new QueryClient({
    // Once per failed read, however many screens show that list.
    queryCache: new QueryCache({
      onError: (error, query) => {
        onRefused(error);
        query.meta?.onError?.(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => onRefused(error),
      // A change is done when the lists on screen show it: until then its buttons stay busy, as they
      // did when each screen reloaded its own list. Lists not on screen are asked again when shown.
      onSuccess: async (_data, _variables, _result, mutation) => {
        const change = mutation.meta?.change;
        if (!change) return;
        await Promise.all(staleAfter[change].map((queryKey) => client.invalidateQueries({ queryKey })));
      },
    }),
    defaultOptions: {
      // One attempt, as before: a failure is reported (or logged) at once, never retried behind a spinner.
      queries: { retry: false, staleTime: FRESH_FOR_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

export interface AdminQuery<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
}

/** Reads a list; `onError` runs once per failed read (a toast, or a console line for silent lists). */
export function useAdminQuery<T>(query: AdminQuery<T>, onError: (error: unknown) => void): UseQueryResult<T> {
  return useQuery({ ...query, meta: { onError } });
}

export interface AdminPagedQuery<Page> {
  queryKey: QueryKey;
  queryFn: (context: { pageParam: string | null }) => Promise<Page>;
  initialPageParam: string | null;
  getNextPageParam: (last: Page) => string | null;
}

/**
 * Reads a paged list (admin-queries.ts `pages`): `fetchNextPage` for "Load more". Made stale by a
 * change, it is asked again from the first page through as many as were shown.
 */
export function useAdminPagedQuery<Page>(
  query: AdminPagedQuery<Page>,
  onError: (error: unknown) => void,
): UseInfiniteQueryResult<InfiniteData<Page, string | null>> {
  return useInfiniteQuery({ ...query, meta: { onError } });
}

/** A change through the API; it settles once every list `change` makes stale, and is on screen, is fresh. */
export function useAdminMutation<Variables, Result>(
  change: AdminChange,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  return useMutation({ mutationFn, meta: { change } });
}

/** The console line of a list SPEC.md §8 loads silently. */
export const logFailure = (what: string) => (error: unknown) => console.error(what, error);
