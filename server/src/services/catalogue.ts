// The public catalogue: active tiers, active categories, and the items the shop shows.
import type { ShopCategory, ShopItem, Tier } from '@starport/api-client/contract';
import type { AppContext } from '../context.ts';
import { listActiveShopCategories, listActiveTiers, listPublicShopItems } from '../db/repositories/catalogue.ts';
import { toCategoryView, toShopItemView, toTierView } from './catalogue-view.ts';

export async function listPublicTiers(ctx: AppContext): Promise<Tier[]> {
  return (await listActiveTiers(ctx.db)).map(toTierView);
}

export async function listPublicCategories(ctx: AppContext): Promise<ShopCategory[]> {
  return (await listActiveShopCategories(ctx.db)).map(toCategoryView);
}

/** Items of one category (by slug), or of all; an unknown or inactive category holds none. */
export async function listPublicItems(ctx: AppContext, categorySlug?: string): Promise<ShopItem[]> {
  return (await listPublicShopItems(ctx.db, categorySlug || undefined)).map(toShopItemView);
}
