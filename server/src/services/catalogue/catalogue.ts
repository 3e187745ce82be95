// The public catalogue: active tiers, active categories, and the items the shop shows.
import type { ShopCategory, ShopItem, Tier } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import {
  listActiveShopCategories,
  listActiveTiers,
  listPublicShopItemCategories,
  listPublicShopItems,
} from '../../db/repositories/catalogue.ts';
import { toCategoryView, toShopItemView, toTierView } from './catalogue-view.ts';
import { withItemImages } from './image-variants.ts';
import { cachedAnswer, cachedJson, type JsonAnswer, plainAnswer } from './public-cache.ts';
import { loadSalePrices } from './sales.ts';

export async function listPublicTiers(ctx: AppContext): Promise<Tier[]> {
  return (await listActiveTiers(ctx.db)).map(toTierView);
}

export async function listPublicCategories(ctx: AppContext): Promise<ShopCategory[]> {
  return (await listActiveShopCategories(ctx.db)).map(toCategoryView);
}

/**
 * Items of one category (by slug), or of all; an unknown or inactive category holds none. Their
 * pictures come with hashed, sized addresses (image-variants.ts), computed here once per cache fill,
 * and each carries the running sale that prices it, or null (the cache turns over when one starts or ends).
 */
async function listPublicItems(ctx: AppContext, categorySlug?: string): Promise<ShopItem[]> {
  const rows = await listPublicShopItems(ctx.db, categorySlug || undefined);
  const sales = await loadSalePrices(ctx.db, ctx.clock());
  return withItemImages(
    ctx.images,
    rows.map((row) => ({ ...toShopItemView(row), sale: sales.saleFor(row) })),
  );
}

/** The answer to a category no shown item holds (unknown, inactive or empty), the same for every one. */
const NO_ITEMS = plainAnswer(JSON.stringify({ items: [] }));

/** The public cache's key of the active items, of one category or (without one) all. */
export const publicItemsKey = (categorySlug?: string) => `items:${categorySlug ?? ''}`;

/**
 * GET /api/shop/items as JSON text (and its compressed forms), from the public cache. Only a category some shown item holds has
 * an entry of its own; any other slug gets the empty answer without one, so a flood of made-up
 * values neither grows the cache nor reaches the database.
 */
export async function publicItemsAnswer(ctx: AppContext, categorySlug?: string): Promise<JsonAnswer> {
  if (categorySlug) {
    const held = JSON.parse(
      await cachedJson(ctx, 'item-categories', () => listPublicShopItemCategories(ctx.db)),
    ) as string[];
    if (!held.includes(categorySlug)) return NO_ITEMS;
  }
  return cachedAnswer(ctx, publicItemsKey(categorySlug), async () => ({
    items: await listPublicItems(ctx, categorySlug),
  }));
}
