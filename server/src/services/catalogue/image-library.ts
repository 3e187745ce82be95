// The image library of shop pictures (SPEC.md §2 "Image picker"), kept by the image store chosen
// at start (ctx.images: disk or database) and served at /images/…. Uploads go to uploads/ with names
// the server makes; the seeded pictures live in seed/. Only a URL of this library can be deleted,
// and deleting one takes it off every item that showed it.
import { adminMessages } from '@starport/api-client/contract';
import { libraryUrl, parseLibraryUrl } from '../../adapters/image-store.ts';
import { ImageRejected, processUploadedImage } from '../../adapters/images.ts';
import type { AppContext } from '../../context.ts';
import { clearShopItemImage } from '../../db/repositories/catalogue.ts';
import { invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { adminTransaction } from '../admin/audit.ts';
import { makeImageVariants } from './image-variants.ts';

/** Every picture in the library, newest first. */
export function listLibraryImages(ctx: AppContext): Promise<string[]> {
  return ctx.images.list();
}

/** Stores an upload after sharp has judged and re-encoded it. Returns its URL. */
export async function storeUploadedImage(ctx: AppContext, adminId: string, bytes: Uint8Array): Promise<string> {
  let processed: Awaited<ReturnType<typeof processUploadedImage>>;
  try {
    processed = await processUploadedImage(bytes);
  } catch (error) {
    if (error instanceof ImageRejected) throw invalid(adminMessages.imageRequired);
    throw error;
  }
  const imageUrl = libraryUrl('uploads', `${newId()}.${processed.extension}`);
  await ctx.images.add({
    url: imageUrl,
    bytes: processed.data,
    contentType: 'image/webp',
    width: processed.width,
    height: processed.height,
    createdAt: ctx.clock(),
    original: processed.original,
  });
  // Its copies for srcset now, so the first visitor to see it waits for none.
  await makeImageVariants(ctx.images, imageUrl);
  await adminTransaction(ctx, adminId, async (_trx, audit) => {
    await audit({
      action: 'image.upload',
      targetType: 'image',
      targetId: imageUrl,
      after: { imageUrl, bytes: processed.data.length, width: processed.width, height: processed.height },
    });
  });
  return imageUrl;
}

/** Deletes a library picture and clears it from the items that showed it. */
export async function deleteLibraryImage(
  ctx: AppContext,
  adminId: string,
  imageUrl: string,
): Promise<{ imageUrl: string; clearedItems: number }> {
  if (!parseLibraryUrl(imageUrl)) throw invalid(adminMessages.imageNotInLibrary);
  if (!(await ctx.images.has(imageUrl))) throw notFound(adminMessages.imageNotFound);
  const clearedItems = await adminTransaction(ctx, adminId, async (trx, audit) => {
    const cleared = await clearShopItemImage(trx, imageUrl, toIso(ctx.clock()));
    await audit({ action: 'image.delete', targetType: 'image', targetId: imageUrl, before: { imageUrl, cleared } });
    return cleared;
  });
  // After the items let go of it: a failure here leaves an unused picture, never an item showing a 404.
  await ctx.images.remove(imageUrl);
  return { imageUrl, clearedItems };
}
