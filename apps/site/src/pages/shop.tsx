// Shop (/shop, public; SPEC.md §2): the balance, category tabs, item cards with credit purchases and
// card checkout (Buy with Cash), and the banner a card payment comes back with (?payment=success or
// ?payment=cancelled).

import { ApiError, fallbackMessages } from '@starport/api-client/client';
import type {
  CategoriesResponse,
  ItemsResponse,
  ShopCategory,
  ShopItem,
  TiersResponse,
} from '@starport/api-client/contract';
import { EmojiIcon } from '@starport/ui/emoji-icon';
import { formatCredits } from '@starport/ui/format';
import { useSession } from '@starport/ui/session';
import { useToast } from '@starport/ui/toast';
import type { ReactNode } from 'react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi, useNavigateAway } from '../app-providers.tsx';
import { FirstPictureFirst, firstRowPriority, usePictureQueue } from '../components/item-image.tsx';
import { SHOP_FIRST_ROW, ShopItemCard } from '../components/shop-item-card.tsx';
import { Block, ShopGridSkeleton } from '../components/skeletons.tsx';
import { useGrowingCount } from '../components/use-growing-count.ts';
import { type PageRead, useLoaded } from '../components/use-loaded.ts';
import { usePageTitle } from '../components/use-page-title.ts';
import { useQueryNotice } from '../components/use-query-notice.ts';
import { useScrollEdges } from '../components/use-scroll-edges.ts';

// Only a buyer who opens "For a friend" loads the dialog and its player picker.
const CouponBuyDialog = lazy(() =>
  import('./coupon-buy-dialog.tsx').then((module) => ({ default: module.CouponBuyDialog })),
);
const BuyForFriendDialog = lazy(() =>
  import('./buy-for-friend-dialog.tsx').then((module) => ({ default: module.BuyForFriendDialog })),
);

export const shopPageMessages = {
  purchased: 'Purchase successful!',
  purchasedForFriend: (recipient: string, item: string) => `Purchase successful! ${recipient} received ${item}.`,
  empty: 'No items found in this category',
  paymentSuccess: 'Payment successful! Your items have been added.',
  paymentCancelled: 'Payment was cancelled.',
} as const;

const ALL_ITEMS = 'all';
/** Cards drawn with the page's data: the first screen's, two rows at the widest (four a row), four on a phone. */
const SHOP_FIRST_DRAWN = 8;
/** Then this many more per transition as the player nears them, each reaching the page in a commit of its own. */
const SHOP_DRAWN_STEP = 16;

type PaymentNotice = 'success' | 'cancelled';

/** SPEC.md §2: All Items, then the active categories (in their order) that hold at least one item. */
export function getCategoryTabs(categories: readonly ShopCategory[], items: readonly ShopItem[]): ShopCategory[] {
  const stocked = new Set(items.map((item) => item.category));
  return categories.filter((category) => category.isActive && stocked.has(category.slug));
}

function PaymentBanner({ notice, onDismiss }: { notice: PaymentNotice; onDismiss: () => void }) {
  const success = notice === 'success';
  return (
    <div className={success ? 'banner banner-success' : 'banner banner-warning'} role="status">
      <span className="banner-text">
        {success ? shopPageMessages.paymentSuccess : shopPageMessages.paymentCancelled}
      </span>
      <button type="button" className="banner-dismiss" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

function Balance() {
  const { user, loading } = useSession();
  if (loading) return <BalancePlaceholder />;
  if (!user) {
    return (
      <p className="shop-balance shop-balance-guest">
        <Link to="/login">Log in</Link> to buy items with your credits.
      </p>
    );
  }
  return (
    <p className="shop-balance">
      <span className="shop-balance-label">Your balance</span>
      <span className="shop-balance-value">{formatCredits(user.credits)} credits</span>
    </p>
  );
}

// One call for every item, rather than one per category: the tabs are worked out from the items.
const readItems: PageRead<ItemsResponse> = (api) => api.shop.items();
// SPEC.md §8: without categories the shop still works, with All Items alone.
const readCategories: PageRead<CategoriesResponse> = (api) => api.shop.categories();
// Only to name the tier a tier-exclusive item needs.
const readTiers: PageRead<TiersResponse> = (api) => api.tiers.list();
/** Begun before the page first renders (components/use-loaded.ts). */
export const reads = [readItems, readCategories, readTiers];

export function ShopPage() {
  usePageTitle('Shop');
  const api = useApi();
  const toast = useToast();
  const { user, loading: sessionLoading, refreshUser } = useSession();
  const items = useLoaded(readItems, 'Failed to load shop items');
  const categories = useLoaded(readCategories, 'Failed to load shop categories');
  const tiers = useLoaded(readTiers, 'Failed to load tiers');
  const [selected, setSelected] = useState(ALL_ITEMS);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [buyingId, setBuyingId] = useState<string | null>(null);
  const [cashBuyingId, setCashBuyingId] = useState<string | null>(null);
  const [buyingFor, setBuyingFor] = useState<ShopItem | null>(null);
  const [buyingWithCoupon, setBuyingWithCoupon] = useState<ShopItem | null>(null);
  const navigateAway = useNavigateAway();
  const [notice, setNotice] = useState<PaymentNotice | null>(null);

  useQueryNotice(['payment'], (params) => {
    const payment = params.get('payment');
    if (payment === 'success') {
      setNotice('success');
      void refreshUser();
    } else if (payment === 'cancelled') {
      setNotice('cancelled');
    }
  });

  const allItems = (items.data?.items ?? []).filter((item) => item.isActive);
  const tabs = getCategoryTabs(categories.data?.categories ?? [], allItems);
  // The row of tabs scrolls sideways when it is wider than the page: a fade marks the side with more.
  const [tabsRef, tabEdges, scrollTabs] = useScrollEdges(tabs.map((tab) => tab.slug).join());
  // A tab that has emptied since it was chosen falls back to everything.
  const current = tabs.some((tab) => tab.slug === selected) ? selected : ALL_ITEMS;
  const shown = current === ALL_ITEMS ? allItems : allItems.filter((item) => item.category === current);
  // The first rows at once, then a few rows at a time as the player scrolls towards them (no one long task).
  const pictures = usePictureQueue();
  const [drawn, listEnd] = useGrowingCount(shown.length, SHOP_FIRST_DRAWN, SHOP_DRAWN_STEP, pictures.open);
  const tierNames = new Map((tiers.data?.tiers ?? []).map((tier) => [tier._id, tier.name]));

  function selectTab(slug: string) {
    setSelected(slug);
    setExpandedId(null);
  }

  // One purchase at a time; every card is handed the same functions (the cards are memoized).
  const busy = buyingId !== null || cashBuyingId !== null;
  const toggleCard = useCallback((itemId: string) => setExpandedId((open) => (open === itemId ? null : itemId)), []);

  const handleBuy = useCallback(
    async (item: ShopItem) => {
      if (busy) return;
      setBuyingId(item._id);
      try {
        await api.shop.purchase(item._id);
        toast.success(shopPageMessages.purchased);
        // The navigation bar's balance and this page's buttons follow the new balance.
        await refreshUser();
      } catch (error) {
        toast.error(error instanceof ApiError ? error.message : fallbackMessages.purchase);
      } finally {
        setBuyingId(null);
      }
    },
    [busy, api, toast, refreshUser],
  );

  /** Bought for a friend with credits: the confirmation names who got it; the balance follows. */
  async function handleBoughtForFriend(item: ShopItem, recipient: string) {
    setBuyingFor(null);
    toast.success(shopPageMessages.purchasedForFriend(recipient, item.name));
    await refreshUser();
  }

  /** Buy with Cash: the payment page (Stripe Checkout, or the sandbox's own) takes over from here. */
  const handleBuyCash = useCallback(
    async (item: ShopItem) => {
      if (busy) return;
      setCashBuyingId(item._id);
      try {
        const { url } = await api.payments.checkout([{ itemId: item._id, quantity: 1 }]);
        if (!url) throw new Error('No payment address in the answer');
        // Stays busy: the browser is leaving for the payment page.
        navigateAway(url);
      } catch (error) {
        toast.error(error instanceof ApiError ? error.message : fallbackMessages.checkout);
        setCashBuyingId(null);
      }
    },
    [busy, api, toast, navigateAway],
  );

  return (
    <div className="page container shop-page">
      <ShopIntro balance={<Balance />} />

      {notice ? <PaymentBanner notice={notice} onDismiss={() => setNotice(null)} /> : null}

      {items.loading ? (
        <ShopGridSkeleton />
      ) : (
        <>
          <div className="category-row">
            <fieldset
              className="category-tabs"
              ref={tabsRef}
              data-more-before={tabEdges.start || undefined}
              data-more-after={tabEdges.end || undefined}
            >
              <legend className="visually-hidden">Categories</legend>
              <button
                type="button"
                className="category-tab"
                aria-pressed={current === ALL_ITEMS}
                onClick={() => selectTab(ALL_ITEMS)}
              >
                All Items
              </button>
              {tabs.map((category) => (
                <button
                  key={category._id}
                  type="button"
                  className="category-tab"
                  aria-pressed={current === category.slug}
                  onClick={() => selectTab(category.slug)}
                >
                  {category.icon ? <EmojiIcon emoji={category.icon} size={18} className="category-tab-icon" /> : null}
                  {category.displayName || category.name}
                </button>
              ))}
            </fieldset>
            {/* For a pointer without a sideways wheel: the tabs themselves are reached with Tab, and
                the row follows the focus, so the arrows are hidden from the keyboard and screen readers. */}
            {(['start', 'end'] as const).map((side) =>
              tabEdges[side] ? (
                <button
                  key={side}
                  type="button"
                  className={`category-arrow category-arrow-${side}`}
                  tabIndex={-1}
                  aria-hidden="true"
                  title={side === 'start' ? 'Earlier categories' : 'More categories'}
                  onClick={() => scrollTabs(side)}
                ></button>
              ) : null,
            )}
          </div>

          {/* The cards' names are h3s: this keeps the outline in order (h1, h2, h3) for screen readers. */}
          <h2 className="visually-hidden">Items</h2>
          {shown.length === 0 ? (
            <div className="empty-state">
              <p>{shopPageMessages.empty}</p>
            </div>
          ) : (
            <FirstPictureFirst queue={pictures}>
              <ul className="shop-grid">
                {shown.slice(0, drawn).map((item, index) => (
                  <li key={item._id}>
                    <ShopItemCard
                      item={item}
                      imagePriority={firstRowPriority(index, SHOP_FIRST_ROW)}
                      user={user}
                      sessionLoading={sessionLoading}
                      tierName={item.tierExclusive ? (tierNames.get(item.tierExclusive) ?? null) : null}
                      expanded={expandedId === item._id}
                      onToggle={toggleCard}
                      buying={buyingId === item._id}
                      cashBuying={cashBuyingId === item._id}
                      blocked={busy}
                      onBuy={handleBuy}
                      onBuyCash={handleBuyCash}
                      onBuyForFriend={setBuyingFor}
                      onBuyWithCoupon={setBuyingWithCoupon}
                    />
                  </li>
                ))}
              </ul>
              {drawn < shown.length ? <div ref={listEnd} /> : null}
            </FirstPictureFirst>
          )}
        </>
      )}

      {buyingWithCoupon && user ? (
        <Suspense fallback={null}>
          <CouponBuyDialog
            item={buyingWithCoupon}
            user={user}
            onClose={() => setBuyingWithCoupon(null)}
            onBought={() => {
              setBuyingWithCoupon(null);
              toast.success(shopPageMessages.purchased);
              void refreshUser();
            }}
          />
        </Suspense>
      ) : null}

      {buyingFor && user ? (
        <Suspense fallback={null}>
          <BuyForFriendDialog
            item={buyingFor}
            user={user}
            onClose={() => setBuyingFor(null)}
            onBought={(_answer, recipient) => void handleBoughtForFriend(buyingFor, recipient)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function ShopIntro({ balance }: { balance: ReactNode }) {
  return (
    <header className="page-header shop-header">
      <div>
        <h1>Shop</h1>
        <p>Ships, weapons, cosmetics and credit packs for your fleet.</p>
      </div>
      {balance}
    </header>
  );
}

/** The balance box's place, kept while the session is checked so the cards do not move down after. */
function BalancePlaceholder() {
  return <Block className="shop-balance skeleton-balance" />;
}

export function ShopShell() {
  return (
    <div className="page container shop-page">
      <ShopIntro balance={<BalancePlaceholder />} />
      <ShopGridSkeleton />
    </div>
  );
}
