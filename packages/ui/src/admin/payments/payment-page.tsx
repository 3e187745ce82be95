// One payment on the admin's Payments screen (issue 22): what was bought, by whom, the provider's
// ids, its history oldest first (checkout, paid, refunds, disputes, deliveries), and Refund: after
// a confirmation, the whole payment goes back through the provider and what it bought is taken back.
import {
  type AdminPaymentDetail,
  adminPaymentKindLabels,
  paymentEventLabels,
  paymentProviderLabels,
} from '@starport/api-client/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../dialog/dialog.tsx';
import { formatCredits, formatDate, formatTime, formatUsd } from '../../format/format.ts';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { describeError, messageOr } from '../shared/errors.ts';
import { ScreenHeader } from '../shared/screen-header.tsx';
import { logFailure, useAdminMutation, useAdminQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { PaymentStatusBadge } from './payment-labels.tsx';

export const paymentPageMessages = {
  refund: 'Refund',
  refunding: 'Refunding...',
  confirmTitle: 'Refund this payment?',
  confirm: (amount: string, player: string) =>
    `${amount} goes back to ${player} through the payment provider, and what the payment bought is taken back: its items, the credits of its credit packs, and a tier it gave. This cannot be undone.`,
  refunded: 'Payment refunded',
  refundFailed: 'Failed to refund the payment',
  loadFailed: (message: string) => `Failed to load the payment: ${message}`,
} as const;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="payment-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function PaymentPage() {
  const { id = '' } = useParams();
  const api = useAdminApi();
  useAdminTitle('Payment');
  const query = useAdminQuery(adminQueries(api).payment(id), logFailure('Failed to load the payment'));
  return (
    <>
      <p className="payment-back">
        <Link to="..">← All payments</Link>
      </p>
      {query.isPending ? (
        <Loading label="Loading the payment..." />
      ) : query.isError ? (
        <div className="empty-state" role="alert">
          <p>{paymentPageMessages.loadFailed(describeError(query.error))}</p>
        </div>
      ) : (
        <PaymentDetail payment={query.data} />
      )}
    </>
  );
}

function PaymentDetail({ payment }: { payment: AdminPaymentDetail }) {
  const api = useAdminApi();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const refund = useAdminMutation('refund', (id: string) => api.admin.payments.refund(id));

  async function handleRefund() {
    try {
      await refund.mutateAsync(payment._id);
      toast.success(paymentPageMessages.refunded);
    } catch (error) {
      toast.error(messageOr(error, paymentPageMessages.refundFailed));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <>
      <ScreenHeader
        title={`${formatUsd(payment.amount)} from ${payment.player.username}`}
        action={
          payment.refundRefusal === null ? (
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => setConfirming(true)}
              disabled={refund.isPending}
            >
              {paymentPageMessages.refund}
            </button>
          ) : null
        }
      >
        {payment.summary}
      </ScreenHeader>
      {payment.refundRefusal !== null && payment.status !== 'pending' ? (
        <p className="text-muted payment-refusal">{payment.refundRefusal}</p>
      ) : null}

      <div className="payment-grid">
        <section className="card payment-card" aria-labelledby="payment-facts">
          <h3 id="payment-facts">Order</h3>
          <dl className="payment-facts">
            <Fact label="Status">
              <PaymentStatusBadge status={payment.status} />
            </Fact>
            <Fact label="Kind">{adminPaymentKindLabels[payment.kind]}</Fact>
            <Fact label="Player">
              {payment.player.username} <span className="text-faint">{payment.email}</span>
            </Fact>
            {payment.giftTo ? <Fact label="For">{payment.giftTo}</Fact> : null}
            <Fact label="Amount">{formatUsd(payment.amount)}</Fact>
            {payment.refunded > 0 ? <Fact label="Refunded">{formatUsd(payment.refunded)}</Fact> : null}
            {payment.creditsGranted > 0 ? (
              <Fact label="Credits">
                {formatCredits(payment.creditsGranted)} added
                {payment.creditsReclaimed > 0 ? `, ${formatCredits(payment.creditsReclaimed)} taken back` : ''}
                {payment.creditsShortfall > 0 ? `, ${formatCredits(payment.creditsShortfall)} already spent` : ''}
              </Fact>
            ) : null}
            <Fact label="Provider">{paymentProviderLabels[payment.provider]}</Fact>
            <Fact label="Order id">
              <code>{payment._id}</code>
            </Fact>
            {payment.paymentIntentId ? (
              <Fact label="Payment">
                <code>{payment.paymentIntentId}</code>
              </Fact>
            ) : null}
            {payment.invoiceId ? (
              <Fact label="Invoice">
                <code>{payment.invoiceId}</code>
              </Fact>
            ) : null}
            {payment.note ? <Fact label="Note">{payment.note}</Fact> : null}
          </dl>
          <h4>Lines</h4>
          <ul className="payment-lines">
            {payment.lines.map((line) => (
              <li key={`${line.name}-${line.quantity}`}>
                <span>
                  {line.quantity} × {line.name}
                </span>
                <span className="cell-number">{formatUsd(line.amount)}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="card payment-card" aria-labelledby="payment-history">
          <h3 id="payment-history">History</h3>
          <ol className="payment-events">
            {payment.events.map((event) => (
              <li key={event._id}>
                <span className="payment-event-when">
                  <time dateTime={event.at}>{formatDate(event.at)}</time>{' '}
                  <span className="text-faint">{formatTime(event.at)}</span>
                </span>
                <span className="payment-event-what">
                  <strong>{paymentEventLabels[event.type] ?? event.type}</strong>
                  {event.amount !== null ? ` · ${formatUsd(event.amount)}` : ''}
                  {event.by ? <span className="text-faint"> · by {event.by}</span> : null}
                  {event.note ? <span className="payment-event-note">{event.note}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <ConfirmDialog
        open={confirming}
        title={paymentPageMessages.confirmTitle}
        message={paymentPageMessages.confirm(formatUsd(payment.amount - payment.refunded), payment.player.username)}
        confirmLabel={refund.isPending ? paymentPageMessages.refunding : paymentPageMessages.refund}
        tone="danger"
        busy={refund.isPending}
        onConfirm={() => void handleRefund()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
