// Data access for the catalogue: shop categories, tiers and shop items.
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
