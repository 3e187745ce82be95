// Serves /images/* from the image store and the built player site, falling back to index.html.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ImageStore } from '../adapters/image-store.ts';
import { parseLibraryUrl } from '../adapters/image-store.ts';
import type { AppEnv } from '../middleware/types.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC_FILE_CACHE = 'public, max-age=3600';

/** Sets Cache-Control on a file a static handler found (whole or a range), unless it has its own. */
function cacheIfFound(res: Response | undefined, value: string): void {
  if ((res?.status === 200 || res?.status === 206) && !res.headers.has('Cache-Control')) {
    res.headers.set('Cache-Control', value);
  }
}

/** cacheIfFound on whatever the rest of the chain answered (serveStatic's onFound hook runs too late). */
function cacheFound(value: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    cacheIfFound(c.res, value);
  });
}

const notFoundText = (c: Context) => c.text('Not found', 404);

/** The page itself is always revalidated: it names the hashed assets of the current build. */
const PAGE_HEADERS = { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-cache' };

const hasExtension = (urlPath: string) => /\.[^/]*$/.test(urlPath);

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

const notBuilt = `<!doctype html><html><head><meta charset="utf-8"><title>Starport</title></head>
<body><h1>Starport</h1><p>The site has not been built. Run <code>npm start</code> (or <code>npm run build</code>).</p></body></html>`;

/** Every dist/<path>/index.html but the root's, by its path (`/shop`, `/discord/connect`), read once. */
function readPageShells(siteDir: string): Map<string, string> {
  const shells = new Map<string, string>();
  const walk = (dir: string, urlPath: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'assets') continue;
      const sub = path.join(dir, entry.name);
      const file = path.join(sub, 'index.html');
      if (fs.existsSync(file)) shells.set(`${urlPath}/${entry.name}`, fs.readFileSync(file, 'utf8'));
      walk(sub, `${urlPath}/${entry.name}`);
    }
  };
  walk(siteDir, '');
  return shells;
}

export function siteRoutes(siteDir: string) {
  const indexFile = path.join(siteDir, 'index.html');
  // Read once: the file only changes with a new build, which means a new process.
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const site = new Hono<AppEnv>();
  if (!indexHtml) return site.get('*', (c) => c.html(notBuilt, 503));
  // A header record rather than c.html(): @hono/node-server writes a plain record as it is, where
  // Hono would build a Headers object for two headers and take it apart again (the bench's GET /).
  const shells = readPageShells(siteDir);
  // A page's own prerendered shell (dist/shop/index.html for /shop), else its nearest parent's, else index.html.
  const page = (c: Context) => {
    for (let at = c.req.path.replace(/\/+$/, ''); at; at = at.slice(0, at.lastIndexOf('/'))) {
      const shell = shells.get(at);
      if (shell) return new Response(shell, { headers: PAGE_HEADERS });
    }
    return new Response(indexHtml, { headers: PAGE_HEADERS });
  };
  const staticFiles = serveStatic({ root: siteDir });
  return (
    site
      // Hashed build output: cached for a year; a missing one is a 404, never the HTML page.
      .use('/assets/*', cacheFound(IMMUTABLE))
      .use('/assets/*', staticFiles)
      .get('/assets/*', notFoundText)
      .get('/', page)
      .get('/index.html', page)
      .use('*', async (c, next) => {
        // Only a name with an extension (favicon.svg, robots.txt) can be a file of the build; a
        // client-side route (/shop, /admin/users) is the page, without looking on disk first.
        if (!hasExtension(c.req.path)) return next();
        const found = await staticFiles(c, next);
        cacheIfFound(found || undefined, PUBLIC_FILE_CACHE);
        return found;
      })
      .get('*', page)
  );
}
