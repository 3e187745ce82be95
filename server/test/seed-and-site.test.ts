// The first start's seed catalogue, its images at /images, and the built site with SPA fallback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { SEED_IMAGES_DIR } from '../src/boot.ts';
import { seedCategories, seedItems } from '../src/seed/catalogue-data.ts';
import { grantAdmin } from '../src/services/admin/administrators.ts';
import { seedCatalogueIfEmpty } from '../src/services/catalogue/seed-catalogue.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('seed and site on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('seeds the seven categories, three tiers and a dozen items once, with images served at /images', async () => {
    h = await createHarness(dialect);
    expect(await seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR)).toBe(true);
    const categories = await h.ctx.db.selectFrom('shop_categories').select(['slug', 'sort_order']).execute();
    expect(categories.map((c) => c.slug).sort()).toEqual(
      ['armor', 'bundles', 'consumables', 'cosmetics', 'credits', 'ships', 'weapons'].sort(),
    );
    const tiers = await h.ctx.db.selectFrom('tiers').selectAll().orderBy('display_order').execute();
    expect(tiers.map((t) => t.name)).toEqual(['Cadet', 'Captain', 'Admiral']);
    const items = await h.ctx.db.selectFrom('shop_items').selectAll().execute();
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i) => i.rarity))).toEqual(new Set(['common', 'uncommon', 'rare', 'epic', 'legendary']));
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(seedCategories.map((c) => c.slug)));
    const exclusive = items.find((i) => i.slug === 'nebula-hull-paint');
    expect(exclusive?.tier_exclusive_id).toBe(tiers.find((t) => t.slug === 'admiral')?.id);

    for (const item of items) {
      const res = await h.app.request(item.image_url as string);
      expect(res.status, item.image_url as string).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP');
    }

    expect(await seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR)).toBe(false);
    const again = await h.ctx.db.selectFrom('shop_items').select('id').execute();
    expect(again).toHaveLength(items.length);
  });

  it('puts the images into a new data folder even when the database was seeded before', async () => {
    h = await createHarness(dialect);
    expect(await seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR)).toBe(true);
    fs.rmSync(path.join(h.dataDir, 'images'), { recursive: true, force: true });
    expect(await seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR)).toBe(false);
    const res = await h.app.request('/images/seed/credits-500.webp');
    expect(res.status).toBe(200);
  });

  it('does not bring back a seed picture an admin deleted from the library', async () => {
    h = await createHarness(dialect);
    await seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR);
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    const imageUrl = '/images/seed/credits-500.webp';
    const res = await call(h, 'DELETE', '/api/shop/admin/images', { token: admin.token, body: { imageUrl } });
    expect(res.json).toEqual({ imageUrl, clearedItems: 1 });
    await seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR);
    expect((await h.app.request(imageUrl)).status).toBe(404);
    expect((await h.app.request('/images/seed/credits-2500.webp')).status).toBe(200);
  });

  it('seeds once when two starts race for an empty database', async () => {
    h = await createHarness(dialect);
    const results = await Promise.all([
      seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR),
      seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const items = await h.ctx.db.selectFrom('shop_items').select('id').execute();
    expect(items).toHaveLength(seedItems.length);
  });

  it('ships an image in the repository for every seeded item', () => {
    h = { close: async () => {} } as TestHarness;
    for (const item of seedItems) expect(fs.existsSync(path.join(SEED_IMAGES_DIR, item.image)), item.image).toBe(true);
  });

  it('serves the built site: index.html for client routes, cached hashed assets, 404 for missing images', async () => {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-site-'));
    fs.mkdirSync(path.join(siteDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Starport</title><div id="root"></div>');
    fs.writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(siteDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    h = await createHarness(dialect, { env: { SITE_DIR: siteDir } });
    onTestFinished(() => fs.rmSync(siteDir, { recursive: true, force: true }));

    for (const route of ['/', '/index.html', '/dashboard', '/admin/users', '/login?next=1']) {
      const res = await call(h, 'GET', route);
      expect(res.status, route).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await call(h, 'GET', '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    const favicon = await call(h, 'GET', '/favicon.svg');
    expect([favicon.status, favicon.headers.get('cache-control')]).toEqual([200, 'public, max-age=3600']);
    expect((await call(h, 'GET', '/assets/missing.js')).status).toBe(404);
    expect((await call(h, 'GET', '/images/nothing.png')).status).toBe(404);
    expect((await call(h, 'GET', '/images/..%2f..%2f..%2fetc%2fpasswd')).status).toBe(404);
    expect((await call(h, 'GET', '/images/%2e%2e/%2e%2e/etc/passwd')).text).not.toContain('root:');
    expect((await call(h, 'GET', '/api/unknown')).json).toEqual({
      error: { message: 'Not found', code: 'not_found', requestId: expect.any(String) },
    });
  });
  it("answers a page with its prerendered shell (dist/<path>/index.html), else its parent's, else fallback.html", async () => {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-site-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
      fs.writeFileSync(path.join(siteDir, file), text);
    };
    write('index.html', '<div id="root">home shell</div>');
    write('shop/index.html', '<div id="root">shop shell</div>');
    write('admin/index.html', '<div id="root">admin shell</div>');
    write('discord/connect/index.html', '<div id="root">discord shell</div>');
    write('fallback.html', '<div id="root">layout and Loading</div>');
    h = await createHarness(dialect, { env: { SITE_DIR: siteDir } });
    onTestFinished(() => fs.rmSync(siteDir, { recursive: true, force: true }));

    const shells = {
      '/': 'home shell',
      '/shop': 'shop shell',
      '/shop/': 'shop shell',
      '/shop?category=ships': 'shop shell',
      '/admin/users': 'admin shell',
      '/discord/connect': 'discord shell',
      '/discord': 'layout and Loading',
      '/tiers': 'layout and Loading',
      '/no/such/page': 'layout and Loading',
    };
    for (const [route, shell] of Object.entries(shells)) {
      const res = await call(h, 'GET', route);
      expect([res.status, res.text, res.headers.get('cache-control')], route).toEqual([
        200,
        `<div id="root">${shell}</div>`,
        'no-cache',
      ]);
    }
  });
});
