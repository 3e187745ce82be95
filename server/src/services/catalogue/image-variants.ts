// Library pictures at the sizes the site shows them (issue #18): narrower WebP copies for srcset,
// made from the picture the first time one is asked for (or right after an upload) and kept in the
// image store beside it, so they survive restarts and, on PostgreSQL, every instance serves the copy
// any of them made. Only the widths below exist: at most that many copies per picture, and an unknown
// width is a 404, never a new file. Items name their pictures by content (`?v=<hash>`), which lets
// those addresses be cached for a year.
import type { ItemImage, ShopItem } from '@starport/api-client/contract';
import { FULL_VARIANT, type ImageStore, parseLibraryUrl, type StoredImageHead } from '../../adapters/image-store.ts';
import { resizeImage } from '../../adapters/images.ts';

/**
 * The narrower copies, in pixels. Measured in Chromium, a shop card's picture is 171 px wide on a
 * 390 px phone and 182 px on Lighthouse's 412 px one (2 columns), 187–315 px on a tablet (3) and
 * 230–254.5 px on a desktop (4); an inventory picture about 280 px on a phone, 345 px on a desktop.
 * Times the screen's pixel ratio (1 to 3) the browser then takes 192 (a 640 px tablet), 256 (a
 * desktop), 320 (Lighthouse's phone, 1.75) or 384 (a 390 px phone, 2), and beyond that the picture
 * itself (the seed pictures are 512 px wide; uploads at most 1024).
 */
export const IMAGE_VARIANT_WIDTHS = [192, 256, 320, 384] as const;

const variantOf = (width: number) => `w${width}`;

/** The variant a `?w=` asks for: the picture itself without one, null for a width we do not make. */
export function variantForWidth(width: string | undefined): string | null {
  if (width === undefined) return FULL_VARIANT;
  const known = IMAGE_VARIANT_WIDTHS.find((candidate) => String(candidate) === width);
  return known === undefined ? null : variantOf(known);
}

/** The short content hash in a picture's addresses (`?v=`), from its ETag: 96 bits of its SHA-256. */
export const contentTokenOf = (etag: string): string => etag.replace(/^"|"$/g, '').slice(0, 16);

type Stored = StoredImageHead & { bytes: Uint8Array };

/** Copies being made in this process, per store: a burst of first requests for one copy makes it once. */
const makingIn = new WeakMap<ImageStore, Map<string, Promise<Stored | null>>>();

/** Makes a copy from the picture, keeps it, and answers what is kept (another instance's, if it was first). */
function makeVariant(store: ImageStore, url: string, variant: string): Promise<Stored | null> {
  const making = makingIn.get(store) ?? new Map<string, Promise<Stored | null>>();
  makingIn.set(store, making);
  const key = `${url} ${variant}`;
  const pending = making.get(key);
  if (pending) return pending;
  const made = (async () => {
    const picture = await store.read(url);
    if (!picture) return null;
    const copy = await resizeImage(picture.bytes, Number(variant.slice(1)));
    const kept = await store.addVariant(url, variant, {
      bytes: copy.data,
      contentType: 'image/webp',
      width: copy.width,
      height: copy.height,
    });
    return kept ? store.read(url, variant) : null;
  })();
  making.set(key, made);
  return made.finally(() => making.delete(key));
}

/** A picture or one of its copies, made now if it is the first time anyone asks for it; null if not in the library. */
export async function readImageVariant(store: ImageStore, url: string, variant: string): Promise<Stored | null> {
  const found = await store.read(url, variant);
  if (found || variant === FULL_VARIANT) return found;
  return makeVariant(store, url, variant);
}

/** Its head only, when it is already kept (a revalidation reads no bytes); made otherwise. */
export async function headImageVariant(
  store: ImageStore,
  url: string,
  variant: string,
): Promise<StoredImageHead | null> {
  const found = await store.head(url, variant);
  if (found || variant === FULL_VARIANT) return found;
  return makeVariant(store, url, variant);
}

/**
 * Makes a new picture's copies straight away, so the first visitor waits for none. A failure here
 * only means they are made on first request instead.
 */
export async function makeImageVariants(store: ImageStore, url: string): Promise<void> {
  for (const width of IMAGE_VARIANT_WIDTHS) {
    await makeVariant(store, url, variantOf(width)).catch(() => null);
  }
}

/** The hashed addresses of a picture of the given content and size. */
export function itemImageOf(url: string, etag: string, width: number, height: number): ItemImage {
  const base = `${url}?v=${contentTokenOf(etag)}`;
  return {
    url: base,
    width,
    height,
    variants: [
      ...IMAGE_VARIANT_WIDTHS.filter((candidate) => candidate < width).map((candidate) => ({
        url: `${base}&w=${candidate}`,
        width: candidate,
      })),
      { url: base, width },
    ],
  };
}

/**
 * Items with `image` added where imageUrl is a library picture of known size: one look-up in the
 * store for them all (the catalogue's answers are computed once and cached; see public-cache.ts).
 */
export async function withItemImages<T extends Pick<ShopItem, 'imageUrl'> & { image?: ItemImage }>(
  store: ImageStore,
  items: T[],
): Promise<T[]> {
  const urls = items.map((item) => item.imageUrl).filter((url): url is string => !!url && !!parseLibraryUrl(url));
  if (urls.length === 0) return items;
  const described = await store.describe(urls);
  return items.map((item) => {
    const found = item.imageUrl ? described.get(item.imageUrl) : undefined;
    if (!found?.width || !found.height || !item.imageUrl) return item;
    return { ...item, image: itemImageOf(item.imageUrl, found.etag, found.width, found.height) };
  });
}
