// The buttons of the shop's buying dialogs ("For a friend", "Have a coupon code?"): Cancel, then the
// same two ways to pay as the card, each with its price: Buy with Cash (the payment page) and Buy with
// Credits (the primary one where credits can pay; it says so when the balance is short). The one
// paying says so while it works, and none can be pressed again meanwhile.
import { formatCredits, formatUsd } from '@starport/ui/format';
import { shopMessages } from './shop-item-card.tsx';

export type Paying = 'credits' | 'cash' | null;

export interface BuyButtonsProps {
  forCash: boolean;
  forCredits: boolean;
  paying: Paying;
  affordable: boolean;
  usdPrice: number;
  creditPrice: number;
  onCancel: () => void;
  onCash: () => void;
  /** None: the credits button submits the dialog's form (Enter in a field buys with credits). */
  onCredits?: () => void;
}

export function BuyButtons({
  forCash,
  forCredits,
  paying,
  affordable,
  usdPrice,
  creditPrice,
  onCancel,
  onCash,
  onCredits,
}: BuyButtonsProps) {
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={paying !== null}>
        Cancel
      </button>
      {forCash ? (
        <button
          type="button"
          className={forCredits ? 'btn btn-secondary' : 'btn btn-primary'}
          disabled={paying !== null}
          aria-busy={paying === 'cash' || undefined}
          onClick={onCash}
        >
          {paying === 'cash' ? shopMessages.redirecting : `${shopMessages.buyWithCash} (${formatUsd(usdPrice)})`}
        </button>
      ) : null}
      {forCredits ? (
        <button
          type={onCredits ? 'button' : 'submit'}
          className="btn btn-primary"
          disabled={paying !== null || !affordable}
          aria-busy={paying === 'credits' || undefined}
          onClick={onCredits}
        >
          {!affordable
            ? shopMessages.insufficientCredits
            : paying === 'credits'
              ? shopMessages.purchasing
              : `${shopMessages.buyWithCredits} (${formatCredits(creditPrice)})`}
        </button>
      ) : null}
    </>
  );
}
