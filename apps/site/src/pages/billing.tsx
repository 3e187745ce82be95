// The sandbox's customer portal (/billing, players only), where Manage Subscription leads without
// Stripe keys: the supporter's tier, its price, when it renews, and Cancel subscription, which (as in
// Stripe's portal) keeps the tier until the end of the month already paid.

import { ApiError, fallbackMessages } from '@starport/api-client/client';
import type { SubscriptionInfo } from '@starport/api-client/contract';
import { ConfirmDialog } from '@starport/ui/dialog';
import { formatDate, formatUsd } from '@starport/ui/format';
import { Loading } from '@starport/ui/loading';
import { useToast } from '@starport/ui/toast';
import { useEffect, useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { TabLink } from '../routing/tab-routes.tsx';
import { checkoutMessages } from './checkout.tsx';

export const billingMessages = {
  title: 'Manage Subscription',
  none: 'You have no active subscription.',
  cancel: 'Cancel subscription',
  cancelConfirm: (tier: string, date: string) =>
    `Cancel your ${tier} subscription? You keep your tier and its perks until ${date}; nothing more is charged.`,
  cancelled: (date: string) => `Your subscription will end on ${date}.`,
  keep: 'Keep subscription',
  renews: 'Renews on',
  ends: 'Ends on',
} as const;

export function BillingPage() {
  usePageTitle(billingMessages.title);
  const api = useApi();
  const toast = useToast();
  const [subscription, setSubscription] = useState<SubscriptionInfo | null>(null);
  const [loading, setLoading] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    let current = true;
    api.payments
      .subscription()
      .then((answer) => {
        if (current) setSubscription(answer.subscription);
      })
      .catch((error: unknown) => console.error('Failed to load subscription', error))
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [api]);

  async function handleCancel() {
    setCancelling(true);
    try {
      const answer = await api.payments.cancelSandboxSubscription();
      setSubscription(answer.subscription);
      const end = answer.subscription?.currentPeriodEnd;
      toast.success(billingMessages.cancelled(end ? formatDate(end) : 'the end of the month'));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : fallbackMessages.subscription);
    } finally {
      setCancelling(false);
      setConfirming(false);
    }
  }

  if (loading) return <Loading label="Loading your subscription..." />;

  const end = subscription?.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  return (
    <div className="page container checkout-page">
      {subscription?.sandbox ? (
        <div className="banner banner-warning checkout-sandbox" role="note">
          <span className="banner-text">
            <strong>{checkoutMessages.sandboxBanner}</strong>
            <span className="checkout-sandbox-detail">
              This is the sandbox billing portal: Stripe is not configured, and no card is charged.
            </span>
          </span>
        </div>
      ) : null}

      <section className="card checkout-card" aria-labelledby="billing-title">
        <h1 id="billing-title" className="checkout-title">
          {billingMessages.title}
        </h1>
        {!subscription ? (
          <div className="checkout-closed">
            <p>{billingMessages.none}</p>
            <TabLink to="/tiers" className="btn btn-primary">
              View Tiers
            </TabLink>
          </div>
        ) : (
          <>
            <div className="order-tier">
              <p className="order-tier-name">{subscription.tier?.name ?? 'Supporter'} tier</p>
              <p className="order-tier-price">
                {formatUsd(subscription.tier?.price ?? 0)}
                <span> / month</span>
              </p>
              {end ? (
                <p className={subscription.cancelAtPeriodEnd ? 'billing-status billing-ending' : 'billing-status'}>
                  {subscription.cancelAtPeriodEnd ? billingMessages.ends : billingMessages.renews} {end}
                </p>
              ) : null}
            </div>
            <div className="checkout-actions">
              <TabLink to="/dashboard" className="btn btn-secondary">
                Back to Dashboard
              </TabLink>
              {subscription.sandbox && !subscription.cancelAtPeriodEnd ? (
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => setConfirming(true)}
                  disabled={cancelling}
                >
                  {billingMessages.cancel}
                </button>
              ) : null}
            </div>
            <ConfirmDialog
              open={confirming}
              title={billingMessages.cancel}
              message={
                <p>
                  {billingMessages.cancelConfirm(subscription.tier?.name ?? 'supporter', end ?? 'the end of the month')}
                </p>
              }
              confirmLabel={billingMessages.cancel}
              cancelLabel={billingMessages.keep}
              tone="danger"
              busy={cancelling}
              onConfirm={handleCancel}
              onCancel={() => setConfirming(false)}
            />
          </>
        )}
      </section>
    </div>
  );
}
