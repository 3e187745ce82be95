// A list's first picture fetched as soon as the list's data has come (the inventory's first page),
// before the page has drawn it. Kept out of item-image.tsx: only a page that preloads pays for it.
import type { ApiClient } from '@starport/api-client/client';
import type { ItemImage as SizedImage } from '@starport/api-client/contract';
import { pictureSources } from './item-image.tsx';

const preloaded = new Set<string>();

/**
 * Starts fetching a list's first picture as soon as the list's data has come, before the page has
 * drawn it: a preload with the same srcset and sizes as its ItemImage (which then finds it fetched
 * or on its way), at the priority of a 'first' picture. A phone's render of the list no longer stands
 * between the answer and the picture, the page's largest paint.
 */
export function preloadFirstPicture(
  api: ApiClient,
  item: { imageUrl: string | null; image?: SizedImage } | undefined,
  sizes: string,
) {
  if (!item || typeof document === 'undefined') return;
  const { src, srcSet } = pictureSources(api, item.imageUrl, item.image);
  if (!src || preloaded.has(src)) return;
  preloaded.add(src);
  const link = document.createElement('link');
  // With a srcset, no href: a browser that cannot choose from the srcset preloads nothing rather
  // than the full-size picture its <img> would not use.
  const attributes: Record<string, string> = srcSet
    ? { rel: 'preload', as: 'image', imagesrcset: srcSet, imagesizes: sizes, fetchpriority: 'high' }
    : { rel: 'preload', as: 'image', href: src, fetchpriority: 'high' };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}
