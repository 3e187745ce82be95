// "Load more" under a paged list (use-admin-query.ts useAdminPagedQuery): shown while the server
// says more follow, busy while the next page loads.
import type { UseInfiniteQueryResult } from '@tanstack/react-query';

export function LoadMore({
  query,
  label = 'Load more',
}: {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  label?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="load-more">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={query.isFetchingNextPage}
        aria-busy={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? 'Loading...' : label}
      </button>
    </div>
  );
}
