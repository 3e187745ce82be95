// The shop's "Have a coupon code?" (issue 22): the item's prices, a Coupon code with Apply that shows
// the price after the code before anything is paid (or why it does not apply), then the same ways to
// pay as the card: with credits (the discounted price debited) or by card (the payment page charges the
// discounted amount). Loaded only when opened, so the shop's first load does not carry it.
import { ApiError, fallbackMessages } from '@starport/api-client/client';
import { effectivePrice, type PurchaseResponse, type ShopItem, type User } from '@starport/api-client/contract';
import { Dialog } from '@starport/ui/dialog';
import { formatCredits, formatUsd } from '@starport/ui/format';
import { useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { BuyButtons, type Paying } from '../components/buy-buttons.tsx';
import { type AppliedCoupon, CouponField, PriceLine } from '../components/coupon-field.tsx';
import { FormFailure } from '../components/form-failure.tsx';
import { canBuyWithCash, canBuyWithCredits } from '../components/shop-item-card.tsx';
import { usePaymentPage } from '../components/use-payment-page.ts';

export const couponBuyMessages = {
  title: (item: string) => `Buy ${item} with a coupon`,
  price: 'Price',
  withCode: 'With the code',
} as const;

export interface CouponBuyDialogProps {
  item: ShopItem;
  user: User;
  onClose: () => void;
  onBought: (answer: PurchaseResponse) => void;
}

export function CouponBuyDialog({ item, user, onClose, onBought }: CouponBuyDialogProps) {
  const api = useApi();
  const toPaymentPage = usePaymentPage();
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState<Paying>(null);
  const forCredits = canBuyWithCredits(item);
  const forCash = canBuyWithCash(item);
  const creditPrice = effectivePrice(item.priceCredits, item);
  const usdPrice = effectivePrice(Math.round(item.priceUSD * 100), item) / 100;
  const creditsAfter = applied?.credits?.after ?? null;
  const usdAfter = applied?.usd?.after ?? null;
  const creditsDue = creditsAfter ?? creditPrice;
  const affordable = user.credits >= creditsDue;

  async function handleCredits() {
    if (paying || !affordable) return;
    setPaying('credits');
    setFailure(null);
    try {
      onBought(await api.shop.purchase(item._id, undefined, applied?.credits ? applied.code : undefined));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : fallbackMessages.purchase);
      setPaying(null);
    }
  }

  async function handleCash() {
    if (paying) return;
    setPaying('cash');
    setFailure(null);
    try {
      // Stays busy: the browser is leaving for the payment page.
      await toPaymentPage(
        api.payments.checkout([{ itemId: item._id, quantity: 1 }], undefined, applied?.usd ? applied.code : undefined),
      );
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : fallbackMessages.checkout);
      setPaying(null);
    }
  }

  return (
    <Dialog
      open
      title={couponBuyMessages.title(item.name)}
      onClose={onClose}
      busy={paying !== null}
      className="gift-dialog coupon-buy-dialog"
      actions={
        <BuyButtons
          forCash={forCash}
          forCredits={forCredits}
          paying={paying}
          affordable={affordable}
          usdPrice={usdAfter ?? usdPrice}
          creditPrice={creditsDue}
          onCancel={onClose}
          onCash={() => void handleCash()}
          onCredits={() => void handleCredits()}
        />
      }
    >
      <div className="form">
        <CouponField
          target={{ itemId: item._id }}
          applied={applied}
          onApplied={setApplied}
          disabled={paying !== null}
        />
        <dl className="coupon-prices" aria-live="polite">
          {forCredits ? (
            <div>
              <dt>Credits</dt>
              <dd>
                <PriceLine before={creditPrice} after={creditsAfter} format={formatCredits} />
              </dd>
            </div>
          ) : null}
          {forCash ? (
            <div>
              <dt>Card</dt>
              <dd>
                <PriceLine before={usdPrice} after={usdAfter} format={formatUsd} />
              </dd>
            </div>
          ) : null}
        </dl>
        <FormFailure message={failure} />
      </div>
    </Dialog>
  );
}
