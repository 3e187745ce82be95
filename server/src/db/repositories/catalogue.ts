// Data access for the catalogue: shop categories, tiers and shop items.
import { sql } from 'kysely';
import type { Executor, NewShopCategory, NewShopItem, NewTier } from '../database.ts';

export async function countShopCategories(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('shop_categories')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertShopCategories(db: Executor, categories: NewShopCategory[]): Promise<void> {
  if (categories.length > 0) await db.insertInto('shop_categories').values(categories).execute();
}

export async function insertTiers(db: Executor, tiers: NewTier[]): Promise<void> {
  if (tiers.length > 0) await db.insertInto('tiers').values(tiers).execute();
}

export async function insertShopItems(db: Executor, items: NewShopItem[]): Promise<void> {
  if (items.length > 0) await db.insertInto('shop_items').values(items).execute();
}

export async function listActiveTiers(db: Executor) {
  return db
    .selectFrom('tiers')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('display_order')
    .orderBy('price_cents')
    .orderBy('name')
    .execute();
}

export async function findTierById(db: Executor, id: string) {
  return db.selectFrom('tiers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listActiveShopCategories(db: Executor) {
  return db
    .selectFrom('shop_categories')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
}

/**
 * The items the public shop shows: active, and not in a category an admin switched off. An item
 * whose category has no row at all still shows (under All Items): hiding it would be a surprise.
 * Ordered by category, featured first, then cheapest first.
 */
function selectPublicShopItems(db: Executor) {
  return db
    .selectFrom('shop_items')
    .leftJoin('shop_categories', 'shop_categories.slug', 'shop_items.category')
    .selectAll('shop_items')
    .where('shop_items.is_active', '=', 1)
    .where((eb) => eb.or([eb('shop_categories.is_active', 'is', null), eb('shop_categories.is_active', '=', 1)]));
}

export async function listPublicShopItems(db: Executor, categorySlug?: string) {
  let query = selectPublicShopItems(db);
  if (categorySlug !== undefined) query = query.where('shop_items.category', '=', categorySlug);
  return (
    query
      // Uncategorised items last, the same on both databases (they sort NULL at opposite ends).
      .orderBy(sql`shop_categories.sort_order is null`)
      .orderBy('shop_categories.sort_order')
      .orderBy('shop_items.featured', 'desc')
      .orderBy('shop_items.price_credits')
      .orderBy('shop_items.price_usd_cents')
      .orderBy('shop_items.name')
      .execute()
  );
}

/** One item, only if the public shop would show it: what a purchase may buy. */
export async function findPublicShopItem(db: Executor, id: string) {
  return selectPublicShopItems(db).where('shop_items.id', '=', id).executeTakeFirst();
}
