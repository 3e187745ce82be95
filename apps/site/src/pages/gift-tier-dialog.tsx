// "Gift a month" on a tier card (issue 20): a month of the tier for another player, one payment and
// no subscription. The recipient by username (suggested as you type); Continue to payment opens the
// order at the payment page (Stripe Checkout, or the site's own sandbox checkout). Loaded only when
// opened. A refusal about the recipient shows under that field, any other above the buttons.
import { ApiError, fallbackMessages } from '@starport/api-client/client';
import { giftTierRequestSchema, type Tier } from '@starport/api-client/contract';
import { Dialog } from '@starport/ui/dialog';
import { formatUsd } from '@starport/ui/format';
import { type FormEvent, useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { FormFailure } from '../components/form-failure.tsx';
import { RecipientField, recipientRefusals } from '../components/recipient-field.tsx';
import { usePaymentPage } from '../components/use-payment-page.ts';

export const giftTierMessages = {
  title: (tier: string) => `Gift a month of ${tier}`,
  note: (price: string) =>
    `One payment of ${price}, not a subscription: they hold the tier for one month, then it ends unless they subscribe.`,
  recipient: (player: string, tier: string) => `${player} gets the ${tier} tier for a month.`,
  pay: 'Continue to payment',
} as const;

export interface GiftTierDialogProps {
  tier: Tier;
  onClose: () => void;
}

export function GiftTierDialog({ tier, onClose }: GiftTierDialogProps) {
  const api = useApi();
  const toPaymentPage = usePaymentPage();
  const [recipient, setRecipient] = useState('');
  const [recipientError, setRecipientError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = giftTierRequestSchema.safeParse({ tierId: tier._id, giftTo: recipient });
    if (!parsed.success) {
      setRecipientError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      // Stays busy: the browser is leaving for the payment page.
      await toPaymentPage(api.payments.giftTier(parsed.data.tierId, parsed.data.giftTo));
    } catch (error) {
      const text = error instanceof ApiError ? error.message : fallbackMessages.checkout;
      if (recipientRefusals.has(text)) setRecipientError(text);
      else setFailure(text);
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title={giftTierMessages.title(tier.name)}
      onClose={onClose}
      busy={busy}
      className="gift-dialog"
      onSubmit={handleSubmit}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Redirecting...' : giftTierMessages.pay}
          </button>
        </>
      }
    >
      <div className="form">
        <RecipientField
          value={recipient}
          onChange={(value) => {
            setRecipient(value);
            setRecipientError(undefined);
          }}
          error={recipientError}
          note={giftTierMessages.note(formatUsd(tier.price))}
          gets={(player) => giftTierMessages.recipient(player, tier.name)}
        />
        <FormFailure message={failure} />
      </div>
    </Dialog>
  );
}
