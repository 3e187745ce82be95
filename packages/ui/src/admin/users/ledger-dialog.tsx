// A player's credit history (issue 18): every balance change, newest first a page at a time, with
// what it came from and the balance after it.
import type { AdminUser } from '@starport/api-client/contract';
import { formatCredits, formatDate } from '../../format/format.ts';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { messageOr } from '../shared/errors.ts';
import { PagedListDialog } from '../shared/paged-list-dialog.tsx';
import { useAdminPagedQuery } from '../shared/use-admin-query.ts';

export const ledgerMessages = {
  fetchFailed: 'Failed to fetch the credit history',
  empty: 'No credit changes yet',
} as const;

/** `admin_adjustment` → `admin adjustment`. */
const describeReason = (reason: string) => reason.replaceAll('_', ' ');

export function LedgerDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const api = useAdminApi();
  const toast = useToast();
  const ledger = useAdminPagedQuery(adminQueries(api).ledger(user._id), (error) =>
    toast.error(messageOr(error, ledgerMessages.fetchFailed)),
  );
  return (
    <PagedListDialog
      title={`Credit history of ${user.user_name}`}
      query={ledger}
      rows={ledger.data?.pages.flatMap((page) => page.entries) ?? []}
      empty={ledgerMessages.empty}
      loadMoreLabel="Load more history"
      onClose={onClose}
      renderRow={(entry) => (
        <span>
          <strong>
            {entry.delta > 0 ? '+' : '−'}
            {formatCredits(Math.abs(entry.delta))}
          </strong>{' '}
          {describeReason(entry.reason)}
          <br />
          <span className="text-muted">
            {formatDate(entry.createdAt)} · balance {formatCredits(entry.balanceAfter)}
          </span>
        </span>
      )}
    />
  );
}
