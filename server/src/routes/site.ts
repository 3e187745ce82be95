// Serves /images/* from the image store, and the built player site from memory (lib/site-files.ts).
import { type Context, Hono } from 'hono';
import type { ImageStore } from '../adapters/image-store.ts';
import { parseLibraryUrl } from '../adapters/image-store.ts';
import { answerFile, loadSiteBuild, matchesIfNoneMatch } from '../lib/site-files.ts';
import { requestHeader } from '../middleware/request-header.ts';
import type { AppEnv } from '../middleware/types.ts';

const PUBLIC_FILE_CACHE = 'public, max-age=3600';

const notFoundText = (c: Context) => c.text('Not found', 404);

const hasExtension = (urlPath: string) => /\.[^/]*$/.test(urlPath);

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

const notBuilt = `<!doctype html><html><head><meta charset="utf-8"><title>Starport</title></head>
<body><h1>Starport</h1><p>The site has not been built. Run <code>npm start</code> (or <code>npm run build</code>).</p></body></html>`;

/**
 * The built site from memory (lib/site-files.ts), each file in the form the client accepts: a file
 * by its name; any other path with an extension is a 404, never the page; every other path is a
 * page of the client-side router, its prerendered shell when the build has one, else index.html.
 */
export function siteRoutes(siteDir: string) {
  const build = loadSiteBuild(siteDir);
  const site = new Hono<AppEnv>();
  if (!build) return site.get('*', (c) => (hasExtension(c.req.path) ? notFoundText(c) : c.html(notBuilt, 503)));
  return site.get('*', (c) => {
    const urlPath = c.req.path;
    const file = hasExtension(urlPath) ? build.file(urlPath) : build.page(urlPath);
    if (!file) return notFoundText(c);
    const answer = answerFile(file, {
      acceptEncoding: requestHeader(c, 'accept-encoding'),
      ifNoneMatch: requestHeader(c, 'if-none-match'),
      range: requestHeader(c, 'range'),
      ifRange: requestHeader(c, 'if-range'),
    });
    // A header record rather than c.body(): @hono/node-server writes a plain record as it is, where
    // Hono would build a Headers object and take it apart again (the bench's GET /).
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}
