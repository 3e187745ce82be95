// Shop item management for administrators (SPEC.md §2 "Shop Item Management", §5 "Item form", §9
// new-item defaults).
import {
  adminMessages,
  adminUserMessages,
  CREDITS_CATEGORY,
  newShopItemDefaults,
  type ShopItem,
  type ShopItemInput,
  type ShopItemUpdate,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor, ShopItemRow } from '../../db/database.ts';
import {
  deleteShopItem,
  findShopCategoryBySlug,
  findShopItemById,
  findTierById,
  insertShopItems,
  listAllShopItems,
  updateShopItem,
} from '../../db/repositories/catalogue.ts';
import { invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { toShopItemView } from '../catalogue/catalogue-view.ts';
import { resolveSlug, withUniqueSlug } from '../catalogue/slugs.ts';
import { adminTransaction } from './audit.ts';

const toCents = (usd: number): number => Math.round(usd * 100);

/** What the item will be: the stored row with the change laid over it (or the defaults, when new). */
function applyChange(current: ShopItemRow, input: ShopItemUpdate): ShopItemRow {
  const next: ShopItemRow = { ...current };
  if (input.name !== undefined) next.name = input.name.trim();
  if (input.slug !== undefined) next.slug = resolveSlug(input.slug, next.name);
  if (input.description !== undefined) next.description = input.description.trim();
  if (input.imageUrl !== undefined) next.image_url = input.imageUrl || null;
  if (input.category !== undefined) next.category = input.category.trim();
  if (input.rarity !== undefined) next.rarity = input.rarity;
  if (input.discount !== undefined) next.discount = input.discount;
  if (input.featured !== undefined) next.featured = input.featured ? 1 : 0;
  if (input.priceCredits !== undefined) next.price_credits = input.priceCredits;
  if (input.priceUSD !== undefined) next.price_usd_cents = toCents(input.priceUSD);
  if (input.creditAmount !== undefined) next.credit_amount = input.creditAmount;
  if (input.gameItems !== undefined) {
    next.game_items = JSON.stringify(
      input.gameItems.map((g) => ({ item_name: g.item_name.trim(), item_quantity: g.item_quantity })),
    );
  }
  if (input.tierExclusive !== undefined) next.tier_exclusive_id = input.tierExclusive || null;
  if (input.isActive !== undefined) next.is_active = input.isActive ? 1 : 0;
  if (input.isTradeable !== undefined) next.is_tradeable = input.isTradeable ? 1 : 0;
  if (input.isGiftable !== undefined) next.is_giftable = input.isGiftable ? 1 : 0;
  // SPEC.md §5: the form hides game items for credit packs and the credit amount for the rest.
  if (next.category === CREDITS_CATEGORY) next.game_items = '[]';
  else next.credit_amount = 0;
  return next;
}

/** The references an item makes must exist: its category and the tier it is exclusive to. */
async function checkReferences(trx: Executor, item: ShopItemRow): Promise<void> {
  if (!(await findShopCategoryBySlug(trx, item.category))) throw invalid(adminMessages.categoryNotFound);
  if (item.tier_exclusive_id && !(await findTierById(trx, item.tier_exclusive_id))) {
    throw invalid(adminUserMessages.tierNotFound);
  }
}

export async function listItemsForAdmin(ctx: AppContext): Promise<ShopItem[]> {
  return (await listAllShopItems(ctx.db)).map(toShopItemView);
}

export async function createShopItem(ctx: AppContext, adminId: string, input: ShopItemInput): Promise<ShopItem> {
  const now = toIso(ctx.clock());
  const name = input.name.trim();
  const blank: ShopItemRow = {
    id: newId(),
    name,
    slug: resolveSlug(input.slug, name),
    description: '',
    image_url: null,
    category: newShopItemDefaults.category,
    rarity: newShopItemDefaults.rarity,
    discount: newShopItemDefaults.discount,
    featured: newShopItemDefaults.featured ? 1 : 0,
    price_credits: newShopItemDefaults.priceCredits,
    price_usd_cents: toCents(newShopItemDefaults.priceUSD),
    credit_amount: newShopItemDefaults.creditAmount,
    game_items: '[]',
    tier_exclusive_id: null,
    is_active: newShopItemDefaults.isActive ? 1 : 0,
    is_tradeable: newShopItemDefaults.isTradeable ? 1 : 0,
    is_giftable: newShopItemDefaults.isGiftable ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  const row = applyChange(blank, { ...input, slug: undefined });
  return withUniqueSlug('item', () =>
    adminTransaction(ctx, adminId, async (trx, audit) => {
      await checkReferences(trx, row);
      await insertShopItems(trx, [row]);
      const item = toShopItemView(row);
      await audit({ action: 'item.create', targetType: 'item', targetId: row.id, after: item });
      return item;
    }),
  );
}

export async function updateShopItemById(
  ctx: AppContext,
  adminId: string,
  id: string,
  input: ShopItemUpdate,
): Promise<ShopItem> {
  return withUniqueSlug('item', () =>
    adminTransaction(ctx, adminId, async (trx, audit) => {
      const current = await findShopItemById(trx, id);
      if (!current) throw notFound(adminMessages.itemNotFound);
      const next = { ...applyChange(current, input), updated_at: toIso(ctx.clock()) };
      const becomesCreditPack = input.category === CREDITS_CATEGORY && current.category !== CREDITS_CATEGORY;
      if (becomesCreditPack && input.creditAmount === undefined) throw invalid(adminMessages.creditAmountRequired);
      await checkReferences(trx, next);
      const { id: _id, created_at: _created, ...patch } = next;
      await updateShopItem(trx, id, patch);
      const item = toShopItemView(next);
      await audit({
        action: 'item.update',
        targetType: 'item',
        targetId: id,
        before: toShopItemView(current),
        after: item,
      });
      return item;
    }),
  );
}

/** Players who bought it keep their entries: each holds a copy of the item as it was sold. */
export async function deleteShopItemById(ctx: AppContext, adminId: string, id: string): Promise<ShopItem> {
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const current = await findShopItemById(trx, id);
    if (!current) throw notFound(adminMessages.itemNotFound);
    await deleteShopItem(trx, id);
    const item = toShopItemView(current);
    await audit({ action: 'item.delete', targetType: 'item', targetId: id, before: item });
    return item;
  });
}
