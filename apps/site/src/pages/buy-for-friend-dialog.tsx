// The shop's "For a friend" (issue 20, buy as a gift): the recipient by username (suggested as you
// type), then the same two ways to pay as the card: credits (the item goes straight to the friend)
// or Buy with Cash (the payment page, the friend named on the order). Loaded only when opened, so the
// shop's first load does not carry it. A refusal about the recipient shows under that field, any
// other above the buttons.
import { ApiError, fallbackMessages } from '@starport/api-client/client';
import {
  economyMessages,
  effectivePrice,
  type PurchaseResponse,
  type ShopItem,
  type User,
} from '@starport/api-client/contract';
import { Dialog } from '@starport/ui/dialog';
import { type FormEvent, useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { BuyButtons, type Paying } from '../components/buy-buttons.tsx';
import { type AppliedCoupon, CouponField } from '../components/coupon-field.tsx';
import { FormFailure } from '../components/form-failure.tsx';
import { RecipientField, recipientRefusals } from '../components/recipient-field.tsx';
import { canBuyWithCash, canBuyWithCredits } from '../components/shop-item-card.tsx';
import { usePaymentPage } from '../components/use-payment-page.ts';

export const buyForFriendMessages = {
  title: (item: string) => `Buy ${item} for a friend`,
  note: 'You pay; the item goes straight to their inventory as a gift from you, trade-locked for them for a while.',
  recipient: (player: string, item: string) => `${player} gets ${item}.`,
} as const;

export interface BuyForFriendDialogProps {
  item: ShopItem;
  user: User;
  onClose: () => void;
  /** Bought with credits: the answer names the recipient as the server spells their name. */
  onBought: (answer: PurchaseResponse, recipient: string) => void;
}

export function BuyForFriendDialog({ item, user, onClose, onBought }: BuyForFriendDialogProps) {
  const api = useApi();
  const toPaymentPage = usePaymentPage();
  const [recipient, setRecipient] = useState('');
  const [recipientError, setRecipientError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState<Paying>(null);
  // A coupon code (issue 22): the prices after it, shown on the buttons before paying.
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const forCredits = canBuyWithCredits(item);
  const forCash = canBuyWithCash(item);
  const creditPrice = coupon?.credits?.after ?? effectivePrice(item.priceCredits, item);
  const usdPrice = coupon?.usd?.after ?? effectivePrice(Math.round(item.priceUSD * 100), item) / 100;
  const affordable = user.credits >= creditPrice;
  const named = recipient.trim();

  function refuse(error: unknown, fallback: string) {
    const text = error instanceof ApiError ? error.message : fallback;
    if (recipientRefusals.has(text)) setRecipientError(text);
    else setFailure(text);
  }

  /** The recipient is needed either way: say so under the field rather than asking the server. */
  function checkRecipient(): boolean {
    setFailure(null);
    if (named) return true;
    setRecipientError(economyMessages.recipientRequired);
    return false;
  }

  async function handleCredits(event?: FormEvent) {
    event?.preventDefault();
    if (paying || !forCredits || !affordable || !checkRecipient()) return;
    setPaying('credits');
    try {
      const answer = await api.shop.purchase(item._id, named, coupon?.credits ? coupon.code : undefined);
      onBought(answer, answer.gift?.recipient ?? named);
    } catch (error) {
      refuse(error, fallbackMessages.purchase);
      setPaying(null);
    }
  }

  async function handleCash() {
    if (paying || !checkRecipient()) return;
    setPaying('cash');
    try {
      // Stays busy: the browser is leaving for the payment page.
      await toPaymentPage(
        api.payments.checkout([{ itemId: item._id, quantity: 1 }], named, coupon?.usd ? coupon.code : undefined),
      );
    } catch (error) {
      refuse(error, fallbackMessages.checkout);
      setPaying(null);
    }
  }

  return (
    <Dialog
      open
      title={buyForFriendMessages.title(item.name)}
      onClose={onClose}
      busy={paying !== null}
      className="gift-dialog buy-friend-dialog"
      // Enter in the field buys with credits when credits can; otherwise it only checks the field.
      onSubmit={(event) => void handleCredits(event)}
      actions={
        <BuyButtons
          forCash={forCash}
          forCredits={forCredits}
          paying={paying}
          affordable={affordable}
          usdPrice={usdPrice}
          creditPrice={creditPrice}
          onCancel={onClose}
          onCash={() => void handleCash()}
        />
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
          note={buyForFriendMessages.note}
          gets={(player) => buyForFriendMessages.recipient(player, item.name)}
        />
        <CouponField target={{ itemId: item._id }} applied={coupon} onApplied={setCoupon} disabled={paying !== null} />
        <FormFailure message={failure} />
      </div>
    </Dialog>
  );
}
