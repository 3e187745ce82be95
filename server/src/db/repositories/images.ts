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

/** What a conditional request needs, without the bytes: a 304 reads no blob. */
export async function findImageVariantHead(db: Executor, url: string, variant: string) {
  return db
    .selectFrom('image_variants')
    .select(['content_type', 'byte_size', 'etag'])
    .where('image_url', '=', url)
    .where('variant', '=', variant)
    .executeTakeFirst();
}

export async function findImageVariantBytes(db: Executor, url: string, variant: string) {
  return db
    .selectFrom('image_variants')
    .select(['content_type', 'byte_size', 'etag', 'bytes'])
    .where('image_url', '=', url)
    .where('variant', '=', variant)
    .executeTakeFirst();
}

/** Removes a picture and its variants. Returns whether it was there. */
export async function deleteImage(db: Executor, url: string): Promise<boolean> {
  await db.deleteFrom('image_variants').where('image_url', '=', url).execute();
  const result = await db.deleteFrom('images').where('url', '=', url).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
