// A player's item moves (issue 20, Admin): their item ledger, newest first a page at a time and
// filtered by kind (gifts, bought as gifts, trades, reversals), each row with its time, kind, from →
// to, item and quantity; Reverse gives a gift's or trade's items (and credits) back after a
// confirmation, which shows the server's refusal when it cannot; the row then reads Reversed.
import type { AdminItemLedgerEntry, AdminTransfer, AdminUser, ItemLedgerFilter } from '@starport/api-client/contract';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../dialog/dialog.tsx';
import { formatDate, formatTime } from '../../format/format.ts';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { describeError, messageOr } from '../shared/errors.ts';
import { SelectFilter } from '../shared/list-filters.tsx';
import { PagedListDialog } from '../shared/paged-list-dialog.tsx';
import { useAdminMutation, useAdminPagedQuery } from '../shared/use-admin-query.ts';

export const itemMoveMessages = {
  fetchFailed: 'Failed to fetch the item moves',
  empty: 'No item moves yet',
  emptyOfKind: 'No item moves of this kind',
  reversed: 'Transfer reversed: the items are back',
  confirmTitle: 'Reverse Transfer',
  confirm: (kind: string, from: string, to: string) =>
    `Reverse this ${kind} from ${from} to ${to}? The items (and any credits) go back to where they came from, and both players are told.`,
} as const;

/** The filter's choices, in the server's words (GET …/item-ledger?kind=). */
const filterLabels: Record<ItemLedgerFilter | 'all', string> = {
  all: 'All moves',
  gift: 'Gifts',
  'purchase-gift': 'Bought as gifts',
  trade: 'Trades',
  reversal: 'Reversals',
};

/** How a transfer's kind reads in a row and in the confirmation. */
const kindLabels: Record<string, string> = {
  gift: 'gift',
  purchase_gift: 'bought gift',
  trade: 'trade',
  admin_reversal: 'reversal',
};

const describeKind = (kind: string) => kindLabels[kind] ?? kind.replaceAll('_', ' ');

function MoveRow({
  entry,
  busy,
  onReverse,
}: {
  entry: AdminItemLedgerEntry;
  busy: boolean;
  onReverse: (transfer: AdminTransfer) => void;
}) {
  const { transfer } = entry;
  const item = entry.itemName ?? 'A deleted item';
  const sign = entry.delta > 0 ? '+' : '−';
  return (
    <>
      <span className="item-move">
        <span className="item-move-head">
          <span className="badge">{transfer ? describeKind(transfer.kind) : describeKind(entry.reason)}</span>
          <strong>{item}</strong>{' '}
          <span className={entry.delta > 0 ? 'item-move-delta is-in' : 'item-move-delta is-out'}>
            {sign}
            {Math.abs(entry.delta)}
          </span>
          {transfer?.reversedAt ? (
            <span className="badge badge-warning" title={`Reversed ${formatDate(transfer.reversedAt)}`}>
              Reversed
            </span>
          ) : null}
        </span>
        <span className="text-muted">
          {formatDate(entry.createdAt)} {formatTime(entry.createdAt)}
          {transfer ? (
            <>
              {' · '}
              {transfer.from} → {transfer.to}
            </>
          ) : null}
        </span>
        {transfer?.message ? <span className="item-move-message">“{transfer.message}”</span> : null}
      </span>
      {transfer?.reversible ? (
        <span className="button-row">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            aria-label={`Reverse the ${describeKind(transfer.kind)} of ${item} from ${transfer.from} to ${transfer.to}`}
            onClick={() => onReverse(transfer)}
          >
            Reverse
          </button>
        </span>
      ) : null}
    </>
  );
}

export function ItemMovesDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const api = useAdminApi();
  const toast = useToast();
  const filterId = useId();
  const [kind, setKind] = useState<ItemLedgerFilter | 'all'>('all');
  const moves = useAdminPagedQuery(adminQueries(api).itemLedger(user._id, kind), (error) =>
    toast.error(messageOr(error, itemMoveMessages.fetchFailed)),
  );
  const reverse = useAdminMutation('itemMove', (id: string) => api.admin.transfers.reverse(id));
  const [confirming, setConfirming] = useState<AdminTransfer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  function ask(transfer: AdminTransfer) {
    setRefusal(null);
    setConfirming(transfer);
  }

  async function handleReverse() {
    if (!confirming) return;
    try {
      await reverse.mutateAsync(confirming._id);
      toast.success(itemMoveMessages.reversed);
      setConfirming(null);
    } catch (error) {
      // Stays open with the reason: the items moved on, the credits are spent, already reversed…
      setRefusal(describeError(error));
    }
  }

  return (
    <>
      <PagedListDialog
        title={`Item moves of ${user.user_name}`}
        className="item-moves-dialog"
        query={moves}
        rows={moves.data?.pages.flatMap((page) => page.entries) ?? []}
        empty={kind === 'all' ? itemMoveMessages.empty : itemMoveMessages.emptyOfKind}
        loadMoreLabel="Load more moves"
        onClose={onClose}
        toolbar={
          <div className="admin-filters">
            <SelectFilter id={filterId} label="Kind" value={kind} onChange={setKind}>
              {Object.entries(filterLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectFilter>
          </div>
        }
        renderRow={(entry) => (
          <MoveRow
            entry={entry}
            busy={reverse.isPending && reverse.variables === entry.transfer?._id}
            onReverse={ask}
          />
        )}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={itemMoveMessages.confirmTitle}
        message={
          confirming ? (
            <>
              <p>{itemMoveMessages.confirm(describeKind(confirming.kind), confirming.from, confirming.to)}</p>
              {refusal ? (
                <div className="banner banner-error" role="alert">
                  {refusal}
                </div>
              ) : null}
            </>
          ) : null
        }
        confirmLabel="Reverse"
        tone="danger"
        busy={reverse.isPending}
        onConfirm={() => void handleReverse()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
