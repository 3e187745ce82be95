// Serves /images/* from the image store: a library picture at its own URL, or one of its narrower
// copies with `?w=<width>` (services/catalogue/image-variants.ts). An address that names the picture's
// content (`?v=<hash>`, as the catalogue's answers give them) is cached for a year; any other for an
// hour, since the picture behind a plain URL could in principle change (see server/README.md).
import { type Context, Hono } from 'hono';
import type { ImageStore } from '../adapters/image-store.ts';
import { parseLibraryUrl } from '../adapters/image-store.ts';
import { matchesIfNoneMatch } from '../lib/site-files.ts';
import type { AppEnv } from '../middleware/types.ts';
import {
  contentTokenOf,
  headImageVariant,
  readImageVariant,
  variantForWidth,
} from '../services/catalogue/image-variants.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC_FILE_CACHE = 'public, max-age=3600';

const notFoundText = (c: Context) => c.text('Not found', 404);

/**
 * The image library at its library URLs only (`/images/uploads/<name>`, `/images/seed/<name>`),
 * from whichever store this start chose. The raw path is judged, before any decoding, so `..` and
 * encoded slashes never name a picture. Revalidation (ETag, 304) costs no read of the bytes.
 */
export function imageRoutes(store: ImageStore) {
  return new Hono<AppEnv>().get('*', async (c) => {
    // As the client sent it, before any decoding.
    const urlPath = new URL(c.req.url).pathname;
    if (!parseLibraryUrl(urlPath)) return notFoundText(c);
    const variant = variantForWidth(c.req.query('w'));
    if (!variant) return notFoundText(c);
    const named = c.req.query('v');
    const ifNoneMatch = c.req.header('If-None-Match');
    const wantsBytes = c.req.method !== 'HEAD';
    // A plain GET reads once; a revalidation or a HEAD looks at the head first, so a 304 reads no bytes.
    const plainGet = wantsBytes && !ifNoneMatch;
    const whole = plainGet ? await readImageVariant(store, urlPath, variant) : null;
    const image = plainGet ? whole : await headImageVariant(store, urlPath, variant);
    if (!image) return notFoundText(c);
    // Immutable only while the address names what it serves: a stale hash gets today's picture, briefly cached.
    const cacheControl =
      named !== undefined && named === contentTokenOf(image.sourceEtag) ? IMMUTABLE : PUBLIC_FILE_CACHE;
    const headers: Record<string, string> = { ETag: image.etag, 'Cache-Control': cacheControl };
    if (matchesIfNoneMatch(ifNoneMatch, image.etag)) return new Response(null, { status: 304, headers });
    if (!wantsBytes) {
      return new Response(null, {
        headers: { ...headers, 'Content-Type': image.contentType, 'Content-Length': String(image.size) },
      });
    }
    const found = whole ?? (await readImageVariant(store, urlPath, variant));
    if (!found) return notFoundText(c);
    return new Response(found.bytes, {
      headers: {
        ETag: found.etag,
        'Cache-Control': cacheControl,
        'Content-Type': found.contentType,
        'Content-Length': String(found.bytes.length),
      },
    });
  });
}
