// The public catalogue calls of SPEC.md §7: tiers, categories and items, and what never reaches them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IMAGES_DIR } from '../src/boot.ts';
import { seedCatalogueIfEmpty } from '../src/services/catalogue/seed-catalogue.ts';
import { addCategory, addItem, addTier } from './helpers/catalogue-factories.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('public catalogue on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('lists active tiers by display order with every field of SPEC.md §3', async () => {
    await addTier(h, { name: 'Admiral', slug: 'admiral', price_cents: 2499, display_order: 2 });
    await addTier(h, {
      name: 'Cadet',
      slug: 'cadet',
      price_cents: 499,
      display_order: 0,
      icon: '🚀',
      benefits: JSON.stringify(['Role on Discord', 'Badge']),
      popular: 1,
      color_from: '#111111',
      color_to: '#222222',
      discord_role: 'Cadet',
      discord_role_id: '123',
      discord_role_color: '#ABCDEF',
    });
    await addTier(h, { name: 'Hidden', slug: 'hidden', display_order: 1, is_active: 0 });

    const res = await call(h, 'GET', '/api/tiers');
    expect(res.status).toBe(200);
    expect(res.json.tiers.map((t: any) => t.name)).toEqual(['Cadet', 'Admiral']);
    expect(res.json.tiers[0]).toEqual({
      _id: expect.any(String),
      name: 'Cadet',
      slug: 'cadet',
      price: 4.99,
      icon: '🚀',
      benefits: ['Role on Discord', 'Badge'],
      popular: true,
      displayOrder: 0,
      isActive: true,
      colorGradient: { from: '#111111', to: '#222222' },
      discordRole: 'Cadet',
      discordRoleId: '123',
      discordRoleColor: '#ABCDEF',
    });
    expect(res.json.tiers[1].price).toBe(24.99);
  });

  it('lists active categories by order, never inactive ones', async () => {
    await addCategory(h, { slug: 'weapons', display_name: 'Weapons', sort_order: 2 });
    await addCategory(h, { slug: 'ships', display_name: 'Ships', sort_order: 1, description: 'Hulls', icon: '🚀' });
    await addCategory(h, { slug: 'secret', sort_order: 0, is_active: 0 });

    const res = await call(h, 'GET', '/api/shop/categories');
    expect(res.status).toBe(200);
    expect(res.json.categories.map((c: any) => c.slug)).toEqual(['ships', 'weapons']);
    expect(res.json.categories[0]).toEqual({
      _id: expect.any(String),
      name: 'ships',
      slug: 'ships',
      displayName: 'Ships',
      description: 'Hulls',
      icon: '🚀',
      order: 1,
      isActive: true,
    });
  });

  it('lists only active items outside inactive categories, filtered by category slug', async () => {
    const tier = await addTier(h);
    await addCategory(h, { slug: 'ships', sort_order: 0 });
    await addCategory(h, { slug: 'weapons', sort_order: 1 });
    await addCategory(h, { slug: 'retired', sort_order: 2, is_active: 0 });
    const corvette = await addItem(h, {
      name: 'Corvette',
      category: 'ships',
      price_credits: 300,
      price_usd_cents: 1999,
      discount: 25,
      rarity: 'rare',
      featured: 1,
      image_url: '/images/seed/ship.webp',
      game_items: JSON.stringify([{ item_name: 'ship_corvette', item_quantity: 2 }]),
      tier_exclusive_id: tier.id,
      is_tradeable: 0,
    });
    await addItem(h, { name: 'Laser', category: 'weapons' });
    await addItem(h, { name: 'Switched off', category: 'ships', is_active: 0 });
    await addItem(h, { name: 'In a retired category', category: 'retired' });
    await addItem(h, { name: 'Uncategorised', category: 'no-such-category' });

    const all = await call(h, 'GET', '/api/shop/items');
    expect(all.status).toBe(200);
    expect(all.json.items.map((i: any) => i.name)).toEqual(['Corvette', 'Laser', 'Uncategorised']);
    expect(all.json.items[0]).toEqual({
      _id: corvette.id,
      name: 'Corvette',
      slug: corvette.slug,
      description: 'A test item',
      imageUrl: '/images/seed/ship.webp',
      category: 'ships',
      rarity: 'rare',
      discount: 25,
      sale: null,
      featured: true,
      priceCredits: 300,
      priceUSD: 19.99,
      creditAmount: 0,
      gameItems: [{ item_name: 'ship_corvette', item_quantity: 2 }],
      tierExclusive: tier.id,
      isActive: true,
      isTradeable: false,
      isGiftable: true,
    });

    const ships = await call(h, 'GET', '/api/shop/items?category=ships');
    expect(ships.json.items.map((i: any) => i.name)).toEqual(['Corvette']);
    const retired = await call(h, 'GET', '/api/shop/items?category=retired');
    expect(retired.json.items).toEqual([]);
    const unknown = await call(h, 'GET', '/api/shop/items?category=nothing-here');
    expect(unknown.status).toBe(200);
    expect(unknown.json.items).toEqual([]);
  });

  it('refuses a category that is not a slug, with the envelope', async () => {
    const res = await call(h, 'GET', `/api/shop/items?category=${encodeURIComponent("ships' or 1=1")}`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Category must be a category slug');
  });

  it('serves the seeded catalogue: three tiers, seven categories, every item with a working image', async () => {
    await seedCatalogueIfEmpty(h.ctx, SEED_IMAGES_DIR);
    const tiers = await call(h, 'GET', '/api/tiers');
    expect(tiers.json.tiers.map((t: any) => `${t.name} ${t.price}`)).toEqual([
      'Cadet 4.99',
      'Captain 9.99',
      'Admiral 24.99',
    ]);
    const categories = await call(h, 'GET', '/api/shop/categories');
    expect(categories.json.categories.map((c: any) => c.slug)).toEqual([
      'credits',
      'ships',
      'weapons',
      'armor',
      'cosmetics',
      'bundles',
      'consumables',
    ]);
    const items = await call(h, 'GET', '/api/shop/items');
    expect(items.json.items.length).toBe(13);
    for (const item of items.json.items) {
      const image = await h.app.request(item.imageUrl);
      expect(image.status, item.imageUrl).toBe(200);
    }
  });
});
