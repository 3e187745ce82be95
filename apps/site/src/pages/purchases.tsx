// Purchases (/purchases, players only; issue 22): everything the player has bought, newest first a
// page at a time: credit purchases, card orders, credit packs, gifts for friends and subscription
// invoices, each with its items, amount (credits or USD), status and date, and a receipt link for a
// paid card order or invoice.
import type { Purchase, PurchaseKind, PurchaseStatus } from '@starport/api-client/contract';
import { formatCredits, formatDate, formatUsd } from '@starport/ui/format';
import { Loading } from '@starport/ui/loading';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { usePagedList } from '../components/use-paged-list.ts';
import { TabLink } from '../routing/tab-routes.tsx';

export const purchaseKindLabels: Record<PurchaseKind, string> = {
  credit_purchase: 'Bought with credits',
  card_order: 'Card order',
  credit_pack: 'Credit pack',
  gift: 'Gift',
  subscription: 'Subscription',
};

export const purchaseStatusLabels: Record<PurchaseStatus, string> = {
  paid: 'Paid',
  pending: 'Pending',
  refunded: 'Refunded',
  disputed: 'Disputed',
  failed: 'Failed',
};

const statusBadge: Record<PurchaseStatus, string> = {
  paid: 'badge badge-success',
  pending: 'badge badge-info',
  refunded: 'badge badge-warning',
  disputed: 'badge badge-error',
  failed: 'badge badge-error',
};

export const purchasesMessages = {
  empty: 'You have not bought anything yet.',
  failed: 'Your purchases could not be loaded. Please try again later.',
} as const;

/** A purchase's total in its own money: credits, or USD. */
export const purchaseTotal = (purchase: Purchase): string =>
  'totalCredits' in purchase ? `${formatCredits(purchase.totalCredits)} credits` : formatUsd(purchase.totalUSD);

const lineAmount = (purchase: Purchase, amount: number): string =>
  'totalCredits' in purchase ? `${formatCredits(amount)} credits` : formatUsd(amount);

function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const titleId = `purchase-${purchase._id}`;
  return (
    <article className="card purchase-card" aria-labelledby={titleId}>
      <header className="purchase-head">
        <div>
          <h2 id={titleId} className="purchase-kind">
            {purchase.giftTo
              ? `${purchaseKindLabels[purchase.kind]} for ${purchase.giftTo}`
              : purchaseKindLabels[purchase.kind]}
          </h2>
          <p className="purchase-date">
            <time dateTime={purchase.createdAt}>{formatDate(purchase.createdAt)}</time>
          </p>
        </div>
        <span className={statusBadge[purchase.status]}>{purchaseStatusLabels[purchase.status]}</span>
      </header>
      <ul className="purchase-lines">
        {purchase.lines.map((line) => (
          <li key={`${line.itemId ?? ''}:${line.name}`} className="purchase-line">
            <span className="purchase-line-name">
              {line.quantity > 1 ? <span className="purchase-line-qty">{line.quantity}× </span> : null}
              {line.name}
            </span>
            <span className="purchase-line-amount">{lineAmount(purchase, line.amount)}</span>
          </li>
        ))}
        {purchase.coupon ? (
          <li className="purchase-line purchase-coupon">
            <span className="purchase-line-name">Coupon {purchase.coupon.code}</span>
            <span className="purchase-line-amount">saved {lineAmount(purchase, purchase.coupon.discount)}</span>
          </li>
        ) : null}
      </ul>
      <footer className="purchase-foot">
        <p className="purchase-total">
          Total <strong>{purchaseTotal(purchase)}</strong>
        </p>
        {purchase.hasReceipt ? (
          <Link to={`/purchases/${purchase._id}/receipt`} className="btn btn-secondary btn-sm">
            Receipt
          </Link>
        ) : null}
      </footer>
    </article>
  );
}

export function PurchasesPage() {
  const api = useApi();
  usePageTitle('Purchases');
  const load = useCallback(
    async (cursor?: string) => {
      const page = await api.purchases.list(cursor ? { cursor } : undefined);
      return { items: page.purchases, nextCursor: page.nextCursor };
    },
    [api],
  );
  const {
    items: purchases,
    cursor,
    loadingMore,
    failed,
    loadMore,
  } = usePagedList<Purchase>(load, (error) => console.error('Failed to load purchases', error));

  return (
    <div className="page container purchases-page">
      <header className="page-header">
        <div>
          <h1>Purchases</h1>
          <p>Everything you have bought: with credits, by card, for friends, and your subscription.</p>
        </div>
      </header>
      {failed && purchases === null ? (
        <p className="empty-state">{purchasesMessages.failed}</p>
      ) : purchases === null ? (
        <Loading label="Loading purchases..." />
      ) : purchases.length === 0 ? (
        <div className="empty-state">
          <p>{purchasesMessages.empty}</p>
          <TabLink to="/shop" className="btn btn-primary">
            Visit the shop
          </TabLink>
        </div>
      ) : (
        <>
          <ul className="purchase-list">
            {purchases.map((purchase) => (
              <li key={purchase._id}>
                <PurchaseCard purchase={purchase} />
              </li>
            ))}
          </ul>
          {failed ? <p className="banner banner-error">{purchasesMessages.failed}</p> : null}
          {cursor ? (
            <div className="button-row purchase-more">
              <button type="button" className="btn btn-secondary" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading...' : 'Load more'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
