// Serves the built player site, falling back to index.html.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
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

const notBuilt = `<!doctype html><html><head><meta charset="utf-8"><title>Starport</title></head>
<body><h1>Starport</h1><p>The site has not been built. Run <code>npm start</code> (or <code>npm run build</code>).</p></body></html>`;

export function siteRoutes(siteDir: string) {
  const indexFile = path.join(siteDir, 'index.html');
  // Read once: the file only changes with a new build, which means a new process.
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const site = new Hono<AppEnv>();
  if (!indexHtml) return site.get('*', (c) => c.html(notBuilt, 503));
  // A header record rather than c.html(): @hono/node-server writes a plain record as it is, where
  // Hono would build a Headers object for two headers and take it apart again (the bench's GET /).
  const page = () => new Response(indexHtml, { headers: PAGE_HEADERS });
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
