// Sales (issue 22): a table of the sales with Name, Percent off, What it covers, Runs, Status and
// Actions; a modal that schedules or edits one; delete after a confirmation (a running sale ends at
// once). The server starts and ends them on time, and audits every change.

import type { Sale, SaleInput } from '@starport/api-client/contract';
import { formatDate, formatTime } from '../../format/format.ts';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { DataTable } from '../shared/data-table.tsx';
import { messageOr } from '../shared/errors.ts';
import { ResourceScreen } from '../shared/resource-screen.tsx';
import { editAndDelete } from '../shared/row-actions.ts';
import { logFailure, useAdminQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { SaleForm } from './sale-form.tsx';

export const saleScreenMessages = {
  created: 'Sale scheduled successfully',
  updated: 'Sale updated successfully',
  deleted: 'Sale deleted successfully',
  fetchFailed: 'Failed to fetch sales',
  saveFailed: 'Failed to save sale',
  deleteFailed: 'Failed to delete sale',
} as const;

const statusLabels = { scheduled: 'Scheduled', running: 'Running', ended: 'Ended' } as const;
const statusBadges = { scheduled: 'badge-warning', running: 'badge-success', ended: '' } as const;
const dateAndTime = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

export function SalesScreen() {
  const api = useAdminApi();
  const toast = useToast();
  useAdminTitle('Sales');
  const queries = adminQueries(api);
  const sales = useAdminQuery(queries.sales(), (error) =>
    toast.error(messageOr(error, saleScreenMessages.fetchFailed)),
  );
  const categories = useAdminQuery(queries.categories(), logFailure('Failed to fetch categories'));
  const items = useAdminQuery(queries.items(), logFailure('Failed to fetch items'));
  const categoryName = new Map((categories.data ?? []).map((c) => [c._id, c.displayName || c.name]));
  const itemName = new Map((items.data ?? []).map((i) => [i._id, i.name]));
  const covers = (sale: Sale) =>
    [
      ...sale.categoryIds.map((id) => categoryName.get(id) ?? 'a deleted category'),
      ...sale.itemIds.map((id) => itemName.get(id) ?? 'a deleted item'),
    ].join(', ');

  return (
    <ResourceScreen<Sale, SaleInput>
      title="Sales"
      lead="A percent off chosen categories and items for a while. The shop shows the sale with the old price struck through and a countdown; an item sells at the better of its own discount and the sale."
      createLabel="+ New Sale"
      list={sales}
      loadingLabel="Loading sales..."
      empty={<p>No sales yet.</p>}
      form={({ record, ...rest }) => (
        <SaleForm sale={record} categories={categories.data ?? []} items={items.data ?? []} {...rest} />
      )}
      change="sale"
      calls={api.admin.sales}
      messages={{
        ...saleScreenMessages,
        saveFailed: (error) => messageOr(error, saleScreenMessages.saveFailed),
        deleteFailed: (error) => messageOr(error, saleScreenMessages.deleteFailed),
      }}
      confirmDelete={{
        title: 'Delete Sale',
        message: (sale) => <p>Are you sure you want to delete the sale “{sale.name}”? A running sale ends at once.</p>,
      }}
    >
      {(list, { edit, remove }) => (
        <DataTable
          label="Sales"
          className="sale-table"
          columns={[
            { header: 'Name', rowHeader: true, cell: (sale) => sale.name },
            { header: 'Off', className: 'cell-number', cell: (sale) => `${sale.percentOff}%` },
            { header: 'Covers', cell: covers },
            { header: 'Runs', cell: (sale) => `${dateAndTime(sale.startsAt)} – ${dateAndTime(sale.endsAt)}` },
            {
              header: 'Status',
              cell: (sale) => <span className={`badge ${statusBadges[sale.status]}`}>{statusLabels[sale.status]}</span>,
            },
          ]}
          rows={list}
          rowKey={(sale) => sale._id}
          rowName={(sale) => sale.name}
          actions={(sale) =>
            editAndDelete(sale.name, sale.status === 'ended' ? undefined : () => edit(sale), () => remove(sale))
          }
        />
      )}
    </ResourceScreen>
  );
}
