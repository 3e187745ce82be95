// "Have a coupon code?" on a tier card (issue 22): a Coupon code with Apply, checked against the tier,
// shows the first month's price after the code before anything is paid (or why it does not apply);
// Subscribe opens the order at the payment page with the code. The code comes off the first month
// only: the subscription renews at the tier's price, and the dialog says so. Loaded only when opened.
import { ApiError, fallbackMessages } from '@starport/api-client/client';
import type { Tier } from '@starport/api-client/contract';
import { Dialog } from '@starport/ui/dialog';
import { formatUsd } from '@starport/ui/format';
import { useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { type AppliedCoupon, CouponField, PriceLine } from '../components/coupon-field.tsx';
import { FormFailure } from '../components/form-failure.tsx';
import { usePaymentPage } from '../components/use-payment-page.ts';

export const subscribeCouponMessages = {
  title: (tier: string) => `Subscribe to ${tier} with a coupon`,
  firstMonth: 'First month',
  renews: (price: string) => `Then ${price} a month, until you cancel.`,
  subscribe: (price: string) => `Subscribe (${price} today)`,
  redirecting: 'Redirecting...',
} as const;

export interface SubscribeCouponDialogProps {
  tier: Tier;
  onClose: () => void;
}

export function SubscribeCouponDialog({ tier, onClose }: SubscribeCouponDialogProps) {
  const api = useApi();
  const toPaymentPage = usePaymentPage();
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstMonth = applied?.usd?.after ?? null;

  async function handleSubscribe() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      // Stays busy: the browser is leaving for the payment page.
      await toPaymentPage(api.payments.subscribe(tier._id, applied?.usd ? applied.code : undefined));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : fallbackMessages.subscription);
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title={subscribeCouponMessages.title(tier.name)}
      onClose={onClose}
      busy={busy}
      className="gift-dialog coupon-buy-dialog"
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void handleSubscribe()}
          >
            {busy
              ? subscribeCouponMessages.redirecting
              : subscribeCouponMessages.subscribe(formatUsd(firstMonth ?? tier.price))}
          </button>
        </>
      }
    >
      <div className="form">
        <CouponField target={{ tierId: tier._id }} applied={applied} onApplied={setApplied} disabled={busy} />
        <dl className="coupon-prices" aria-live="polite">
          <div>
            <dt>{subscribeCouponMessages.firstMonth}</dt>
            <dd>
              <PriceLine before={tier.price} after={firstMonth} format={formatUsd} />
            </dd>
          </div>
        </dl>
        <p className="text-muted gift-dialog-note">{subscribeCouponMessages.renews(formatUsd(tier.price))}</p>
        <FormFailure message={failure} />
      </div>
    </Dialog>
  );
}
