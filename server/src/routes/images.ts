// Serves /images/* from the image store (moved from site.ts as it was).
import { type Context, Hono } from 'hono';
import type { ImageStore } from '../adapters/image-store.ts';
import { parseLibraryUrl } from '../adapters/image-store.ts';
import type { AppEnv } from '../middleware/types.ts';

const PUBLIC_FILE_CACHE = 'public, max-age=3600';

const notFoundText = (c: Context) => c.text('Not found', 404);

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks of it), or is `*`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const plain = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || plain(tag) === etag);
}

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
    const ifNoneMatch = c.req.header('If-None-Match');
    const wantsBytes = c.req.method !== 'HEAD';
    // A plain GET reads once; a revalidation or a HEAD looks at the head first, so a 304 reads no bytes.
    const plainGet = wantsBytes && !ifNoneMatch;
    const whole = plainGet ? await store.read(urlPath) : null;
    const image = plainGet ? whole : await store.head(urlPath);
    if (!image) return notFoundText(c);
    const headers: Record<string, string> = { ETag: image.etag, 'Cache-Control': PUBLIC_FILE_CACHE };
    if (matchesIfNoneMatch(ifNoneMatch, image.etag)) return new Response(null, { status: 304, headers });
    if (!wantsBytes) {
      return new Response(null, {
        headers: { ...headers, 'Content-Type': image.contentType, 'Content-Length': String(image.size) },
      });
    }
    const found = whole ?? (await store.read(urlPath));
    if (!found) return notFoundText(c);
    return new Response(found.bytes, {
      headers: {
        ETag: found.etag,
        'Cache-Control': PUBLIC_FILE_CACHE,
        'Content-Type': found.contentType,
        'Content-Length': String(found.bytes.length),
      },
    });
  });
}
