// How a payment reads on the Payments screens: its status as a coloured badge, its kind in words.
import { type PaymentStatus, paymentStatusLabels } from '@starport/api-client/contract';

const statusTone: Record<PaymentStatus, string> = {
  pending: 'badge-info',
  paid: 'badge-success',
  partially_refunded: 'badge-warning',
  refunded: 'badge-warning',
  disputed: 'badge-error',
  dispute_lost: 'badge-error',
  failed: 'badge-error',
  cancelled: '',
  expired: '',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <span className={`badge ${statusTone[status] ?? ''}`}>{paymentStatusLabels[status] ?? status}</span>;
}
