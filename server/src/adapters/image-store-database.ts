// The image store of instances sharing one PostgreSQL: every picture in the `images` table with its
// bytes in `image_variants` (migration 011), so any instance serves what another stored (see
// image-store.ts). Only the 'full' variant is written today; resized ones can join it later.
import type { Db } from '../db/database.ts';
import {
  deleteImage,
  findImageVariantBytes,
  findImageVariantHead,
  imageExists,
  insertImageIfAbsent,
  listImageUrls,
} from '../db/repositories/images.ts';
import { inTransaction } from '../db/transaction.ts';
import { toIso } from '../lib/clock.ts';
import { etagOf, type ImageStore, parseLibraryUrl } from './image-store.ts';

/** The variant served at a picture's own URL. */
const FULL = 'full';

export function createDatabaseImageStore(db: Db): ImageStore {
  return {
    list: () => listImageUrls(db),

    has: (url) => imageExists(db, url),

    async add(image) {
      const parsed = parseLibraryUrl(image.url);
      if (!parsed) throw new Error(`not a library URL: ${image.url}`);
      const createdAt = toIso(image.createdAt);
      // One transaction: no instance ever sees a picture without its bytes.
      return inTransaction(db, (trx) =>
        insertImageIfAbsent(
          trx,
          {
            url: image.url,
            folder: parsed.folder,
            created_at: createdAt,
            original_format: image.original?.format ?? null,
            original_bytes: image.original?.bytes ?? null,
            original_width: image.original?.width ?? null,
            original_height: image.original?.height ?? null,
          },
          [
            {
              variant: FULL,
              content_type: image.contentType,
              width: image.width,
              height: image.height,
              byte_size: image.bytes.length,
              bytes: image.bytes,
              etag: etagOf(image.bytes),
              created_at: createdAt,
            },
          ],
        ),
      );
    },

    async head(url) {
      const row = await findImageVariantHead(db, url, FULL);
      return row ? { contentType: row.content_type, size: Number(row.byte_size), etag: row.etag } : null;
    },

    async read(url) {
      const row = await findImageVariantBytes(db, url, FULL);
      if (!row) return null;
      return { contentType: row.content_type, size: Number(row.byte_size), etag: row.etag, bytes: row.bytes };
    },

    remove: (url) => inTransaction(db, (trx) => deleteImage(trx, url)),
  };
}
