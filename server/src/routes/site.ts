// Serves /images/* from the data folder and the built player site, falling back to index.html.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../middleware/types.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function imageRoutes(dataDir: string) {
  const root = path.join(dataDir, 'images');
  fs.mkdirSync(root, { recursive: true });
  return new Hono<AppEnv>()
    .use(
      '*',
      serveStatic({
        root,
        rewriteRequestPath: (p) => p.replace(/^\/images/, ''),
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=3600');
        },
      }),
    )
    .get('*', (c) => c.text('Not found', 404));
}

const notBuilt = `<!doctype html><html><head><meta charset="utf-8"><title>Starport</title></head>
<body><h1>Starport</h1><p>The site has not been built. Run <code>npm start</code> (or <code>npm run build</code>).</p></body></html>`;

export function siteRoutes(siteDir: string) {
  const indexFile = path.join(siteDir, 'index.html');
  // Read once: the file only changes with a new build, which means a new process.
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const site = new Hono<AppEnv>();
  if (!indexHtml) return site.get('*', (c) => c.html(notBuilt, 503));
  return site
    .use(
      '/assets/*',
      serveStatic({
        root: siteDir,
        onFound: (_path, c) => {
          c.header('Cache-Control', IMMUTABLE);
        },
      }),
    )
    .use(
      '*',
      serveStatic({
        root: siteDir,
        // index.html is answered below with its no-cache header, as for any client-side route.
        rewriteRequestPath: (p) => (p === '/' || p === '/index.html' ? '/__spa__' : p),
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=3600');
        },
      }),
    )
    .get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml);
    });
}
