// The site's own checkout page (/checkout/:orderId, players only). Without Stripe keys it is the
// sandbox's payment page: the order, the amount, a "Test mode: no money moves" banner, and Pay /
// Cancel, where Pay runs the same fulfilment as Stripe's webhook. With Stripe it is the confirmation
// of a tier change (the new price and the prorated difference), before the subscription moves.

import { ApiError, fallbackMessages } from '@starport/api-client/client';
import type { Order } from '@starport/api-client/contract';
import { formatCredits, formatUsd } from '@starport/ui/format';
import { Loading } from '@starport/ui/loading';
import { useSession } from '@starport/ui/session';
import { useToast } from '@starport/ui/toast';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApi, useNavigateAway } from '../app-providers.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { TabLink } from '../routing/tab-routes.tsx';

export const checkoutMessages = {
  sandboxBanner: 'Test mode: no money moves',
  sandboxDetail: 'This is the sandbox checkout: Stripe is not configured, and paying here charges no card.',
  notFound: 'Order not found',
  closed: 'This order is no longer open.',
  paid: 'This order has been paid.',
  cancel: 'Cancel',
  paying: 'Processing...',
  confirmChange: 'Confirm change',
  pay: (amount: number) => `Pay ${formatUsd(amount)}`,
} as const;

const titles: Record<Order['kind'], string> = {
  items: 'Checkout',
  subscription: 'Subscribe',
  tier_change: 'Change your tier',
};

/** Relative addresses stay in the site (a router navigation); anything else is a full page load. */
function useGoTo() {
  const navigate = useNavigate();
  const navigateAway = useNavigateAway();
  return (url: string) => {
    if (url.startsWith('/') && !url.startsWith('//')) void navigate(url);
    else navigateAway(url);
  };
}

function ItemLines({ order }: { order: Order }) {
  return (
    <table className="order-lines">
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="order-qty">
            Qty
          </th>
          <th scope="col" className="order-amount">
            Price
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.name}>
            <td>
              <span className="order-line-name">{line.name}</span>
              {line.credits > 0 ? (
                <span className="order-line-note">+{formatCredits(line.credits)} credits</span>
              ) : null}
            </td>
            <td className="order-qty">×{line.quantity}</td>
            <td className="order-amount">{formatUsd(line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TierSummary({ order }: { order: Order }) {
  if (!order.tier) return null;
  if (order.kind === 'subscription') {
    return (
      <div className="order-tier">
        <p className="order-tier-name">{order.tier.name} tier</p>
        <p className="order-tier-price">
          {formatUsd(order.tier.price)}
          <span> / month</span>
        </p>
        <p className="text-muted">Billed monthly until you cancel. Your first month starts today.</p>
      </div>
    );
  }
  return (
    <div className="order-tier">
      <dl className="order-change">
        <div>
          <dt>From</dt>
          <dd>
            {order.fromTier?.name} <span className="text-muted">({formatUsd(order.fromTier?.price ?? 0)} / month)</span>
          </dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>
            {order.tier.name} <span className="text-muted">({formatUsd(order.tier.price)} / month)</span>
          </dd>
        </div>
      </dl>
      <p className="text-muted">
        {order.amount > 0
          ? 'The difference for the rest of this month is charged now; the new price applies from your next renewal.'
          : order.sandbox
            ? 'Nothing to pay now: the new price applies from your next renewal.'
            : `About ${formatUsd(-order.amount)} for the rest of this month is credited to your next invoice.`}
      </p>
    </div>
  );
}

export function CheckoutPage() {
  const { orderId = '' } = useParams();
  const api = useApi();
  const toast = useToast();
  const goTo = useGoTo();
  const { refreshUser } = useSession();
  const [order, setOrder] = useState<Order | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  usePageTitle(order ? titles[order.kind] : 'Checkout');

  useEffect(() => {
    let current = true;
    api.payments
      .order(orderId)
      .then(({ order: loaded }) => {
        if (current) setOrder(loaded);
      })
      .catch((error: unknown) => {
        console.error('Failed to load the order', error);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [api, orderId]);

  async function handlePay() {
    if (!order || busy) return;
    setBusy('pay');
    try {
      const { url } = await api.payments.payOrder(order._id);
      // The balance and the tier in the navigation bar follow what was just bought.
      await refreshUser();
      goTo(url);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : fallbackMessages.checkout);
      setBusy(null);
    }
  }

  async function handleCancel() {
    if (!order || busy) return;
    setBusy('cancel');
    try {
      const { url } = await api.payments.cancelOrder(order._id);
      goTo(url);
    } catch (error) {
      // Leaving matters more than recording the cancellation: the order simply stays open.
      console.error('Failed to cancel the order', error);
      goTo(order.cancelUrl);
    }
  }

  if (loading) return <Loading label="Loading your order..." />;
  if (!order) {
    return (
      <div className="page container checkout-page">
        <div className="empty-state">
          <p>{checkoutMessages.notFound}</p>
          <TabLink to="/shop" className="btn btn-primary">
            Back to the Shop
          </TabLink>
        </div>
      </div>
    );
  }

  const open = order.status === 'pending';
  const payLabel =
    order.kind === 'tier_change' && (!order.sandbox || order.amount <= 0)
      ? checkoutMessages.confirmChange
      : checkoutMessages.pay(Math.max(order.amount, 0));

  return (
    <div className="page container checkout-page">
      {order.sandbox ? (
        <div className="banner banner-warning checkout-sandbox" role="note">
          <span className="banner-text">
            <strong>{checkoutMessages.sandboxBanner}</strong>
            <span className="checkout-sandbox-detail">{checkoutMessages.sandboxDetail}</span>
          </span>
        </div>
      ) : null}

      <section className="card checkout-card" aria-labelledby="checkout-title">
        <h1 id="checkout-title" className="checkout-title">
          {titles[order.kind]}
        </h1>

        {order.kind === 'items' ? <ItemLines order={order} /> : <TierSummary order={order} />}

        <p className="order-total">
          <span>{order.kind === 'items' ? 'Total' : 'Due now'}</span>
          <strong>{formatUsd(Math.max(order.amount, 0))}</strong>
        </p>

        {open ? (
          <div className="checkout-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={handleCancel}
              disabled={busy !== null}
              aria-busy={busy === 'cancel' || undefined}
            >
              {checkoutMessages.cancel}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={handlePay}
              disabled={busy !== null}
              aria-busy={busy === 'pay' || undefined}
            >
              {busy === 'pay' ? checkoutMessages.paying : payLabel}
            </button>
          </div>
        ) : (
          <div className="checkout-closed">
            <p>{order.status === 'paid' ? checkoutMessages.paid : checkoutMessages.closed}</p>
            <TabLink to={order.kind === 'items' ? '/inventory' : '/dashboard'} className="btn btn-primary">
              {order.kind === 'items' ? 'Go to Inventory' : 'Go to Dashboard'}
            </TabLink>
          </div>
        )}
      </section>
    </div>
  );
}
