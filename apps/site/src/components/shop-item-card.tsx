// One shop item card (SPEC.md §2, §5): picture, rarity, prices after discount, and the buttons: Buy
// with Credits (with its rules) and Buy with Cash when the item has a USD price. A click on the card,
// not on its buttons, expands it to show what it contains.

import type { ShopItem, User } from '@starport/api-client/contract';
import { CREDITS_CATEGORY, effectiveDiscount, effectivePrice } from '@starport/api-client/contract';
import { formatCredits, formatRarity, formatUsd } from '@starport/ui/format';
import type { MouseEvent } from 'react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { GiftIcon, LockIcon } from './icons.tsx';
import { type ImagePriority, ItemImage } from './item-image.tsx';
import { useLiveSale } from './sale-countdown.ts';

export const shopMessages = {
  insufficientCredits: 'Insufficient Credits',
  buyWithCredits: 'Buy with Credits',
  buyWithCash: 'Buy with Cash',
  purchasing: 'Purchasing...',
  redirecting: 'Redirecting...',
  logInToBuy: 'Log in to buy',
  forAFriend: 'For a friend',
  haveCoupon: 'Have a coupon code?',
  tierRequired: (tierName: string | null) => `Requires ${tierName ?? 'a supporter'} tier`,
} as const;

/**
 * How wide a card's picture is (site.css .shop-grid, less the card's 1 px borders; measured in
 * Chromium): two columns up to 639 px (171 px at 390), three up to 1023 px (187–315 px), four beyond,
 * 254.5 px in the 1120 px content width. The browser takes the first copy at least this wide times
 * the screen's pixel ratio, so a guess too wide by a pixel costs a whole larger copy.
 */
export const SHOP_CARD_IMAGE_SIZES =
  '(max-width: 639px) calc(50vw - 24px), (max-width: 1023px) calc(33.3vw - 26px), (max-width: 1119px) calc(25vw - 26px), 255px';

/**
 * The cards of the grid's first row on the widest layout (four columns): visible without scrolling
 * on a desktop, and the first two rows on a phone, whose second row starts within the first screen.
 */
export const SHOP_FIRST_ROW = 4;

export interface ShopItemCardProps {
  item: ShopItem;
  /** In the first row (SHOP_FIRST_ROW): its picture is fetched at once (see ItemImage). */
  imagePriority?: ImagePriority;
  /** The signed-in player, or null for a guest. */
  user: User | null;
  /** While the session is being checked nobody can tell which button to offer yet. */
  sessionLoading: boolean;
  /** The name of the tier a tier-exclusive item needs; null when unknown. */
  tierName: string | null;
  expanded: boolean;
  /** Opens or closes the card's details: called with the item's id. */
  onToggle: (itemId: string) => void;
  /** This item's credit purchase is in flight. */
  buying: boolean;
  /** This item's card checkout is being opened. */
  cashBuying?: boolean;
  /** Some purchase is in flight: one at a time. */
  blocked: boolean;
  /**
   * The actions are called with the item as the card shows it (a sale that has ended left out), so the
   * page hands every card the same functions and a card draws again only when its own props change.
   */
  onBuy: (item: ShopItem) => void;
  onBuyCash?: (item: ShopItem) => void;
  /** Opens the buy dialog for a friend (issue 20); left out, the card offers no gift. */
  onBuyForFriend?: (item: ShopItem) => void;
  /** Opens the buy dialog with a coupon code (issue 22); left out, the card offers none. */
  onBuyWithCoupon?: (item: ShopItem) => void;
}

/** SPEC.md §5: credits buy anything priced in credits except credit packs themselves. */
export function canBuyWithCredits(item: Pick<ShopItem, 'category' | 'priceCredits'>): boolean {
  return item.category !== CREDITS_CATEGORY && item.priceCredits > 0;
}

/** Issue 20: anything but a credit pack can be bought for a friend, with credits or by card. */
export function canBuyForFriend(item: Pick<ShopItem, 'category' | 'priceCredits' | 'priceUSD'>): boolean {
  return item.category !== CREDITS_CATEGORY && (canBuyWithCredits(item) || canBuyWithCash(item));
}

/** SPEC.md §5: cash buying is offered when priceUSD > 0 (credit packs are bought this way). */
export function canBuyWithCash(item: Pick<ShopItem, 'priceUSD'>): boolean {
  return item.priceUSD > 0;
}

function CreditButton(props: ShopItemCardProps) {
  const { item, user, buying, blocked, onBuy } = props;
  if (!user) return null;
  if (user.credits < effectivePrice(item.priceCredits, item)) {
    return (
      <button type="button" className="btn btn-secondary btn-sm btn-block" disabled>
        {shopMessages.insufficientCredits}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm btn-block"
      onClick={() => onBuy(item)}
      disabled={blocked}
      aria-busy={buying || undefined}
    >
      {buying ? shopMessages.purchasing : shopMessages.buyWithCredits}
    </button>
  );
}

function CashButton({ item, cashBuying, blocked, onBuyCash, forCredits }: ShopItemCardProps & { forCredits: boolean }) {
  return (
    <button
      type="button"
      // The card's main action when credits cannot buy it; beside Buy with Credits, the second one.
      className={forCredits ? 'btn btn-secondary btn-sm btn-block' : 'btn btn-primary btn-sm btn-block'}
      onClick={() => onBuyCash?.(item)}
      disabled={blocked}
      aria-busy={cashBuying || undefined}
    >
      {cashBuying ? shopMessages.redirecting : shopMessages.buyWithCash}
    </button>
  );
}

/** The second choice under the buy buttons: the same purchase, for another player. */
function ForFriendButton({ item, blocked, onBuyForFriend }: ShopItemCardProps) {
  if (!onBuyForFriend || !canBuyForFriend(item)) return null;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-block shop-card-gift"
      aria-label={`Buy ${item.name} for a friend`}
      aria-haspopup="dialog"
      onClick={() => onBuyForFriend(item)}
      disabled={blocked}
    >
      <GiftIcon />
      {shopMessages.forAFriend}
    </button>
  );
}

/** Under the buy buttons: the same purchase with a coupon code, its price shown before paying. */
function CouponButton({ item, blocked, onBuyWithCoupon }: ShopItemCardProps) {
  if (!onBuyWithCoupon) return null;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-block shop-card-coupon"
      aria-label={`Buy ${item.name} with a coupon code`}
      aria-haspopup="dialog"
      onClick={() => onBuyWithCoupon(item)}
      disabled={blocked}
    >
      {shopMessages.haveCoupon}
    </button>
  );
}

function BuyControl(props: ShopItemCardProps) {
  const { item, user, sessionLoading, tierName } = props;
  const forCredits = canBuyWithCredits(item);
  const forCash = canBuyWithCash(item);
  if (sessionLoading) return null;
  if (!user) {
    return (
      <Link to="/login" className="btn btn-secondary btn-sm btn-block">
        {shopMessages.logInToBuy}
      </Link>
    );
  }
  // A friend holding the tier may be given the item by a buyer who does not hold it.
  if (item.tierExclusive && user.currentTier?._id !== item.tierExclusive) {
    return (
      <>
        <button type="button" className="btn btn-secondary btn-sm btn-block" disabled>
          {shopMessages.tierRequired(tierName)}
        </button>
        <ForFriendButton {...props} />
      </>
    );
  }
  return (
    <>
      {forCredits ? <CreditButton {...props} /> : null}
      {forCash ? <CashButton {...props} forCredits={forCredits} /> : null}
      <ForFriendButton {...props} />
      <CouponButton {...props} />
    </>
  );
}

/**
 * Memoized: the shop draws up to a hundred cards, and the page draws again as each of its loads (items,
 * categories, tiers, session) arrives; a card whose props are the same is left as it is.
 */
export const ShopItemCard = memo(function ShopItemCard(cardProps: ShopItemCardProps) {
  // A running sale prices the item until its end, counted down here (issue 22).
  const live = useLiveSale(cardProps.item);
  const props = { ...cardProps, item: live.item };
  const { item, tierName, expanded, onToggle, imagePriority } = props;
  const nameId = `shop-item-${item._id}-name`;
  const percentOff = effectiveDiscount(item);
  const discounted = percentOff > 0;
  const creditPrice = effectivePrice(item.priceCredits, item);
  // USD is discounted in whole cents, the same rounding the server charges.
  const usdPrice = effectivePrice(Math.round(item.priceUSD * 100), item) / 100;
  const isCreditPack = item.category === CREDITS_CATEGORY;
  const forCredits = canBuyWithCredits(item);
  const forCash = canBuyWithCash(item);

  function handleCardClick(event: MouseEvent<HTMLElement>) {
    if (event.target instanceof Element && event.target.closest('button, a')) return;
    // Selecting text to copy it is not a request to collapse the card.
    if (window.getSelection()?.toString()) return;
    onToggle(item._id);
  }

  return (
    // The name is the keyboard's toggle button; a click anywhere else on the card is a mouse shortcut.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the name button carries the keyboard interaction
    <article
      className={`card shop-card rarity-${item.rarity}${expanded ? ' is-expanded' : ''}`}
      aria-labelledby={nameId}
      onClick={handleCardClick}
    >
      <div className="shop-card-media">
        <ItemImage
          imageUrl={item.imageUrl}
          image={item.image}
          name={item.name}
          sizes={SHOP_CARD_IMAGE_SIZES}
          priority={imagePriority}
        />
        {live.salePercent !== null ? (
          <span className="discount-badge sale-badge">Sale -{live.salePercent}%</span>
        ) : discounted ? (
          <span className="discount-badge">-{percentOff}%</span>
        ) : null}
      </div>

      <div className="shop-card-body">
        <p className={`rarity-label rarity-${item.rarity}`}>{formatRarity(item.rarity)}</p>
        <h3 className="shop-card-name">
          <button
            id={nameId}
            type="button"
            className="shop-card-toggle"
            aria-expanded={expanded}
            onClick={() => onToggle(item._id)}
          >
            {item.name}
          </button>
        </h3>
        <p className="shop-card-description">{item.description}</p>

        {isCreditPack ? (
          <p className="credit-amount">
            <span className="credit-amount-label">You get</span>
            <span className="credit-amount-value">{formatCredits(item.creditAmount)} credits</span>
          </p>
        ) : null}
        {item.tierExclusive ? (
          <p className="tier-requirement">
            <LockIcon />
            <span>{tierName ? `${tierName} tier exclusive` : 'Supporter tier exclusive'}</span>
          </p>
        ) : null}

        {expanded ? (
          <div className="shop-card-details">
            {item.gameItems.length > 0 ? (
              <>
                <h4>Includes</h4>
                <ul className="game-items">
                  {item.gameItems.map((gameItem) => (
                    <li key={`${gameItem.item_name}-${gameItem.item_quantity}`}>
                      {gameItem.item_name} × {gameItem.item_quantity}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-muted">No in-game items listed.</p>
            )}
          </div>
        ) : null}

        {live.timeLeft !== null ? (
          <p className="sale-countdown">
            Sale ends in <time dateTime={item.sale?.endsAt}>{live.timeLeft}</time>
          </p>
        ) : null}
        <div className="shop-card-prices">
          {forCredits ? (
            <p className="price price-credits">
              {discounted ? (
                <s className="price-original">
                  <span className="visually-hidden">Was </span>
                  {formatCredits(item.priceCredits)}
                </s>
              ) : null}
              <span className="price-now">{formatCredits(creditPrice)} credits</span>
            </p>
          ) : null}
          {item.priceUSD > 0 ? (
            <p className="price price-usd">
              {discounted ? (
                <s className="price-original">
                  <span className="visually-hidden">Was </span>
                  {formatUsd(item.priceUSD)}
                </s>
              ) : null}
              <span className="price-now">{formatUsd(usdPrice)}</span>
            </p>
          ) : null}
        </div>

        {forCredits || forCash ? (
          <div className="shop-card-actions">
            <BuyControl {...props} />
          </div>
        ) : null}
      </div>
    </article>
  );
});
