// /robots.txt and /sitemap.xml for search engines: the public pages may be indexed, the signed-in,
// admin and API addresses not. Served by the server rather than built with the site, because both
// name the site's absolute address, PUBLIC_URL, which only the running server knows. The sitemap
// also follows the site settings: a page whose tab an admin hid (issue 23) is left out of it; it
// names the newest published news posts too, with the day each was published.
import { isPathVisible, type TabVisibility } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { PAGE_CACHE, SITE_FILE_CACHE } from '../lib/site-files.ts';
import type { AppEnv } from '../middleware/types.ts';
import { perPublicUrl } from '../openapi/document.ts';
import { publicVisibleTabs } from '../services/catalogue/site-settings.ts';
import { listSitemapPosts } from '../services/community/updates.ts';

/**
 * The pages anyone can open, as apps/site/src/routes.tsx names them (/trade is a placeholder). Which
 * tab hides each is the contract's rule (contract/tab-paths.ts: /shop the shop, /tiers support,
 * /leaderboard the leaderboard).
 */
export const PUBLIC_PAGES = ['/', '/shop', '/tiers', '/login', '/register', '/leaderboard', '/updates'] as const;

/** The newest published news posts the sitemap names, each at its own address (a sitemap holds up to 50,000). */
export const SITEMAP_POSTS = 1000;

/**
 * Addresses not for crawlers: the admin area, the API, and the pages that only make sense in the
 * middle of a payment or a Discord link. The dashboard and inventory stay crawlable: without a
 * session a crawler gets their shell and the sign-in page, nothing of a player, and blocking them
 * costs the pages Lighthouse's "is-crawlable" (SEO 63 instead of 100). They are not in the sitemap.
 */
export const PRIVATE_PREFIXES = ['/admin', '/api', '/checkout', '/billing', '/discord'] as const;

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );

export const robotsTxt = perPublicUrl((publicUrl) =>
  [
    'User-agent: *',
    // The longest matching rule wins (RFC 9309): everything but the private prefixes.
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n'),
);

/** A published post as the sitemap names it: its address, and when it was published. */
export interface SitemapPost {
  slug: string;
  publishedAt: string;
}

/** The sitemap of the public pages whose tab shows, then the news posts (while the news tab shows). */
export function sitemapXml(publicUrl: string, visibleTabs: TabVisibility, posts: readonly SitemapPost[] = []): string {
  const url = (page: string, lastmod?: string) =>
    `  <url><loc>${xmlEscape(`${publicUrl}${page}`)}</loc>${lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ''}</url>`;
  const postPages = posts.map((post) => ({
    page: `/updates/${encodeURIComponent(post.slug)}`,
    lastmod: post.publishedAt,
  }));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.filter((page) => isPathVisible(page, visibleTabs)).map((page) => url(page)),
    ...postPages.filter(({ page }) => isPathVisible(page, visibleTabs)).map(({ page, lastmod }) => url(page, lastmod)),
    '</urlset>',
    '',
  ].join('\n');
}

export const crawlerRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) =>
    c.body(robotsTxt(c.get('ctx').config.publicUrl), 200, {
      'Content-Type': 'text/plain; charset=UTF-8',
      'Cache-Control': SITE_FILE_CACHE,
    }),
  )
  // The tabs from the public settings cache, which an admin's change empties on every instance; and
  // no-cache, as the pages have, so no crawler or CDN keeps a list from before the change.
  .get('/sitemap.xml', async (c) => {
    const ctx = c.get('ctx');
    const visibleTabs = await publicVisibleTabs(ctx);
    const posts = visibleTabs.updates ? await listSitemapPosts(ctx, SITEMAP_POSTS) : [];
    return c.body(sitemapXml(ctx.config.publicUrl, visibleTabs, posts), 200, {
      'Content-Type': 'application/xml; charset=UTF-8',
      'Cache-Control': PAGE_CACHE,
    });
  });
