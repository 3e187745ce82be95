// Inventory (/inventory, players only; SPEC.md §2): owned items with quantity, delivery status,
// acquisition, trade lock, and Trade and Gift buttons that lead to the trade page when allowed. An
// item whose card payment was refunded or disputed shows as Revoked.

import type { InventoryEntry } from '@starport/api-client/contract';
import { formatAcquiredMethod, formatDate, formatRarity } from '@starport/ui/format';
import { Link } from 'react-router-dom';
import { LockIcon } from '../components/icons.tsx';
import { ItemImage } from '../components/item-image.tsx';
import { InventoryGridSkeleton } from '../components/skeletons.tsx';
import { useLoaded } from '../components/use-loaded.ts';
import { usePageTitle } from '../components/use-page-title.ts';
import { useSiteSettings } from '../site-settings.tsx';
import { InventoryIntro } from './page-shells.tsx';

export const revokedMessages = {
  badge: 'Revoked',
  note: 'The payment for this item was refunded or disputed, so it will not be delivered.',
  blocked: 'This item was revoked',
} as const;

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

/** SPEC.md §1 leaves trading unspecified: allowed actions lead to /trade, blocked ones say why. */
function PassOnAction({ label, blockedReason }: { label: string; blockedReason: string | null }) {
  if (blockedReason) {
    return (
      <button type="button" className="btn btn-secondary btn-sm" disabled title={blockedReason}>
        {label}
      </button>
    );
  }
  return (
    <Link to="/trade" className="btn btn-secondary btn-sm">
      {label}
    </Link>
  );
}

/**
 * How wide an inventory picture is drawn (site.css .inventory-grid): on a phone a 96 px strip as tall
 * as the card, which the picture covers (about 280 px wide at 390 px, measured in Chromium); two columns up to 960 px, three beyond.
 */
const INVENTORY_IMAGE_SIZES =
  '(max-width: 600px) 280px, (max-width: 960px) calc(50vw - 28px), (max-width: 1119px) calc(33.3vw - 27px), 347px';

function InventoryCard({ entry, tradeOpen }: { entry: InventoryEntry; tradeOpen: boolean }) {
  const item = entry.shopItem;
  const nameId = `inventory-${entry._id}-name`;
  const revoked = Boolean(entry.revokedAt);
  const lock = !revoked && entry.tradeLocked ? tradeLockText(entry) : null;
  const closed = tradeOpen ? null : 'Trading is currently unavailable';
  const blocked = revoked ? revokedMessages.blocked : lock;
  const tradeReason = blocked ?? closed ?? (item.isTradeable ? null : 'This item cannot be traded');
  const giftReason = blocked ?? closed ?? (item.isGiftable ? null : 'This item cannot be gifted');
  const note = revoked ? revokedMessages.note : lock ? null : restrictionNote(item.isTradeable, item.isGiftable);

  return (
    <article
      className={`card inventory-card rarity-${item.rarity}${revoked ? ' is-revoked' : ''}`}
      aria-labelledby={nameId}
    >
      <ItemImage imageUrl={item.imageUrl} image={item.image} name={item.name} sizes={INVENTORY_IMAGE_SIZES} />
      <div className="inventory-body">
        <div className="inventory-meta">
          <span className={`rarity-label rarity-${item.rarity}`}>{formatRarity(item.rarity)}</span>
          {revoked ? (
            <span className="badge badge-error">{revokedMessages.badge}</span>
          ) : entry.deliveredToGame ? (
            <span className="badge badge-success">In Game</span>
          ) : (
            <span className="badge badge-warning">Pending</span>
          )}
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
        </dl>
        {lock ? (
          <p className="trade-lock">
            <LockIcon />
            <span>{lock}</span>
          </p>
        ) : null}
        {note ? <p className="inventory-note">{note}</p> : null}
        <div className="inventory-actions">
          <PassOnAction label="Trade" blockedReason={tradeReason} />
          <PassOnAction label="Gift" blockedReason={giftReason} />
        </div>
      </div>
    </article>
  );
}

export function InventoryPage() {
  usePageTitle('Inventory');
  const { visibleTabs } = useSiteSettings();
  const { data, loading } = useLoaded((api) => api.shop.inventory(), 'Failed to load inventory');
  const entries = data?.inventory ?? [];

  return (
    <div className="page container inventory-page">
      <InventoryIntro />

      {loading ? (
        <InventoryGridSkeleton />
      ) : entries.length === 0 ? (
        <div className="empty-state">
          <p>Your inventory is empty</p>
          <Link to="/shop" className="btn btn-primary">
            Visit the Shop
          </Link>
        </div>
      ) : (
        <ul className="inventory-grid">
          {entries.map((entry) => (
            <li key={entry._id}>
              <InventoryCard entry={entry} tradeOpen={visibleTabs.trade} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
