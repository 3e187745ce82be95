// Shop category management for administrators (SPEC.md §2 "Categories", §9: a new category's order
// is the current number of categories).
import {
  adminMessages,
  type CategoryInput,
  type CategoryUpdate,
  type ShopCategory,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { ShopCategoryRow } from '../../db/database.ts';
import {
  countShopCategories,
  countShopItemsInCategory,
  deleteShopCategory,
  findShopCategoryById,
  insertShopCategories,
  listAllShopCategories,
  moveShopItemsToCategory,
  updateShopCategory,
} from '../../db/repositories/catalogue.ts';
import { conflict, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { toCategoryView } from '../catalogue/catalogue-view.ts';
import { resolveSlug, withUniqueSlug } from '../catalogue/slugs.ts';
import { adminTransaction } from './audit.ts';

function applyChange(current: ShopCategoryRow, input: CategoryUpdate): ShopCategoryRow {
  const next = { ...current };
  if (input.name !== undefined) next.name = input.name.trim();
  if (input.slug !== undefined) next.slug = resolveSlug(input.slug, next.name);
  if (input.displayName !== undefined) next.display_name = input.displayName.trim();
  if (input.description !== undefined) next.description = input.description.trim();
  if (input.icon !== undefined) next.icon = input.icon.trim();
  if (input.order !== undefined) next.sort_order = input.order;
  if (input.isActive !== undefined) next.is_active = input.isActive ? 1 : 0;
  return next;
}

export async function listCategoriesForAdmin(ctx: AppContext): Promise<ShopCategory[]> {
  return (await listAllShopCategories(ctx.db)).map(toCategoryView);
}

export async function createCategory(ctx: AppContext, adminId: string, input: CategoryInput): Promise<ShopCategory> {
  const now = toIso(ctx.clock());
  const name = input.name.trim();
  return withUniqueSlug('category', () =>
    adminTransaction(ctx, adminId, async (trx, audit) => {
      const row = applyChange(
        {
          id: newId(),
          name,
          slug: resolveSlug(input.slug, name),
          display_name: '',
          description: '',
          icon: '',
          sort_order: input.order ?? (await countShopCategories(trx)),
          is_active: 1,
          created_at: now,
          updated_at: now,
        },
        { ...input, slug: undefined, order: undefined },
      );
      await insertShopCategories(trx, [row]);
      const category = toCategoryView(row);
      await audit({ action: 'category.create', targetType: 'category', targetId: row.id, after: category });
      return category;
    }),
  );
}

/** Renaming a slug carries the category's items along, so none is left in a category that is gone. */
export async function updateCategoryById(
  ctx: AppContext,
  adminId: string,
  id: string,
  input: CategoryUpdate,
): Promise<ShopCategory> {
  const now = toIso(ctx.clock());
  return withUniqueSlug('category', () =>
    adminTransaction(ctx, adminId, async (trx, audit) => {
      const current = await findShopCategoryById(trx, id);
      if (!current) throw notFound(adminMessages.categoryNotFound);
      const next = { ...applyChange(current, input), updated_at: now };
      const { id: _id, created_at: _created, ...patch } = next;
      await updateShopCategory(trx, id, patch);
      if (next.slug !== current.slug) await moveShopItemsToCategory(trx, current.slug, next.slug, now);
      const category = toCategoryView(next);
      await audit({
        action: 'category.update',
        targetType: 'category',
        targetId: id,
        before: toCategoryView(current),
        after: category,
      });
      return category;
    }),
  );
}

/** A category that still holds items is not deleted: they would vanish from its tab unannounced. */
export async function deleteCategoryById(ctx: AppContext, adminId: string, id: string): Promise<ShopCategory> {
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const current = await findShopCategoryById(trx, id);
    if (!current) throw notFound(adminMessages.categoryNotFound);
    const items = await countShopItemsInCategory(trx, current.slug);
    if (items > 0) throw conflict(adminMessages.categoryInUse(items));
    await deleteShopCategory(trx, id);
    const category = toCategoryView(current);
    await audit({ action: 'category.delete', targetType: 'category', targetId: id, before: category });
    return category;
  });
}
