// A dialog over a list read a page at a time (a player's deliveries, their credit history): the
// list's rows, Loading while the first page comes, its empty text, "Load more" while more follow,
// and Close. A toolbar (a filter, say) may sit above the list.
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Dialog } from '../../dialog/dialog.tsx';
import { Loading } from '../../loading/loading.tsx';
import { LoadMore } from './load-more.tsx';

export function PagedListDialog<Row extends { _id: string }>({
  title,
  query,
  rows,
  empty,
  loadMoreLabel,
  renderRow,
  onClose,
  toolbar,
  className,
}: {
  title: string;
  query: Pick<UseInfiniteQueryResult, 'isPending' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  /** Every row of the pages read so far. */
  rows: Row[];
  empty: string;
  loadMoreLabel: string;
  /** One row's content, inside its list item. */
  renderRow: (row: Row) => ReactNode;
  onClose: () => void;
  /** Above the list: what filters it. */
  toolbar?: ReactNode;
  className?: string;
}) {
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      className={className}
      actions={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {toolbar}
      {query.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <ul className="delivery-list">
          {rows.map((row) => (
            <li key={row._id}>{renderRow(row)}</li>
          ))}
        </ul>
      )}
      <LoadMore query={query} label={loadMoreLabel} />
    </Dialog>
  );
}
