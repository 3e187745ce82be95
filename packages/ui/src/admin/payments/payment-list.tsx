// The admin's Payments screen (issue 22): every card order and invoice newest first, a page at a
// time with "Load more", searched (player's name or email, an order or Stripe id) and filtered
// (status, provider, a range of days) by the server; Export CSV downloads the same filtered rows.
// The shared admin table: a table on wide screens, cards on phones.
import {
  type AdminPayment,
  adminPaymentKindLabels,
  type PaymentStatus,
  paymentProviderLabels,
  paymentStatuses,
  paymentStatusLabels,
} from '@starport/api-client/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { saveFile } from '../../download/save-file.ts';
import { formatDate, formatTime, formatUsd } from '../../format/format.ts';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries, type PaymentFilters } from '../shared/admin-queries.ts';
import { type Column, DataTable } from '../shared/data-table.tsx';
import { describeError, messageOr } from '../shared/errors.ts';
import { SearchFilter, SelectFilter } from '../shared/list-filters.tsx';
import { LoadMore } from '../shared/load-more.tsx';
import { ScreenHeader } from '../shared/screen-header.tsx';
import { logFailure, useAdminPagedQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { useDebounced } from '../shared/use-debounced.ts';
import { PaymentStatusBadge } from './payment-labels.tsx';

export const paymentListMessages = {
  empty: 'No payments yet',
  noMatches: 'No payments match',
  loadFailed: (message: string) => `Failed to load the payments: ${message}`,
  exported: 'The CSV has been downloaded',
  exportFailed: 'Failed to export the payments',
  exporting: 'Exporting...',
  exportCsv: 'Export CSV',
} as const;

const paymentColumns: Column<AdminPayment>[] = [
  {
    header: 'Date',
    cell: (payment) => (
      <span className="audit-when">
        <time dateTime={payment.createdAt}>{formatDate(payment.createdAt)}</time>
        <span className="text-faint">{formatTime(payment.createdAt)}</span>
      </span>
    ),
  },
  { header: 'Player', cell: (payment) => payment.player.username },
  {
    header: 'What',
    rowHeader: true,
    cell: (payment) => (
      <>
        <Link to={payment._id} className="payment-link">
          {payment.summary}
        </Link>
        <span className="text-faint payment-kind">{adminPaymentKindLabels[payment.kind]}</span>
      </>
    ),
  },
  {
    header: 'Amount',
    className: 'cell-number',
    cell: (payment) => (
      <>
        {formatUsd(payment.amount)}
        {payment.refunded > 0 ? (
          <span className="text-faint payment-refunded">−{formatUsd(payment.refunded)} refunded</span>
        ) : null}
      </>
    ),
  },
  { header: 'Status', cell: (payment) => <PaymentStatusBadge status={payment.status} /> },
  { header: 'Provider', cell: (payment) => paymentProviderLabels[payment.provider] },
];

export function PaymentList() {
  const api = useAdminApi();
  const toast = useToast();
  useAdminTitle('Payments');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'' | PaymentStatus>('');
  const [provider, setProvider] = useState<'' | 'stripe' | 'sandbox'>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [exporting, setExporting] = useState(false);
  const term = useDebounced(search.trim());
  const filters: PaymentFilters = {
    search: term || undefined,
    status: status || undefined,
    provider: provider || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const list = useAdminPagedQuery(adminQueries(api).payments(filters), logFailure('Failed to load the payments'));
  const payments = list.data?.pages.flatMap((page) => page.payments) ?? [];
  const filtered = Object.values(filters).some(Boolean);

  async function exportCsv() {
    setExporting(true);
    try {
      // What the admin typed, even if the table has not caught up with the last keystroke yet.
      const typed = search.trim();
      const { blob, fileName } = await api.admin.payments.exportCsv({ ...filters, search: typed || undefined });
      saveFile(blob, fileName);
      toast.success(paymentListMessages.exported);
    } catch (error) {
      toast.error(messageOr(error, paymentListMessages.exportFailed));
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <ScreenHeader
        title="Payments"
        action={
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void exportCsv()}
            disabled={exporting}
            aria-busy={exporting || undefined}
          >
            {exporting ? paymentListMessages.exporting : paymentListMessages.exportCsv}
          </button>
        }
      >
        Every card order and subscription invoice, newest first.
      </ScreenHeader>

      <div className="admin-filters">
        <SearchFilter
          id="admin-payments-search"
          label="Search"
          placeholder="Player, email, order or Stripe id"
          value={search}
          onChange={setSearch}
        />
        <SelectFilter id="admin-payments-status" label="Status" value={status} onChange={setStatus}>
          <option value="">Every status</option>
          {paymentStatuses.map((value) => (
            <option key={value} value={value}>
              {paymentStatusLabels[value]}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter id="admin-payments-provider" label="Provider" value={provider} onChange={setProvider}>
          <option value="">Every provider</option>
          <option value="stripe">{paymentProviderLabels.stripe}</option>
          <option value="sandbox">{paymentProviderLabels.sandbox}</option>
        </SelectFilter>
        <div className="field">
          <label className="field-label" htmlFor="admin-payments-from">
            From
          </label>
          <input
            id="admin-payments-from"
            name="admin-payments-from"
            type="date"
            className="input"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="admin-payments-to">
            To
          </label>
          <input
            id="admin-payments-to"
            name="admin-payments-to"
            type="date"
            className="input"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
      </div>

      {list.isPending ? (
        <Loading label="Loading the payments..." />
      ) : list.isError ? (
        <div className="empty-state" role="alert">
          <p>{paymentListMessages.loadFailed(describeError(list.error))}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : payments.length === 0 ? (
        <div className="empty-state">
          <p>{filtered ? paymentListMessages.noMatches : paymentListMessages.empty}</p>
        </div>
      ) : (
        <DataTable
          label="Payments"
          className="payments-table"
          columns={paymentColumns}
          rows={payments}
          rowKey={(payment) => payment._id}
        />
      )}
      <LoadMore query={list} label="Load more payments" />
    </>
  );
}
