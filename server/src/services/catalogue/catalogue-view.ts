// Turns catalogue and inventory rows into the API shapes of SPEC.md §3: ids as _id, booleans from
// 0/1, USD from cents, JSON columns parsed.
import {
  type EntryLocation,
  type EntryMoveFacts,
  entryMoveRefusal,
  type GameItem,
  type InventoryEntry,
  type Rarity,
  rarities,
  type ShopCategory,
  type ShopItem,
  type Tier,
} from '@starport/api-client/contract';
import type { InventoryEntryRow, ShopCategoryRow, ShopItemRow, TierRow } from '../../db/database.ts';
import { toIso } from '../../lib/clock.ts';
import { centsToUsd } from '../accounts/user-view.ts';
import { isTradeLocked } from './trade-lock.ts';

function parseJsonArray<T>(text: string): T[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

const asRarity = (value: string): Rarity =>
  (rarities as readonly string[]).includes(value) ? (value as Rarity) : 'common';

export function toTierView(row: TierRow): Tier {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    price: centsToUsd(Number(row.price_cents)),
    icon: row.icon,
    benefits: parseJsonArray<string>(row.benefits),
    popular: row.popular === 1,
    displayOrder: Number(row.display_order),
    isActive: row.is_active === 1,
    colorGradient: { from: row.color_from, to: row.color_to },
    discordRole: row.discord_role,
    discordRoleId: row.discord_role_id,
    discordRoleColor: row.discord_role_color,
  };
}

export function toCategoryView(row: ShopCategoryRow): ShopCategory {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    displayName: row.display_name,
    description: row.description,
    icon: row.icon,
    order: Number(row.sort_order),
    isActive: row.is_active === 1,
  };
}

export function toShopItemView(row: ShopItemRow): ShopItem {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    imageUrl: row.image_url,
    category: row.category,
    rarity: asRarity(row.rarity),
    discount: Number(row.discount),
    featured: row.featured === 1,
    priceCredits: Number(row.price_credits),
    priceUSD: centsToUsd(Number(row.price_usd_cents)),
    creditAmount: Number(row.credit_amount),
    gameItems: parseJsonArray<GameItem>(row.game_items),
    tierExclusive: row.tier_exclusive_id,
    isActive: row.is_active === 1,
    isTradeable: row.is_tradeable === 1,
    isGiftable: row.is_giftable === 1,
  };
}

/**
 * The columns an inventory entry's view reads: a freshly written entry has no delivery, payment or
 * economy columns yet (left out: not kept, not leased, from nobody).
 */
export type InventoryEntryViewRow = Pick<
  InventoryEntryRow,
  'id' | 'item_snapshot' | 'quantity' | 'delivered_to_game' | 'created_at' | 'acquired_method' | 'trade_locked_until'
> &
  Partial<Pick<InventoryEntryRow, 'payment_id' | 'revoked_at' | 'kept_on_site' | 'lease_until'>> & {
    /** The username of the player it came from (a join on acquired_from). */
    acquired_from_name?: string | null;
  };

/** How an acquired method reads in one word: a purchase, a gift, a trade, or from an admin. */
function acquiredAs(method: string): InventoryEntry['acquiredAs'] {
  if (method === 'gift' || method === 'trade') return method;
  if (method.startsWith('admin_')) return 'admin';
  return 'purchase';
}

export function toInventoryEntryView(row: InventoryEntryViewRow, now: Date): InventoryEntry {
  const shopItem = JSON.parse(row.item_snapshot) as ShopItem;
  const revoked = Boolean(row.revoked_at);
  const keptOnSite = row.kept_on_site === 1;
  const inGame = row.delivered_to_game === 1;
  const location: EntryLocation = inGame ? 'in_game' : keptOnSite || revoked ? 'on_site' : 'pending';
  const leased = !inGame && Boolean(row.lease_until && row.lease_until > toIso(now));
  const facts: EntryMoveFacts = {
    isGiftable: shopItem.isGiftable,
    isTradeable: shopItem.isTradeable,
    location,
    leased,
    revoked,
    tradeLockedUntil: row.trade_locked_until,
  };
  return {
    _id: row.id,
    shopItem,
    quantity: Number(row.quantity),
    deliveredToGame: inGame,
    createdAt: row.created_at,
    acquiredMethod: row.acquired_method,
    tradeLocked: isTradeLocked(row.trade_locked_until, now),
    tradeLockedUntil: row.trade_locked_until,
    revokedAt: row.revoked_at ?? null,
    location,
    keptOnSite,
    leased,
    acquiredAs: acquiredAs(row.acquired_method),
    acquiredFrom: row.acquired_from_name ?? null,
    giftRefusal: entryMoveRefusal(facts, 'gift', now),
    tradeRefusal: entryMoveRefusal(facts, 'trade', now),
  };
}
