// /sitemap.xml follows the site settings (issue 23): a page whose tab an admin hid is left out, at
// once on the instance that made the change and, on PostgreSQL, on every other one once the change's
// notice arrives; and no crawler or CDN may keep an old list (no-cache).
import type { defaultSiteSettings } from '@starport/api-client/contract';
import { describe, expect, it, onTestFinished } from 'vitest';
import { adminAndPlayer } from './helpers/admin.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const PUBLIC_URL = 'https://play.starport.test';
// Long enough that only the change itself, never the time limit, can refresh what an instance keeps.
const env = { PUBLIC_URL, CATALOGUE_CACHE_MS: '600000' };

/** The addresses the sitemap lists, without PUBLIC_URL, and its caching header. */
async function sitemap(h: Pick<TestHarness, 'app'>) {
  const res = await call(h, 'GET', '/sitemap.xml');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=UTF-8');
  const pages = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] as string).replace(PUBLIC_URL, ''));
  return { pages, cacheControl: res.headers.get('cache-control') };
}

async function setTabs(h: TestHarness, token: string, visibleTabs: Partial<typeof defaultSiteSettings.visibleTabs>) {
  const res = await call(h, 'PATCH', '/api/admin/site-settings', { token, body: { visibleTabs } });
  expect(res.status).toBe(200);
}

const ALL = ['/', '/shop', '/tiers', '/login', '/register', '/leaderboard', '/updates'];

describe.each(dialects)('the sitemap on %s', (dialect) => {
  it('leaves out the pages of hidden tabs, from the next request on, and lets no one keep an old list', async () => {
    const h = await createHarness(dialect, { env });
    onTestFinished(() => h.close());
    const { admin } = await adminAndPlayer(h);
    expect(await sitemap(h)).toEqual({ pages: ALL, cacheControl: 'no-cache' });

    await setTabs(h, admin.token, { shop: false, support: false, leaderboard: false });
    expect((await sitemap(h)).pages).toEqual(['/', '/login', '/register', '/updates']);

    // Tabs with no page in the sitemap change nothing in it; showing a tab again puts its page back.
    await setTabs(h, admin.token, { support: true, dashboard: false, inventory: false, trade: false, updates: false });
    expect((await sitemap(h)).pages).toEqual(['/', '/tiers', '/login', '/register']);

    await setTabs(h, admin.token, { shop: true, leaderboard: true, updates: true });
    expect((await sitemap(h)).pages).toEqual(ALL);
  });

  it('names each published news post, newest first, with the day it was published, while the news tab shows', async () => {
    const h = await createHarness(dialect, { env });
    onTestFinished(() => h.close());
    const { admin } = await adminAndPlayer(h);
    const post = async (slug: string, status: 'published' | 'draft') => {
      const res = await call(h, 'POST', '/api/admin/updates', {
        token: admin.token,
        body: { title: `Post ${slug}`, summary: 'News', status, slug },
      });
      expect(res.status).toBe(201);
    };
    await post('first-light', 'published');
    h.clock.advance(60_000);
    await post('not-yet', 'draft');
    await post('second-wave', 'published');

    const res = await call(h, 'GET', '/sitemap.xml');
    expect((await sitemap(h)).pages).toEqual([...ALL, '/updates/second-wave', '/updates/first-light']);
    const lastmods = [...res.text.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1] as string);
    expect(lastmods).toEqual([h.clock().toISOString(), new Date(h.clock().getTime() - 60_000).toISOString()]);

    await setTabs(h, admin.token, { updates: false });
    expect((await sitemap(h)).pages).toEqual(ALL.filter((page) => page !== '/updates'));
  });
});

if (dialects.includes('postgres')) {
  it("follows an admin's change made on another instance once its notice arrives", async () => {
    const h = await createHarness('postgres', { env });
    onTestFinished(() => h.close());
    const other = await h.openInstance();
    onTestFinished(() => other.close());
    const { admin } = await adminAndPlayer(h);
    // The other instance has read the settings (and keeps them) before the change.
    expect((await sitemap(other)).pages).toEqual(ALL);

    await setTabs(h, admin.token, { shop: false });
    await expect
      .poll(async () => (await sitemap(other)).pages, { timeout: 5000 })
      .toEqual(['/', '/tiers', '/login', '/register', '/leaderboard', '/updates']);
  });
}
