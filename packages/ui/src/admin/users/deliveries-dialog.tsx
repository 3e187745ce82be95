// A player's deliveries into the game (issue 7): each purchase or mailed item with its state
// (pending, leased, delivered, revoked), newest first a page at a time, and Re-queue to hand one to
// the game again.
import type { AdminDelivery, AdminUser } from '@starport/api-client/contract';
import { formatAcquiredMethod, formatDate } from '../../format/format.ts';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { messageOr } from '../shared/errors.ts';
import { PagedListDialog } from '../shared/paged-list-dialog.tsx';
import { useAdminMutation, useAdminPagedQuery } from '../shared/use-admin-query.ts';

export const deliveryMessages = {
  requeued: 'Delivery re-queued',
  requeueFailed: 'Failed to re-queue the delivery',
  fetchFailed: 'Failed to fetch deliveries',
  empty: 'No deliveries yet',
} as const;

const statusBadge: Record<AdminDelivery['status'], string> = {
  pending: 'badge badge-warning',
  leased: 'badge badge-info',
  delivered: 'badge badge-success',
  revoked: 'badge',
};

export function DeliveriesDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const api = useAdminApi();
  const toast = useToast();
  // Keyed by the player: given another one, the dialog shows theirs.
  const deliveries = useAdminPagedQuery(adminQueries(api).deliveries(user._id), (error) =>
    toast.error(messageOr(error, deliveryMessages.fetchFailed)),
  );
  const requeue = useAdminMutation('delivery', (id: string) => api.admin.deliveries.requeue(id));
  const busy = requeue.isPending ? requeue.variables : null;

  async function handleRequeue(delivery: AdminDelivery) {
    try {
      await requeue.mutateAsync(delivery._id);
      toast.success(deliveryMessages.requeued);
    } catch (error) {
      toast.error(messageOr(error, deliveryMessages.requeueFailed));
    }
  }

  return (
    <PagedListDialog
      title={`Deliveries of ${user.user_name}`}
      query={deliveries}
      rows={deliveries.data?.pages.flatMap((page) => page.deliveries) ?? []}
      empty={deliveryMessages.empty}
      loadMoreLabel="Load more deliveries"
      onClose={onClose}
      renderRow={(delivery) => (
        <>
          <span>
            <strong>{delivery.name}</strong> ×{delivery.quantity}
            <br />
            <span className="text-muted">
              {formatAcquiredMethod(delivery.acquiredMethod)}, {formatDate(delivery.createdAt)}
              {delivery.deliveredAt ? ` · delivered ${formatDate(delivery.deliveredAt)}` : ''}
              {delivery.deliveredBy ? ` by ${delivery.deliveredBy}` : ''}
              {delivery.attempts > 0 ? ` · handed out ${delivery.attempts}×` : ''}
            </span>
          </span>
          <span className="button-row">
            <span className={statusBadge[delivery.status]}>{delivery.status}</span>
            {delivery.status === 'delivered' ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={busy === delivery._id}
                aria-label={`Re-queue ${delivery.name}`}
                onClick={() => void handleRequeue(delivery)}
              >
                Re-queue
              </button>
            ) : null}
          </span>
        </>
      )}
    />
  );
}
