// The public catalogue served from memory (services/catalogue/public-cache.ts): the same answers as without
// the cache, an admin's change seen by the very next read, and a write behind the server's back
// (another process) seen once the time limit has passed.
import {
  categoryInputSchema,
  shopItemUpdateSchema,
  tierInputSchema,
  updateSiteSettingsRequestSchema,
} from '@starport/api-client/contract';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { AppContext } from '../src/context.ts';
import { NOTICES_RESUMED, registerChangeCounter } from '../src/db/read-cache.ts';
import { createCategory } from '../src/services/admin/categories.ts';
import { updateShopItemById } from '../src/services/admin/items.ts';
import { createTier } from '../src/services/admin/tiers.ts';
import { cachedJson, clearPublicCache } from '../src/services/catalogue/public-cache.ts';
import { updateSiteSettings } from '../src/services/catalogue/site-settings.ts';
import { adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem } from './helpers/catalogue-factories.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

/** An admin change made outside any request, as the admin CLI or a job would make it. */
const ACTOR = 'cli:test';

/** What a visitor sees of the catalogue: category, item and tier names and the thank-you message. */
async function visitorView(h: Pick<TestHarness, 'app'>) {
  const names = (list: { name: string }[]) => list.map((entry) => entry.name).sort();
  return {
    categories: names((await call(h, 'GET', '/api/shop/categories')).json.categories),
    items: names((await call(h, 'GET', '/api/shop/items')).json.items),
    tiers: names((await call(h, 'GET', '/api/tiers')).json.tiers),
    thankYouMessage: (await call(h, 'GET', '/api/shop/site-settings')).json.settings.thankYouMessage as string,
  };
}

describe.each(dialects)('the public catalogue cache on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect, { env: { CATALOGUE_CACHE_MS: '200' } });
    await addCategory(h, { slug: 'ships' });
  });
  afterEach(async () => {
    await h.close();
  });

  it('answers from memory, sees an admin change at once and a direct write after the time limit', async () => {
    const { admin } = await adminAndPlayer(h);
    await addItem(h, { name: 'First Light' });
    const first = await call(h, 'GET', '/api/shop/items');
    expect(first.headers.get('content-type')).toContain('application/json');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.json.items.map((i: any) => i.name)).toEqual(['First Light']);

    // Behind the server's back, as another process would: not seen until the limit passes.
    await addItem(h, { name: 'Second Light' });
    expect((await call(h, 'GET', '/api/shop/items')).json.items).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 250));
    expect((await call(h, 'GET', '/api/shop/items')).json.items).toHaveLength(2);

    // Through the admin API: the next read has it.
    const categories = await call(h, 'GET', '/api/shop/categories');
    const created = await call(h, 'POST', '/api/admin/categories', {
      token: admin.token,
      body: { name: 'Crews', displayName: 'Crews' },
    });
    expect(created.status).toBe(201);
    const after = await call(h, 'GET', '/api/shop/categories');
    expect(after.json.categories).toHaveLength(categories.json.categories.length + 1);
    await call(h, 'GET', '/api/shop/site-settings');
    const patched = await call(h, 'PATCH', '/api/admin/site-settings', {
      token: admin.token,
      body: { thankYouMessage: 'Fly safe' },
    });
    expect(patched.status).toBe(200);
    expect((await call(h, 'GET', '/api/shop/site-settings')).json.settings.thankYouMessage).toBe('Fly safe');
  });
});

describe.each(dialects)('an admin change made by calling its service on %s', (dialect) => {
  it('is seen by the very next public read, with no request around the change', async () => {
    const h = await createHarness(dialect, { env: { CATALOGUE_CACHE_MS: '600000' } });
    onTestFinished(() => h.close());
    await addCategory(h, { slug: 'ships', name: 'Ships' });
    const item = await addItem(h, { name: 'First Light' });
    expect(await visitorView(h)).toEqual({
      categories: ['Ships'],
      items: ['First Light'],
      tiers: [],
      thankYouMessage: '',
    });

    await createCategory(h.ctx, ACTOR, categoryInputSchema.parse({ name: 'Crews', displayName: 'Crews' }));
    await updateShopItemById(h.ctx, ACTOR, item.id, shopItemUpdateSchema.parse({ name: 'Last Light' }));
    await createTier(h.ctx, ACTOR, tierInputSchema.parse({ name: 'Cadet', price: 4.99, discordRole: 'Cadet' }));
    await updateSiteSettings(h.ctx, ACTOR, updateSiteSettingsRequestSchema.parse({ thankYouMessage: 'Fly safe' }));

    expect(await visitorView(h)).toEqual({
      categories: ['Crews', 'Ships'],
      items: ['Last Light'],
      tiers: ['Cadet'],
      thankYouMessage: 'Fly safe',
    });
  });
});

if (dialects.includes('postgres')) {
  describe('the public catalogue cache of two instances on postgres', () => {
    it('forgets a change made by calling an admin service on the other instance once its notice arrives', async () => {
      const h = await createHarness('postgres', { env: { CATALOGUE_CACHE_MS: '600000' } });
      onTestFinished(() => h.close());
      const other = await h.openInstance();
      onTestFinished(() => other.close());
      await addCategory(h, { slug: 'ships', name: 'Ships' });
      expect((await visitorView(other)).categories).toEqual(['Ships']);
      await createCategory(h.ctx, ACTOR, categoryInputSchema.parse({ name: 'Crews', displayName: 'Crews' }));
      await expect.poll(async () => (await visitorView(other)).categories, { timeout: 5000 }).toContain('Crews');
    });

    it("forgets an admin's change made on the other instance once its notice arrives, long before the time limit", async () => {
      const h = await createHarness('postgres', { env: { CATALOGUE_CACHE_MS: '600000' } });
      const other = await h.openInstance();
      try {
        const { admin } = await adminAndPlayer(h);
        await addCategory(h, { slug: 'ships' });
        const names = async () =>
          (await call(other, 'GET', '/api/shop/categories')).json.categories.map((c: { name: string }) => c.name);
        expect(await names()).toEqual(['ships']);
        const created = await call(h, 'POST', '/api/admin/categories', {
          token: admin.token,
          body: { name: 'Crews', displayName: 'Crews' },
        });
        expect(created.status).toBe(201);
        await expect.poll(names, { timeout: 5000 }).toContain('Crews');
      } finally {
        await other.close();
        await h.close();
      }
    });
  });
}

describe('cachedJson', () => {
  const ctx = () =>
    ({
      config: { catalogueCacheMs: 60_000, catalogueCacheBounds: { maxEntries: 100, maxBytes: 1_000_000 } },
    }) as AppContext;

  it('lets callers that miss at the same moment share one read', async () => {
    const c = ctx();
    let reads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const compute = async () => {
      reads += 1;
      await gate;
      return { n: reads };
    };
    const answers = Array.from({ length: 20 }, () => cachedJson(c, 'items', compute));
    release();
    expect(new Set(await Promise.all(answers))).toEqual(new Set(['{"n":1}']));
    expect(await cachedJson(c, 'items', compute)).toBe('{"n":1}');
    expect(reads).toBe(1);
  });

  it('does not keep a read begun before a clear, nor share it with callers after the clear', async () => {
    const c = ctx();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = cachedJson(c, 'items', async () => {
      await gate;
      return 'before the change';
    });
    clearPublicCache(c);
    const after = cachedJson(c, 'items', async () => 'after the change');
    release();
    expect(await before).toBe('"before the change"');
    expect(await after).toBe('"after the change"');
    expect(await cachedJson(c, 'items', async () => 'not read again')).toBe('"after the change"');
  });

  it('keeps nothing while changes announced by other instances cannot arrive, and forgets all once they can again', async () => {
    const db = {} as AppContext['db'];
    let hearing = false;
    let forget: (tag: string) => void = () => {};
    registerChangeCounter(db, {
      current: () => 0,
      subscribe: (subscriber) => {
        forget = subscriber;
      },
      hearing: () => hearing,
    });
    const c = { ...ctx(), db } as AppContext;
    let reads = 0;
    const compute = async () => ({ n: ++reads });
    expect(await cachedJson(c, 'items', compute)).toBe('{"n":1}');
    expect(await cachedJson(c, 'items', compute)).toBe('{"n":2}');
    hearing = true;
    expect(await cachedJson(c, 'items', compute)).toBe('{"n":3}');
    expect(await cachedJson(c, 'items', compute)).toBe('{"n":3}');
    // The listening connection came back: a notice sent while it was down may have been lost.
    forget(NOTICES_RESUMED);
    expect(await cachedJson(c, 'items', compute)).toBe('{"n":4}');
  });
});
