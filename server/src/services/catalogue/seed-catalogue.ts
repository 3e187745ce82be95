// Seeds an empty database with the starter catalogue and puts its pictures into the image store.
import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, libraryUrl } from '../../adapters/image-store.ts';
import { measureImage } from '../../adapters/images.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import {
  countShopCategories,
  insertShopCategories,
  insertShopItems,
  insertTiers,
  listShopItemImageUrls,
} from '../../db/repositories/catalogue.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { seedCategories, seedItems, seedTiers } from '../../seed/catalogue-data.ts';

/** Where seeded images are served from: `/images/seed/<file>`. */
export const SEED_IMAGE_PREFIX = '/images/seed/';

/**
 * Puts the seed pictures that items still show into the image store where missing. Runs at every
 * start: a database seeded earlier (with another instance, say) may be paired with a new, empty data
 * folder. A seed picture an admin deleted from the library is shown by no item, so it stays deleted.
 */
export async function copySeedImages(ctx: AppContext, sourceDir: string): Promise<void> {
  const shown = new Set(await listShopItemImageUrls(ctx.db));
  for (const item of seedItems) {
    const url = libraryUrl('seed', item.image);
    if (!shown.has(url) || (await ctx.images.has(url))) continue;
    const bytes = await fs.readFile(path.join(sourceDir, item.image));
    const size = await measureImage(bytes);
    await ctx.images.add({
      url,
      bytes,
      contentType: contentTypeOf(item.image),
      width: size?.width ?? null,
      height: size?.height ?? null,
      createdAt: ctx.clock(),
    });
  }
}

/**
 * Seeds only a database with no categories at all, so an admin who later deletes the seeded
 * items does not see them come back. Returns whether it seeded.
 */
export async function seedCatalogueIfEmpty(ctx: AppContext, seedImagesDir: string): Promise<boolean> {
  const seeded = await insertSeedCatalogueIfEmpty(ctx);
  await copySeedImages(ctx, seedImagesDir);
  return seeded;
}

async function insertSeedCatalogueIfEmpty(ctx: AppContext): Promise<boolean> {
  if ((await countShopCategories(ctx.db)) > 0) return false;
  try {
    await insertSeedCatalogue(ctx);
  } catch (error) {
    // Another process starting on the same PostgreSQL database seeded first: its rows stand.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  ctx.logger.info('seed.catalogue', {
    categories: seedCategories.length,
    tiers: seedTiers.length,
    items: seedItems.length,
  });
  return true;
}

async function insertSeedCatalogue(ctx: AppContext): Promise<void> {
  const now = toIso(ctx.clock());
  const tierIds = new Map(seedTiers.map((tier) => [tier.slug, newId()]));
  await inTransaction(ctx.db, async (trx) => {
    await insertShopCategories(
      trx,
      seedCategories.map((category, index) => ({
        id: newId(),
        name: category.name,
        slug: category.slug,
        display_name: category.displayName,
        description: category.description,
        icon: category.icon,
        sort_order: index,
        is_active: 1,
        created_at: now,
        updated_at: now,
      })),
    );
    await insertTiers(
      trx,
      seedTiers.map((tier, index) => ({
        id: tierIds.get(tier.slug) as string,
        name: tier.name,
        slug: tier.slug,
        price_cents: tier.priceCents,
        icon: tier.icon,
        benefits: JSON.stringify(tier.benefits),
        popular: tier.popular ? 1 : 0,
        display_order: index,
        is_active: 1,
        color_from: tier.colorFrom,
        color_to: tier.colorTo,
        discord_role: tier.discordRole,
        discord_role_id: '',
        discord_role_color: tier.discordRoleColor,
        created_at: now,
        updated_at: now,
      })),
    );
    await insertShopItems(
      trx,
      seedItems.map((item) => ({
        id: newId(),
        name: item.name,
        slug: item.slug,
        description: item.description,
        image_url: `${SEED_IMAGE_PREFIX}${item.image}`,
        category: item.category,
        rarity: item.rarity,
        discount: item.discount ?? 0,
        featured: item.featured ? 1 : 0,
        price_credits: item.priceCredits,
        price_usd_cents: item.priceUsdCents,
        credit_amount: item.creditAmount ?? 0,
        game_items: JSON.stringify(item.gameItems ?? []),
        tier_exclusive_id: item.tierExclusive ? (tierIds.get(item.tierExclusive) ?? null) : null,
        is_active: 1,
        is_tradeable: 1,
        is_giftable: 1,
        created_at: now,
        updated_at: now,
      })),
    );
  });
}
