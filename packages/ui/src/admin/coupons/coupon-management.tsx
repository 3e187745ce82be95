// Coupons (issue 22): every code with its discount, what it reaches, its dates and its uses so far
// against its limit; create and edit in one modal; delete after a confirmation.

import type { Coupon, CouponInput } from '@starport/api-client/contract';
import { formatDate } from '../../format/format.ts';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { type Column, DataTable } from '../shared/data-table.tsx';
import { messageOr } from '../shared/errors.ts';
import { ResourceScreen } from '../shared/resource-screen.tsx';
import { editAndDelete } from '../shared/row-actions.ts';
import { StatusBadge } from '../shared/screen-header.tsx';
import { useAdminQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { CouponForm } from './coupon-form.tsx';

export const couponScreenMessages = {
  created: 'Coupon created successfully',
  updated: 'Coupon updated successfully',
  deleted: 'Coupon deleted successfully',
  fetchFailed: 'Failed to fetch coupons',
  saveFailed: 'Failed to save coupon',
  deleteFailed: 'Failed to delete coupon',
} as const;

export function describeDiscount(coupon: Coupon): string {
  if (coupon.percentOff !== null) return `${coupon.percentOff}% off`;
  return `${coupon.amountOff} off (credits or cents)`;
}

function describeTargets(coupon: Coupon): string {
  if ('all' in coupon.appliesTo) return 'Everything';
  const { categoryIds, itemIds, tierIds } = coupon.appliesTo;
  const parts = [
    categoryIds.length ? `${categoryIds.length} categor${categoryIds.length === 1 ? 'y' : 'ies'}` : '',
    itemIds.length ? `${itemIds.length} item${itemIds.length === 1 ? '' : 's'}` : '',
    tierIds.length ? `${tierIds.length} tier${tierIds.length === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

function describeDates(coupon: Coupon): string {
  if (!coupon.startsAt && !coupon.endsAt) return 'Always';
  const from = coupon.startsAt ? formatDate(coupon.startsAt) : 'now';
  const to = coupon.endsAt ? formatDate(coupon.endsAt) : 'no end';
  return `${from} – ${to}`;
}

const couponColumns: Column<Coupon>[] = [
  { header: 'Code', rowHeader: true, cell: (coupon) => <code className="slug">{coupon.code}</code> },
  {
    header: 'Discount',
    cell: (coupon) => (
      <>
        {describeDiscount(coupon)}
        {coupon.minSpend > 0 ? <div className="cell-note">Minimum {coupon.minSpend}</div> : null}
      </>
    ),
  },
  { header: 'Applies to', cell: describeTargets },
  { header: 'Dates', cell: describeDates },
  {
    header: 'Uses',
    className: 'cell-number',
    cell: (coupon) => (
      <>
        {coupon.uses}
        {coupon.maxUses !== null ? ` / ${coupon.maxUses}` : ''}
        {coupon.maxUsesPerPlayer !== null ? (
          <div className="cell-note">{coupon.maxUsesPerPlayer} per player</div>
        ) : null}
      </>
    ),
  },
  { header: 'Status', cell: (coupon) => <StatusBadge active={coupon.active} /> },
];

export function CouponManagement() {
  const api = useAdminApi();
  const toast = useToast();
  useAdminTitle('Coupons');
  const coupons = useAdminQuery(adminQueries(api).coupons(), (error) =>
    toast.error(messageOr(error, couponScreenMessages.fetchFailed)),
  );

  return (
    <ResourceScreen<Coupon, CouponInput>
      title="Coupons"
      lead="Codes players enter when buying. A fixed amount is credits off a purchase with credits and cents off each unit paid by card."
      createLabel="+ Add Coupon"
      list={coupons}
      loadingLabel="Loading coupons..."
      empty={<p>No coupons yet.</p>}
      form={({ record, ...rest }) => <CouponForm coupon={record} {...rest} />}
      change="coupon"
      calls={api.admin.coupons}
      messages={{
        ...couponScreenMessages,
        saveFailed: (error) => messageOr(error, couponScreenMessages.saveFailed),
        deleteFailed: (error) => messageOr(error, couponScreenMessages.deleteFailed),
      }}
      confirmDelete={{
        title: 'Delete Coupon',
        message: (coupon) => (
          <p>Are you sure you want to delete the coupon “{coupon.code}”? Orders that used it keep its code.</p>
        ),
      }}
    >
      {(list, { edit, remove }) => (
        <DataTable
          label="Coupons"
          className="coupon-table"
          columns={couponColumns}
          rows={list}
          rowKey={(coupon) => coupon._id}
          rowName={(coupon) => coupon.code}
          actions={(coupon) =>
            editAndDelete(
              coupon.code,
              () => edit(coupon),
              () => remove(coupon),
            )
          }
        />
      )}
    </ResourceScreen>
  );
}
