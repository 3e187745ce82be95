// A receipt (/purchases/:purchaseId/receipt, players only; issue 22): a paid card order or invoice
// with the store's name, order number, lines, discount, total, the card's last four digits where the
// payment provider gives them, and the date. The print stylesheet (site.css, @media print) lays it
// out on one A4 page without the site's frame.
import { ApiError } from '@starport/api-client/client';
import type { PurchaseDetailResponse } from '@starport/api-client/contract';
import { formatDateTime, formatUsd } from '@starport/ui/format';
import { Loading } from '@starport/ui/loading';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { purchaseKindLabels, purchaseStatusLabels } from './purchases.tsx';

export const receiptMessages = {
  notFound: 'Purchase not found',
  noReceipt: 'This purchase has no receipt: only paid card orders and invoices have one.',
  failed: 'The receipt could not be loaded. Please try again later.',
} as const;

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export const cardName = (brand: string): string => brandNames[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

export function ReceiptPage() {
  const api = useApi();
  const { purchaseId = '' } = useParams();
  usePageTitle('Receipt');
  const [answer, setAnswer] = useState<PurchaseDetailResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.purchases
      .get(purchaseId)
      .then((result) => {
        if (live) setAnswer(result);
      })
      .catch((error: unknown) => {
        if (!live) return;
        setProblem(
          error instanceof ApiError && error.status === 404 ? receiptMessages.notFound : receiptMessages.failed,
        );
      });
    return () => {
      live = false;
    };
  }, [api, purchaseId]);

  const back = (
    <Link to="/purchases" className="btn btn-ghost btn-sm">
      Back to purchases
    </Link>
  );

  if (problem || (answer && !answer.receipt)) {
    return (
      <div className="page container receipt-page">
        <div className="empty-state">
          <p>{problem ?? receiptMessages.noReceipt}</p>
          {back}
        </div>
      </div>
    );
  }
  if (!answer?.receipt) return <Loading label="Loading receipt..." />;

  const { purchase, receipt } = answer;
  const total = 'totalUSD' in purchase ? purchase.totalUSD : receipt.totalUSD;
  return (
    <div className="page container receipt-page">
      <div className="receipt-actions button-row">
        {back}
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <article className="card receipt" aria-labelledby="receipt-title">
        <header className="receipt-head">
          <p className="receipt-store">{receipt.storeName}</p>
          <h1 id="receipt-title">Receipt</h1>
        </header>
        <dl className="receipt-facts">
          <div>
            <dt>Order number</dt>
            <dd className="receipt-order-number">{receipt.orderNumber}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={receipt.paidAt}>{formatDateTime(receipt.paidAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Purchase</dt>
            <dd>
              {purchaseKindLabels[purchase.kind]}
              {purchase.giftTo ? ` for ${purchase.giftTo}` : ''}
            </dd>
          </div>
          <div>
            <dt>Payment method</dt>
            <dd>
              {receipt.card
                ? `${cardName(receipt.card.brand)} ending in ${receipt.card.last4}`
                : receipt.sandbox
                  ? 'Test mode (no money moved)'
                  : 'Card'}
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{purchaseStatusLabels[purchase.status]}</dd>
          </div>
        </dl>
        <table className="order-lines receipt-lines">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="order-qty">
                Qty
              </th>
              <th scope="col" className="order-amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {purchase.lines.map((line) => (
              <tr key={`${line.itemId ?? ''}:${line.name}`}>
                <td>
                  <span className="order-line-name">{line.name}</span>
                </td>
                <td className="order-qty">×{line.quantity}</td>
                <td className="order-amount">{formatUsd(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="receipt-totals">
          {receipt.discountUSD > 0 ? (
            <>
              <div>
                <dt>Subtotal</dt>
                <dd>{formatUsd(receipt.subtotalUSD)}</dd>
              </div>
              <div>
                <dt>{purchase.coupon ? `Discount (coupon ${purchase.coupon.code})` : 'Discount'}</dt>
                <dd>−{formatUsd(receipt.discountUSD)}</dd>
              </div>
            </>
          ) : null}
          <div className="receipt-total">
            <dt>Total</dt>
            <dd>{formatUsd(total)}</dd>
          </div>
          {receipt.refundedUSD > 0 ? (
            <div>
              <dt>Refunded</dt>
              <dd>−{formatUsd(receipt.refundedUSD)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="receipt-thanks">Thank you for supporting {receipt.storeName}.</p>
      </article>
    </div>
  );
}
