// The image store of instances sharing one PostgreSQL: every picture in the `images` table with its
// bytes in `image_variants` (migration 011), so any instance serves what another stored (see
// image-store.ts). The picture itself is the 'full' variant; its narrower copies for srcset are
// rows beside it ('w256'...), made by whichever instance is asked first and served by all.
import type { Db } from '../db/database.ts';
import {
  deleteImage,
  describeImages,
  findImageVariantBytes,
  findImageVariantHead,
  imageExists,
  insertImageIfAbsent,
  insertImageVariantIfAbsent,
  listImageUrls,
} from '../db/repositories/images.ts';
import { inTransaction } from '../db/transaction.ts';
import { toIso } from '../lib/clock.ts';
import { etagOf, FULL_VARIANT as FULL, type ImageStore, isVariantName, parseLibraryUrl } from './image-store.ts';

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

    async describe(urls) {
      const rows = await describeImages(db, [...new Set(urls)]);
      return new Map(rows.map((row) => [row.image_url, { etag: row.etag, width: row.width, height: row.height }]));
    },

    async head(url, variant = FULL) {
      if (!isVariantName(variant)) return null;
      const row = await findImageVariantHead(db, url, variant);
      return row
        ? { contentType: row.content_type, size: Number(row.byte_size), etag: row.etag, sourceEtag: row.source_etag }
        : null;
    },

    async read(url, variant = FULL) {
      if (!isVariantName(variant)) return null;
      const row = await findImageVariantBytes(db, url, variant);
      if (!row) return null;
      return {
        contentType: row.content_type,
        size: Number(row.byte_size),
        etag: row.etag,
        sourceEtag: row.source_etag,
        bytes: row.bytes,
      };
    },

    async addVariant(url, variant, image) {
      if (variant === FULL || !isVariantName(variant)) throw new Error(`not a variant: ${variant}`);
      return inTransaction(db, (trx) =>
        insertImageVariantIfAbsent(trx, {
          image_url: url,
          variant,
          content_type: image.contentType,
          width: image.width,
          height: image.height,
          byte_size: image.bytes.length,
          bytes: image.bytes,
          etag: etagOf(image.bytes),
          created_at: toIso(new Date()),
        }),
      );
    },

    remove: (url) => inTransaction(db, (trx) => deleteImage(trx, url)),
  };
}
