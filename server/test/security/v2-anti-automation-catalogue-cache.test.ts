// ASVS 5.0 V2 (anti-automation): SECURITY.md "Every cache is bounded by entries and bytes; no request input creates unbounded state" for the public catalogue cache.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { publicCacheUsage } from '../../src/services/catalogue/public-cache.ts';
import { addCategory, addItem } from '../helpers/catalogue-factories.ts';
import { call, callAll } from '../helpers/http.ts';
import { createHarness, dialects, type TestHarness } from '../helpers/test-context.ts';

/** Long enough that nothing in a test expires: what is read again comes from memory unless evicted. */
const LONG = '600000';

/** A value the category rule accepts (lower-case letters, digits, hyphens) that no item holds. */
const randomSlug = () => `x-${randomBytes(9).toString('hex')}`;

const names = (response: { json: { items: { name: string }[] } }) => response.json.items.map((item) => item.name);

/** GETs every path, a hundred at a time. */
const getAll = (h: TestHarness, paths: string[]) =>
  callAll(
    h,
    paths.map((path) => ['GET', path] as const),
  );

const statusAndBody = (answer: { status: number; text: string }) => `${answer.status} ${answer.text}`;

describe.each(dialects)('the public catalogue cache under a flood of query values on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('answers 10,000 random categories as one unknown category, adds no entry for them, and keeps the real ones', async () => {
    h = await createHarness(dialect, { env: { CATALOGUE_CACHE_MS: LONG } });
    await addCategory(h, { slug: 'ships' });
    await addItem(h, { name: 'First Light', category: 'ships' });
    const ships = await call(h, 'GET', '/api/shop/items?category=ships');
    expect(names(ships)).toEqual(['First Light']);
    const all = await call(h, 'GET', '/api/shop/items');
    const unknown = await call(h, 'GET', '/api/shop/items?category=no-such-category');
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({ items: [] });
    const before = publicCacheUsage(h.ctx);

    const flood = await getAll(
      h,
      Array.from({ length: 10_000 }, () => `/api/shop/items?category=${randomSlug()}`),
    );
    expect(new Set(flood.map(statusAndBody))).toEqual(new Set([statusAndBody(unknown)]));
    // Parameters the route does not read, and spellings it treats alike, are the same answer.
    const variants = await getAll(h, [
      ...Array.from({ length: 500 }, () => `/api/shop/items?category=ships&${randomSlug()}=${randomSlug()}`),
      '/api/shop/items?category=%20ships%20',
    ]);
    expect(new Set(variants.map(statusAndBody))).toEqual(new Set([statusAndBody(ships)]));
    const others = await getAll(
      h,
      Array.from({ length: 500 }, () => `/api/shop/items?${randomSlug()}=1`),
    );
    expect(new Set(others.map(statusAndBody))).toEqual(new Set([statusAndBody(all)]));

    const after = publicCacheUsage(h.ctx);
    expect(after.entries).toBeLessThanOrEqual(before.entries);
    expect(after.bytes).toBeLessThanOrEqual(before.bytes);

    // The real answers are still kept: a write behind the server's back is not seen yet.
    await addItem(h, { name: 'Second Light', category: 'ships' });
    expect(names(await call(h, 'GET', '/api/shop/items?category=ships'))).toEqual(['First Light']);
    expect(names(await call(h, 'GET', '/api/shop/items'))).toEqual(['First Light']);
  });

  it('keeps at most CATALOGUE_CACHE_MAX_ENTRIES answers, forgetting the least recently used', async () => {
    h = await createHarness(dialect, { env: { CATALOGUE_CACHE_MS: LONG, CATALOGUE_CACHE_MAX_ENTRIES: '3' } });
    const slugs = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
    for (const slug of slugs) {
      await addCategory(h, { slug });
      await addItem(h, { name: `${slug} one`, category: slug });
    }
    for (const slug of slugs) {
      expect(names(await call(h, 'GET', `/api/shop/items?category=${slug}`))).toEqual([`${slug} one`]);
    }
    expect(publicCacheUsage(h.ctx).entries).toBeLessThanOrEqual(3);

    for (const slug of ['alpha', 'echo']) await addItem(h, { name: `${slug} two`, category: slug });
    // The last one read is still answered from memory; the first was forgotten and is read afresh.
    expect(names(await call(h, 'GET', '/api/shop/items?category=echo'))).toEqual(['echo one']);
    expect(names(await call(h, 'GET', '/api/shop/items?category=alpha'))).toEqual(['alpha one', 'alpha two']);
    expect(publicCacheUsage(h.ctx).entries).toBeLessThanOrEqual(3);
  });

  it('keeps at most CATALOGUE_CACHE_MAX_BYTES of answers, and still answers one larger than that', async () => {
    const bound = 6000;
    h = await createHarness(dialect, {
      env: { CATALOGUE_CACHE_MS: LONG, CATALOGUE_CACHE_MAX_BYTES: String(bound) },
    });
    // Each category's answer is over half the bound, so two cannot be kept together.
    const description = 'A long description. '.repeat(200);
    for (const slug of ['alpha', 'bravo']) {
      await addCategory(h, { slug });
      await addItem(h, { name: `${slug} one`, category: slug, description });
    }
    expect(names(await call(h, 'GET', '/api/shop/items?category=alpha'))).toEqual(['alpha one']);
    expect(names(await call(h, 'GET', '/api/shop/items?category=bravo'))).toEqual(['bravo one']);
    expect(publicCacheUsage(h.ctx).bytes).toBeLessThanOrEqual(bound);

    await addItem(h, { name: 'bravo two', category: 'bravo' });
    await addItem(h, { name: 'alpha two', category: 'alpha' });
    // bravo, the last read, is still kept; alpha was evicted to make room and is read afresh.
    expect(names(await call(h, 'GET', '/api/shop/items?category=bravo'))).toEqual(['bravo one']);
    expect(names(await call(h, 'GET', '/api/shop/items?category=alpha'))).toEqual(['alpha one', 'alpha two']);
    // All items together are more than the bound: answered in full, not kept.
    const all = await call(h, 'GET', '/api/shop/items');
    expect(all.status).toBe(200);
    expect(all.json.items).toHaveLength(4);
    expect(publicCacheUsage(h.ctx).bytes).toBeLessThanOrEqual(bound);
  });
});
