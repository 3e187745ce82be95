// Serves the built player site from memory (lib/site-files.ts).
import { type Context, Hono } from 'hono';
import { answerFile, loadSiteBuild, PAGE_CACHE } from '../lib/site-files.ts';
import { sendCompressedText } from '../middleware/compression.ts';
import { requestHeader } from '../middleware/request-header.ts';
import type { AppEnv } from '../middleware/types.ts';
import { withShareMeta } from '../services/community/feed.ts';
import { findPublicUpdate } from '../services/community/updates.ts';

const notFoundText = (c: Context) => c.text('Not found', 404);

const SHARED_POST_HEADERS = { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': PAGE_CACHE };

const hasExtension = (urlPath: string) => /\.[^/]*$/.test(urlPath);

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
  // A shared news post's link shows its title, summary and cover (Open Graph), written into the page.
  site.get('/updates/:slug', async (c, next) => {
    const ctx = c.get('ctx');
    const post = await findPublicUpdate(ctx, c.req.param('slug'));
    if (!post) return next();
    const html = build.page(c.req.path).identity.body.toString('utf8');
    return sendCompressedText(c, withShareMeta(html, ctx.config.publicUrl, post), SHARED_POST_HEADERS);
  });
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
