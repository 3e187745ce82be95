// Updates (/updates, issue 21): every published news post, newest first, a page at a time.
import type { PublicUpdate } from '@starport/api-client/contract';
import { Loading } from '@starport/ui/loading';
import { useCallback } from 'react';
import { useApi } from '../app-providers.tsx';
import { UpdateCard } from '../components/update-card.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { usePagedList } from '../components/use-paged-list.ts';

export function UpdatesPage() {
  const api = useApi();
  usePageTitle('Updates');
  const load = useCallback(
    async (cursor?: string) => {
      const page = await api.updates.list(cursor ? { cursor } : undefined);
      return { items: page.updates, nextCursor: page.nextCursor };
    },
    [api],
  );
  const { items: posts, cursor, loadingMore, failed, loadMore } = usePagedList<PublicUpdate>(load);

  return (
    <div className="page container updates-page">
      <header className="page-header">
        <div>
          <h1>Updates</h1>
          <p>News, patch notes and events from the Starport team.</p>
        </div>
        <a className="btn btn-ghost btn-sm" href="/updates/feed.xml">
          RSS feed
        </a>
      </header>
      {posts === null ? (
        failed ? (
          <p className="empty-state">The updates could not be loaded. Please try again later.</p>
        ) : (
          <Loading label="Loading updates..." />
        )
      ) : posts.length === 0 ? (
        <p className="empty-state">No updates yet. Check back soon.</p>
      ) : (
        <>
          <ul className="update-list">
            {posts.map((post, index) => (
              <li key={post._id}>
                <UpdateCard update={post} priority={index === 0} headingLevel={2} />
              </li>
            ))}
          </ul>
          {cursor ? (
            <div className="button-row update-more">
              <button type="button" className="btn btn-secondary" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading...' : 'Load more'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
