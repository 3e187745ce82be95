// Data access for the catalogue: shop categories, tiers and shop items.
import { sql } from 'kysely';
import type {
  Executor,
  NewShopCategory,
  NewShopItem,
  NewTier,
  ShopCategoryUpdate,
  ShopItemUpdate,
  TierUpdate,
} from '../database.ts';
import { prepared } from '../prepared.ts';
import { isRunningSale } from './sales.ts';

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
function fromPublicShopItems(db: Executor) {
  return db
    .selectFrom('shop_items')
    .leftJoin('shop_categories', 'shop_categories.slug', 'shop_items.category')
    .where('shop_items.is_active', '=', 1)
    .where((eb) => eb.or([eb('shop_categories.is_active', 'is', null), eb('shop_categories.is_active', '=', 1)]));
}

function selectPublicShopItems(db: Executor) {
  return fromPublicShopItems(db).selectAll('shop_items');
}

/** The category slugs the public shop's items hold: the only ones whose item list is not empty. */
export async function listPublicShopItemCategories(db: Executor): Promise<string[]> {
  const rows = await fromPublicShopItems(db).select('shop_items.category').distinct().execute();
  return rows.map((row) => row.category);
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
const selectPublicShopItem = prepared((db: Executor, id: string) =>
  selectPublicShopItems(db).where('shop_items.id', '=', id),
);

export async function findPublicShopItem(db: Executor, id: string) {
  return (await selectPublicShopItem(db, id)).rows[0];
}

/**
 * One public item (findPublicShopItem) with the running sales (isRunningSale) in the same read: a row
 * per sale, or one with the sale's columns null when none runs. The credit purchase prices by it.
 */
const selectPublicShopItemWithSales = prepared((db: Executor, id: string, now: string) =>
  selectPublicShopItems(db)
    .leftJoin('sales', (join) => join.on(isRunningSale(now)))
    .select([
      'shop_categories.id as category_id',
      'sales.percent_off as sale_percent_off',
      'sales.ends_at as sale_ends_at',
      'sales.item_ids as sale_item_ids',
      'sales.category_ids as sale_category_ids',
    ])
    .where('shop_items.id', '=', id),
);

export type PublicShopItemWithSalesRow = Awaited<ReturnType<typeof selectPublicShopItemWithSales>>['rows'][number];

export async function findPublicShopItemWithSales(db: Executor, id: string, now: string) {
  return (await selectPublicShopItemWithSales(db, id, now)).rows;
}

// --- Admin ---------------------------------------------------------------------------------------

export async function listAllTiers(db: Executor) {
  return db.selectFrom('tiers').selectAll().orderBy('display_order').orderBy('price_cents').orderBy('name').execute();
}

export async function updateTier(db: Executor, id: string, patch: TierUpdate): Promise<void> {
  await db.updateTable('tiers').set(patch).where('id', '=', id).execute();
}

export async function deleteTier(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('tiers').where('id', '=', id).execute();
}

export async function countUsersHoldingTier(db: Executor, tierId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('current_tier_id', '=', tierId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listAllShopItems(db: Executor) {
  return db
    .selectFrom('shop_items')
    .selectAll()
    .orderBy('is_active', 'desc')
    .orderBy('category')
    .orderBy('name')
    .execute();
}

export async function findShopItemById(db: Executor, id: string) {
  return db.selectFrom('shop_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findShopItemsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('shop_items').selectAll().where('id', 'in', ids).execute();
}

export async function updateShopItem(db: Executor, id: string, patch: ShopItemUpdate): Promise<void> {
  await db.updateTable('shop_items').set(patch).where('id', '=', id).execute();
}

export async function deleteShopItem(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('shop_items').where('id', '=', id).execute();
}

/** Takes a picture off every item that shows it. Returns how many items lost it. */
export async function clearShopItemImage(db: Executor, imageUrl: string, now: string): Promise<number> {
  const result = await db
    .updateTable('shop_items')
    .set({ image_url: null, updated_at: now })
    .where('image_url', '=', imageUrl)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listShopItemImageUrls(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('shop_items')
    .select('image_url')
    .distinct()
    .where('image_url', 'is not', null)
    .execute();
  return rows.map((row) => row.image_url as string);
}

export async function listAllShopCategories(db: Executor) {
  return db.selectFrom('shop_categories').selectAll().orderBy('sort_order').orderBy('name').execute();
}

export async function findShopCategoryById(db: Executor, id: string) {
  return db.selectFrom('shop_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findShopCategoryBySlug(db: Executor, slug: string) {
  return db.selectFrom('shop_categories').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function updateShopCategory(db: Executor, id: string, patch: ShopCategoryUpdate): Promise<void> {
  await db.updateTable('shop_categories').set(patch).where('id', '=', id).execute();
}

export async function deleteShopCategory(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('shop_categories').where('id', '=', id).execute();
}

export async function countShopItemsInCategory(db: Executor, slug: string): Promise<number> {
  const row = await db
    .selectFrom('shop_items')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('category', '=', slug)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Moves every item of one category slug to another (a category's slug was renamed). */
export async function moveShopItemsToCategory(db: Executor, from: string, to: string, now: string): Promise<void> {
  await db.updateTable('shop_items').set({ category: to, updated_at: now }).where('category', '=', from).execute();
}

export async function countActiveShopItems(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('shop_items')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
