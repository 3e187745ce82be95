// Data access for the image library kept in the database (adapters/image-store-database.ts):
// the pictures by URL and the bytes of their variants.
import type { Executor, NewImage, NewImageVariant } from '../database.ts';

/** Library URLs, newest first (a tie, as within one clock tick, by URL so the order is stable). */
export async function listImageUrls(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('images').select('url').orderBy('created_at', 'desc').orderBy('url').execute();
  return rows.map((row) => row.url);
}

export async function imageExists(db: Executor, url: string): Promise<boolean> {
  const row = await db.selectFrom('images').select('url').where('url', '=', url).executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds a picture with its variants unless its URL is already there (another instance seeding the
 * same pictures at the same time, or a re-run of `images migrate`). Returns whether it added.
 */
export async function insertImageIfAbsent(
  db: Executor,
  image: NewImage,
  variants: Omit<NewImageVariant, 'image_url'>[],
): Promise<boolean> {
  const inserted = await db
    .insertInto('images')
    .values(image)
    .onConflict((oc) => oc.column('url').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  if (variants.length > 0) {
    await db
      .insertInto('image_variants')
      .values(variants.map((variant) => ({ ...variant, image_url: image.url })))
      .execute();
  }
  return true;
}

/** The full variant's ETag and size of each of these pictures that is in the library: one query. */
export async function describeImages(db: Executor, urls: readonly string[]) {
  if (urls.length === 0) return [];
  return db
    .selectFrom('image_variants')
    .select(['image_url', 'etag', 'width', 'height'])
    .where('variant', '=', 'full')
    .where('image_url', 'in', urls)
    .execute();
}

/**
 * What a conditional request needs, without the bytes (a 304 reads no blob), with the ETag of the
 * picture itself (its full variant) that a hashed URL names: one query.
 */
export async function findImageVariantHead(db: Executor, url: string, variant: string) {
  return db
    .selectFrom('image_variants as v')
    .innerJoin('image_variants as full', (join) =>
      join.onRef('full.image_url', '=', 'v.image_url').on('full.variant', '=', 'full'),
    )
    .select(['v.content_type', 'v.byte_size', 'v.etag', 'full.etag as source_etag'])
    .where('v.image_url', '=', url)
    .where('v.variant', '=', variant)
    .executeTakeFirst();
}

export async function findImageVariantBytes(db: Executor, url: string, variant: string) {
  return db
    .selectFrom('image_variants as v')
    .innerJoin('image_variants as full', (join) =>
      join.onRef('full.image_url', '=', 'v.image_url').on('full.variant', '=', 'full'),
    )
    .select(['v.content_type', 'v.byte_size', 'v.etag', 'v.bytes', 'full.etag as source_etag'])
    .where('v.image_url', '=', url)
    .where('v.variant', '=', variant)
    .executeTakeFirst();
}

/**
 * Keeps a variant of a picture unless one is kept already (another instance made it first).
 * False when the picture is no longer in the library. Run in a transaction: the picture's row is
 * held (FOR SHARE) so it cannot be deleted between the look and the insert.
 */
export async function insertImageVariantIfAbsent(db: Executor, variant: NewImageVariant): Promise<boolean> {
  const picture = await db
    .selectFrom('images')
    .select('url')
    .where('url', '=', variant.image_url)
    .forShare()
    .executeTakeFirst();
  if (!picture) return false;
  await db
    .insertInto('image_variants')
    .values(variant)
    .onConflict((oc) => oc.columns(['image_url', 'variant']).doNothing())
    .execute();
  return true;
}

/** Removes a picture and its variants. Returns whether it was there. */
export async function deleteImage(db: Executor, url: string): Promise<boolean> {
  await db.deleteFrom('image_variants').where('image_url', '=', url).execute();
  const result = await db.deleteFrom('images').where('url', '=', url).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
