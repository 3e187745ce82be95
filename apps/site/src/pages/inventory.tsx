// Inventory (/inventory, players only; SPEC.md §2, issue 20): owned items with quantity, where each
// is (On site, Pending, In Game), acquisition (and from whom), trade lock, Keep on site / Send to
// game, Gift (a dialog) and Trade (the trade page, for this entry); an action not allowed now says
// why on hover and focus, in the server's words. An entry whose payment was refunded, lost in a dispute
// or is disputed now (revokedAt) is not the player's: it is not listed (Purchases shows the order's
// status), and comes back if a dispute is won.

import { ApiError } from '@starport/api-client/client';
import {
  economyMessages,
  type GiftResponse,
  type InventoryEntry,
  type InventoryResponse,
  type NotificationKind,
} from '@starport/api-client/contract';
import { formatAcquiredMethod, formatDate, formatRarity } from '@starport/ui/format';
import { useToast } from '@starport/ui/toast';
import { lazy, memo, Suspense, useCallback, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';
import { LockIcon } from '../components/icons.tsx';
import {
  FirstPictureFirst,
  firstRowPriority,
  type ImagePriority,
  ItemImage,
  usePictureQueue,
} from '../components/item-image.tsx';
import { preloadFirstPicture } from '../components/preload-picture.ts';
import { InventoryGridSkeleton } from '../components/skeletons.tsx';
import { useGrowingCount } from '../components/use-growing-count.ts';
import type { PageRead } from '../components/use-loaded.ts';
import { usePageTitle } from '../components/use-page-title.ts';
import { useNotificationEvents } from '../notifications/notifications-provider.tsx';
import { TabLink, useRouteVisible } from '../routing/tab-routes.tsx';
import { INVENTORY_FIRST_PAGE, type InventoryPages, useInventoryPages, useMoreWhenNear } from './use-inventory.ts';

/**
 * The first page of the inventory; its first held entry's picture (the phone's largest paint) is
 * fetched as soon as the answer comes, before the list is drawn.
 */
const readInventory: PageRead<InventoryResponse> = (api) =>
  api.shop.inventory({ limit: INVENTORY_FIRST_PAGE }).then((answer) => {
    preloadFirstPicture(api, answer.inventory.find((entry) => !entry.revokedAt)?.shopItem, INVENTORY_IMAGE_SIZES);
    return answer;
  });
/** Begun before the page first renders, beside the session check (components/use-loaded.ts). */
export const reads = [readInventory];

/** The dialog and the contract's schemas it checks with are a chunk of their own, fetched on the first Gift. */
const GiftDialog = lazy(() => import('./gift-dialog.tsx').then((module) => ({ default: module.GiftDialog })));

export function tradeLockText(entry: Pick<InventoryEntry, 'tradeLockedUntil'>): string {
  return entry.tradeLockedUntil ? `Trade locked until ${formatDate(entry.tradeLockedUntil)}` : 'Trade locked';
}

/** Why an item cannot be passed on, in one sentence; null when nothing stops it. */
function restrictionNote(tradeable: boolean, giftable: boolean): string | null {
  if (!tradeable && !giftable) return 'This item cannot be traded or gifted.';
  if (!tradeable) return 'This item cannot be traded.';
  if (!giftable) return 'This item cannot be gifted.';
  return null;
}

/**
 * An action that may not be taken now stays focusable, so its reason is read on hover and on focus
 * alike (a disabled button takes no focus): aria-disabled, and the reason as its description.
 */
function BlockedAction({ label, reason }: { label: string; reason: string }) {
  const reasonId = useId();
  return (
    <span className="blocked-action">
      <button type="button" className="btn btn-secondary btn-sm" aria-disabled="true" aria-describedby={reasonId}>
        {label}
      </button>
      <span id={reasonId} role="tooltip" className="action-tooltip">
        {reason}
      </span>
    </span>
  );
}

/** Where an entry is, as its badge says. */
function LocationBadge({ entry }: { entry: InventoryEntry }) {
  if (entry.location === 'in_game') return <span className="badge badge-success">In Game</span>;
  if (entry.location === 'on_site') return <span className="badge badge-info">On site</span>;
  return <span className="badge badge-warning">Pending</span>;
}

/** Keep on site / Send to game, while the entry is not in the game. */
function KeepToggle({ entry, onChanged }: { entry: InventoryEntry; onChanged: (entry: InventoryEntry) => void }) {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (entry.location === 'in_game') return null;
  const label = entry.keptOnSite ? 'Send to game' : 'Keep on site';
  if (entry.leased) return <BlockedAction label={label} reason={economyMessages.leased} />;
  async function toggle() {
    setBusy(true);
    try {
      const { entry: changed } = await api.inventory.setKeepOnSite(entry._id, !entry.keptOnSite);
      onChanged(changed);
      toast.success(changed.keptOnSite ? 'Kept on the site' : 'Sent to the game');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Could not change where the item is');
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn-ghost btn-sm keep-toggle" disabled={busy} onClick={toggle}>
      {label}
    </button>
  );
}

/**
 * How wide an inventory picture is drawn (site.css .inventory-grid): on a phone a 96 px strip as tall
 * as the card, which the picture covers (about 280 px wide at 390 px, measured in Chromium); two columns up to 960 px, three beyond.
 */
const INVENTORY_IMAGE_SIZES =
  '(max-width: 600px) 280px, (max-width: 960px) calc(50vw - 28px), (max-width: 1119px) calc(33.3vw - 27px), 347px';

/** The cards of the first row on the widest layout (three columns; one per row on a phone): their pictures load at once. */
const INVENTORY_FIRST_ROW = 3;
/**
 * Entries drawn with the list: past the first screen at every width (two rows of three on the widest
 * layout, six cards down a phone), so the footer stays below it while the rest comes.
 */
const INVENTORY_FIRST_DRAWN = 6;
/** Then this many more each time the list's end comes near the screen (useGrowingCount). */
const INVENTORY_DRAWN_STEP = 12;

interface CardProps {
  entry: InventoryEntry;
  /** In the first row: its picture is fetched at once, not lazily (see ItemImage). */
  imagePriority: ImagePriority | undefined;
  tradeOpen: boolean;
  onGift: (entry: InventoryEntry) => void;
  onChanged: (entry: InventoryEntry) => void;
}

/** Drawn again only when its own entry changes: a long list grows a few dozen cards at a time. */
const InventoryCard = memo(function InventoryCard({ entry, imagePriority, tradeOpen, onGift, onChanged }: CardProps) {
  const item = entry.shopItem;
  const nameId = `inventory-${entry._id}-name`;
  const lock = entry.tradeLocked ? tradeLockText(entry) : null;
  const tradeReason = entry.tradeRefusal ?? (tradeOpen ? null : 'Trading is currently unavailable');
  const note = lock ? null : restrictionNote(item.isTradeable, item.isGiftable);

  return (
    <article className={`card inventory-card rarity-${item.rarity}`} aria-labelledby={nameId}>
      <ItemImage
        imageUrl={item.imageUrl}
        image={item.image}
        name={item.name}
        sizes={INVENTORY_IMAGE_SIZES}
        priority={imagePriority}
      />
      <div className="inventory-body">
        <div className="inventory-meta">
          <span className={`rarity-label rarity-${item.rarity}`}>{formatRarity(item.rarity)}</span>
          <LocationBadge entry={entry} />
        </div>
        <h2 id={nameId} className="inventory-name">
          {item.name}
        </h2>
        <dl className="inventory-facts">
          <div>
            <dt>Quantity</dt>
            <dd>×{entry.quantity}</dd>
          </div>
          <div>
            <dt>Acquired</dt>
            <dd>
              <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Method</dt>
            <dd className="inventory-method">{formatAcquiredMethod(entry.acquiredMethod)}</dd>
          </div>
          {entry.acquiredFrom ? (
            <div>
              <dt>From</dt>
              <dd className="inventory-from">{entry.acquiredFrom}</dd>
            </div>
          ) : null}
        </dl>
        {lock ? (
          <p className="trade-lock">
            <LockIcon />
            <span>{lock}</span>
          </p>
        ) : null}
        {note ? <p className="inventory-note">{note}</p> : null}
        <div className="inventory-actions">
          {tradeReason ? (
            <BlockedAction label="Trade" reason={tradeReason} />
          ) : (
            <Link to={`/trade?entry=${encodeURIComponent(entry._id)}`} className="btn btn-secondary btn-sm">
              Trade
            </Link>
          )}
          {entry.giftRefusal ? (
            <BlockedAction label="Gift" reason={entry.giftRefusal} />
          ) : (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => onGift(entry)}>
              Gift
            </button>
          )}
          <KeepToggle entry={entry} onChanged={onChanged} />
        </div>
      </div>
    </article>
  );
});

/** The notices that mean the player's inventory changed. */
const INVENTORY_NOTICES = [
  'gift_received',
  'trade_accepted',
  'items_mailed',
  'delivery_done',
  'transfer_reversed',
] as const satisfies readonly NotificationKind[];

export function InventoryPage() {
  usePageTitle('Inventory');
  const routeVisible = useRouteVisible();
  const toast = useToast();
  const pages = useInventoryPages(readInventory);
  const { entries, loading, update } = pages;
  const [gifting, setGifting] = useState<InventoryEntry | null>(null);
  // What arrives or leaves while the page is open (a gift, a trade, a mail, a delivery, a reversal)
  // shows at once: the notice that tells of it reloads the list.
  useNotificationEvents(INVENTORY_NOTICES, pages.reload);

  // What the player holds: a revoked entry (refunded, disputed) is no longer theirs.
  const held = entries.filter((entry) => !entry.revokedAt);
  // The first rows at once; once the first picture is on screen, a few dozen more at a time as the
  // player scrolls towards them (no one long task).
  const pictures = usePictureQueue();
  const [drawn, listEnd] = useGrowingCount(held.length, INVENTORY_FIRST_DRAWN, INVENTORY_DRAWN_STEP, pictures.open);
  // The next page is asked for while a step of cards is still left to draw, so it is there when needed.
  // With no held entry drawn (a first page of refunded ones) no picture opens the queue: ask at once.
  useMoreWhenNear(pages, drawn, held.length, INVENTORY_DRAWN_STEP, pictures.open || held.length === 0);
  const replace = useCallback(
    (next: InventoryEntry) => update((current) => current.map((entry) => (entry._id === next._id ? next : entry))),
    [update],
  );

  function handleSent(entryId: string, answer: GiftResponse) {
    update((current) =>
      answer.entry
        ? current.map((entry) => (entry._id === entryId ? (answer.entry as InventoryEntry) : entry))
        : current.filter((entry) => entry._id !== entryId),
    );
    setGifting(null);
    toast.success(`Gift sent to ${answer.gift.recipient}`);
  }

  return (
    <div className="page container inventory-page">
      <InventoryIntro />

      {loading || (held.length === 0 && pages.hasMore && pages.more !== 'failed') ? (
        // A first page of refunded entries is not an empty inventory: the next is on its way.
        <InventoryGridSkeleton />
      ) : held.length === 0 && pages.hasMore ? (
        <MoreEntries pages={pages} allDrawn />
      ) : held.length === 0 ? (
        <div className="empty-state">
          <p>Your inventory is empty</p>
          <TabLink to="/shop" className="btn btn-primary">
            Visit the Shop
          </TabLink>
        </div>
      ) : (
        <FirstPictureFirst queue={pictures}>
          <ul className="inventory-grid">
            {held.slice(0, drawn).map((entry, index) => (
              <li key={entry._id}>
                <InventoryCard
                  entry={entry}
                  imagePriority={firstRowPriority(index, INVENTORY_FIRST_ROW)}
                  tradeOpen={routeVisible('/trade')}
                  onGift={setGifting}
                  onChanged={replace}
                />
              </li>
            ))}
          </ul>
          {drawn < held.length ? <div ref={listEnd} /> : null}
          <MoreEntries pages={pages} allDrawn={drawn >= held.length} />
        </FirstPictureFirst>
      )}
      {gifting ? (
        <Suspense fallback={null}>
          <GiftDialog
            entry={gifting}
            onClose={() => setGifting(null)}
            onSent={(answer) => handleSent(gifting._id, answer)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Under the cards: that more are coming, or a button to ask again when they did not come. */
function MoreEntries({ pages, allDrawn }: { pages: InventoryPages; allDrawn: boolean }) {
  if (!pages.hasMore) return null;
  if (pages.more === 'failed') {
    return (
      <div className="button-row inventory-more">
        <p role="alert">Could not load the rest of your inventory.</p>
        <button type="button" className="btn btn-secondary" onClick={pages.loadMore}>
          Load more
        </button>
      </div>
    );
  }
  if (!allDrawn) return null;
  return (
    <p className="inventory-more" role="status">
      Loading more...
    </p>
  );
}

function InventoryIntro() {
  return (
    <header className="page-header">
      <h1>Inventory</h1>
      <p>Everything you own. Pending items are on their way to your hangar in the game.</p>
    </header>
  );
}

export function InventoryShell() {
  return (
    <div className="page container inventory-page">
      <InventoryIntro />
      <InventoryGridSkeleton />
    </div>
  );
}
