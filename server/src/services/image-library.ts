// The image library of shop pictures (SPEC.md §2 "Image picker"): files under DATA_DIR/images,
// served at /images/…. Uploads go to uploads/ with names the server makes; the seeded pictures
// live in seed/. Only a URL of this library can be deleted, and deleting one takes it off every
// item that showed it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { adminMessages } from '@starport/api-client/contract';
import { ImageRejected, processUploadedImage } from '../adapters/images.ts';
import type { AppContext } from '../context.ts';
import { clearShopItemImage } from '../db/repositories/catalogue.ts';
import { invalid, notFound } from '../errors.ts';
import { toIso } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { adminTransaction } from './audit.ts';

export const IMAGE_URL_PREFIX = '/images/';
const UPLOADS = 'uploads';
const LIBRARY_FOLDERS = [UPLOADS, 'seed'] as const;
/** One folder, one plain file name: anything else (`..`, `%2f`, a second slash) is not ours. */
const LIBRARY_URL = /^\/images\/(uploads|seed)\/([A-Za-z0-9_-]{1,100}\.(?:webp|png|jpe?g|gif))$/;

const imagesRoot = (ctx: AppContext) => path.join(ctx.config.dataDir, 'images');

/** Every picture in the library, newest first. */
export async function listLibraryImages(ctx: AppContext): Promise<string[]> {
  const found: { url: string; mtime: number }[] = [];
  for (const folder of LIBRARY_FOLDERS) {
    const dir = path.join(imagesRoot(ctx), folder);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const url = `${IMAGE_URL_PREFIX}${folder}/${name}`;
      if (!LIBRARY_URL.test(url)) continue;
      const stat = await fs.stat(path.join(dir, name));
      if (stat.isFile()) found.push({ url, mtime: stat.mtimeMs });
    }
  }
  return found.sort((a, b) => b.mtime - a.mtime || a.url.localeCompare(b.url)).map((image) => image.url);
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
  const dir = path.join(imagesRoot(ctx), UPLOADS);
  await fs.mkdir(dir, { recursive: true });
  const fileName = `${newId()}.${processed.extension}`;
  // Written under a temporary name and renamed, so the library never lists half a file.
  const temporary = path.join(dir, `.${fileName}.part`);
  await fs.writeFile(temporary, processed.data, { flag: 'wx' });
  await fs.rename(temporary, path.join(dir, fileName));
  const imageUrl = `${IMAGE_URL_PREFIX}${UPLOADS}/${fileName}`;
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
  const match = LIBRARY_URL.exec(imageUrl);
  if (!match) throw invalid(adminMessages.imageNotInLibrary);
  const [, folder, name] = match as unknown as [string, string, string];
  const file = path.join(imagesRoot(ctx), folder, name);
  try {
    await fs.access(file);
  } catch {
    throw notFound(adminMessages.imageNotFound);
  }
  const clearedItems = await adminTransaction(ctx, adminId, async (trx, audit) => {
    const cleared = await clearShopItemImage(trx, imageUrl, toIso(ctx.clock()));
    await audit({ action: 'image.delete', targetType: 'image', targetId: imageUrl, before: { imageUrl, cleared } });
    return cleared;
  });
  await fs.rm(file, { force: true });
  return { imageUrl, clearedItems };
}
