// The admin catalogue calls (SPEC.md §7 "Admin"): tiers, shop items and categories with the form
// rules of SPEC.md §5, the defaults of §9, audit records, and refusals that change nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, addTier, setUserTier } from './helpers/catalogue-factories.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('admin catalogue on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player } = await adminAndPlayer(h));
  });
  afterEach(async () => {
    await h.close();
  });

  const as = (method: string, path: string, body?: unknown) => call(h, method, path, { token: admin.token, body });
  const auditActions = async () =>
    // The set-up's own grant (actor "test") is not what a test looks at.
    (
      await h.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('actor_id', '!=', 'test')
        .orderBy('created_at')
        .execute()
    ).map((a) => a.action);

  describe('tiers', () => {
    const tier = {
      name: 'Fleet Admiral!',
      price: 24.99,
      discordRole: 'Fleet Admiral',
      benefits: ['Gold name', '   ', '', ' Priority queue '],
    };

    it('creates a tier with the slug made from the name, blank benefits dropped and the §9 defaults', async () => {
      const res = await as('POST', '/api/tiers', tier);
      expect(res.status).toBe(201);
      expect(res.json.tier).toEqual({
        _id: expect.any(String),
        name: 'Fleet Admiral!',
        slug: 'fleet-admiral',
        price: 24.99,
        icon: '⭐',
        benefits: ['Gold name', 'Priority queue'],
        popular: false,
        displayOrder: 0,
        isActive: true,
        colorGradient: { from: '#3b82f6', to: '#8b5cf6' },
        discordRole: 'Fleet Admiral',
        discordRoleId: '',
        discordRoleColor: '#5865F2',
      });
      const row = await h.ctx.db.selectFrom('tiers').selectAll().executeTakeFirstOrThrow();
      expect(row.price_cents).toBe(2499);
      expect((await as('GET', '/api/tiers/all')).json.tiers).toHaveLength(1);
      expect(await auditActions()).toEqual(['tier.create']);
    });

    it('edits only what is sent, keeps the slug unique, and lists inactive tiers for admins only', async () => {
      const created = (await as('POST', '/api/tiers', tier)).json.tier;
      const edited = await as('PATCH', `/api/tiers/${created._id}`, {
        price: 19.5,
        isActive: false,
        icon: '🛡️',
        colorGradient: { from: '#000', to: '#ffffff' },
      });
      expect(edited.status).toBe(200);
      expect(edited.json.tier).toMatchObject({ name: 'Fleet Admiral!', price: 19.5, isActive: false, icon: '🛡️' });
      expect((await call(h, 'GET', '/api/tiers')).json.tiers).toEqual([]);
      expect((await as('GET', '/api/tiers/all')).json.tiers[0].isActive).toBe(false);

      const second = await as('POST', '/api/tiers', { ...tier, name: 'Cadet' });
      const clash = await as('PATCH', `/api/tiers/${second.json.tier._id}`, { slug: 'fleet-admiral' });
      expect([clash.status, clash.json.error.message]).toEqual([409, 'A tier with this slug already exists']);
      const again = await as('POST', '/api/tiers', tier);
      expect([again.status, again.json.error.message]).toEqual([409, 'A tier with this slug already exists']);
      expect((await as('GET', '/api/tiers/all')).json.tiers.map((t: any) => t.slug).sort()).toEqual([
        'cadet',
        'fleet-admiral',
      ]);
      const audit = await h.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'tier.update').execute();
      expect(JSON.parse(audit[0]?.before ?? '{}')).toMatchObject({ price: 24.99, isActive: true });
      expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({ price: 19.5, isActive: false });
      expect(audit[0]?.actor_id).toBe(admin.user._id);
    });

    it('refuses each broken rule of the tier form with its message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...tier, name: '  ' }, 'Name is required'],
        [{ ...tier, discordRole: '' }, 'Discord role name is required'],
        [{ ...tier, price: -1 }, 'Price must be a number of at least 0'],
        [{ ...tier, price: 4.999 }, 'Price must be a number of at least 0'],
        [{ ...tier, price: '5' }, 'Price must be a number of at least 0'],
        [{ ...tier, icon: '⭐⭐⭐' }, 'Icon must be at most 2 characters'],
        [{ ...tier, displayOrder: 1.5 }, 'Display order must be a whole number'],
        [{ ...tier, discordRoleColor: 'blue' }, 'Colours must look like #5865F2'],
        [{ ...tier, slug: 'Not A Slug' }, 'Slug may only contain lowercase letters, numbers and hyphens'],
        [{ ...tier, name: '⭐⭐', slug: '' }, 'Slug is required'],
      ];
      for (const [body, message] of cases) {
        const res = await as('POST', '/api/tiers', body);
        expect([res.status, res.json.error.message], JSON.stringify(body)).toEqual([400, message]);
      }
      expect((await as('GET', '/api/tiers/all')).json.tiers).toEqual([]);
      expect(await auditActions()).toEqual([]);
    });

    it('deletes a tier nobody holds, and refuses one a player holds', async () => {
      const held = await addTier(h, { name: 'Captain' });
      const free = await addTier(h, { name: 'Cadet' });
      await setUserTier(h, player.user._id, held.id);
      const refused = await as('DELETE', `/api/tiers/${held.id}`);
      expect([refused.status, refused.json.error.message]).toEqual([
        409,
        'This tier is held by 1 player; make it inactive instead',
      ]);
      const deleted = await as('DELETE', `/api/tiers/${free.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.json.tier.name).toBe('Cadet');
      expect((await as('GET', '/api/tiers/all')).json.tiers.map((t: any) => t.name)).toEqual(['Captain']);
      expect((await as('DELETE', `/api/tiers/${free.id}`)).status).toBe(404);
    });
  });

  describe('shop items', () => {
    beforeEach(async () => {
      await addCategory(h, { slug: 'ships' });
      await addCategory(h, { slug: 'credits' });
    });

    it('creates an item with the new-item defaults of SPEC.md §9', async () => {
      const res = await as('POST', '/api/shop/admin/items', {
        name: 'Star Hopper',
        description: 'Small and quick.',
        category: 'ships',
      });
      expect(res.status).toBe(201);
      expect(res.json.item).toEqual({
        _id: expect.any(String),
        name: 'Star Hopper',
        slug: 'star-hopper',
        description: 'Small and quick.',
        imageUrl: null,
        category: 'ships',
        rarity: 'common',
        discount: 0,
        featured: false,
        priceCredits: 0,
        priceUSD: 0,
        creditAmount: 0,
        gameItems: [],
        tierExclusive: null,
        isActive: true,
        isTradeable: true,
        isGiftable: true,
      });
      expect((await as('GET', '/api/shop/admin/items')).json.items).toHaveLength(1);
    });

    it('keeps game items off credit packs and the credit amount off everything else', async () => {
      const pack = await as('POST', '/api/shop/admin/items', {
        name: '900 Credits',
        description: 'A pack',
        category: 'credits',
        creditAmount: 900,
        priceUSD: 7.99,
        gameItems: [{ item_name: 'x', item_quantity: 1 }],
      });
      expect(pack.json.item).toMatchObject({ creditAmount: 900, gameItems: [], priceUSD: 7.99 });
      const ship = await as('POST', '/api/shop/admin/items', {
        name: 'Hauler',
        description: 'Cargo',
        category: 'ships',
        creditAmount: 900,
        gameItems: [{ item_name: ' ship_hauler ', item_quantity: 2 }],
      });
      expect(ship.json.item).toMatchObject({
        creditAmount: 0,
        gameItems: [{ item_name: 'ship_hauler', item_quantity: 2 }],
      });
      const noAmount = await as('POST', '/api/shop/admin/items', {
        name: 'Pack',
        description: 'd',
        category: 'credits',
      });
      expect([noAmount.status, noAmount.json.error.message]).toEqual([
        400,
        'Credit amount is required for credit packs',
      ]);
      const toPack = await as('PATCH', `/api/shop/admin/items/${ship.json.item._id}`, { category: 'credits' });
      expect([toPack.status, toPack.json.error.message]).toEqual([400, 'Credit amount is required for credit packs']);
    });

    it('refuses each broken rule of the item form, changing nothing', async () => {
      const base = { name: 'Item', description: 'Desc', category: 'ships' };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, name: '' }, 'Name is required'],
        [{ ...base, description: ' ' }, 'Description is required'],
        [{ ...base, category: '' }, 'Category is required'],
        [{ ...base, category: 'casino' }, 'Category not found'],
        [{ ...base, rarity: 'mythic' }, 'Rarity must be one of common, uncommon, rare, epic, legendary'],
        [{ ...base, discount: 101 }, 'Discount must be a whole number from 0 to 100'],
        [{ ...base, discount: -5 }, 'Discount must be a whole number from 0 to 100'],
        [{ ...base, priceCredits: 1.5 }, 'Credit price must be a whole number of at least 0'],
        [{ ...base, priceUSD: -0.01 }, 'Price must be a number of at least 0'],
        [{ ...base, gameItems: [{ item_name: ' ', item_quantity: 1 }] }, 'Each game item needs a name'],
        [
          { ...base, gameItems: [{ item_name: 'a', item_quantity: 0 }] },
          'Each game item needs a quantity of at least 1',
        ],
        [{ ...base, imageUrl: 'https://evil.example/x.png' }, 'Choose an image from the image library'],
        [{ ...base, imageUrl: '/images/../config.json' }, 'Choose an image from the image library'],
        [{ ...base, tierExclusive: 'no-such-tier' }, 'Tier not found'],
      ];
      for (const [body, message] of cases) {
        const res = await as('POST', '/api/shop/admin/items', body);
        expect([res.status, res.json.error.message], JSON.stringify(body)).toEqual([400, message]);
      }
      expect((await as('GET', '/api/shop/admin/items')).json.items).toEqual([]);
    });

    it('edits an item into the public shop and out of it, and an empty tierExclusive is null', async () => {
      const tier = await addTier(h);
      const item = await addItem(h, { name: 'Ghost', is_active: 0, tier_exclusive_id: tier.id });
      expect((await call(h, 'GET', '/api/shop/items')).json.items).toEqual([]);
      const shown = await as('PATCH', `/api/shop/admin/items/${item.id}`, {
        isActive: true,
        tierExclusive: '',
        discount: 15,
      });
      expect(shown.json.item).toMatchObject({ isActive: true, tierExclusive: null, discount: 15, name: 'Ghost' });
      expect((await call(h, 'GET', '/api/shop/items')).json.items.map((i: any) => i.name)).toEqual(['Ghost']);
      await addItem(h, { slug: 'taken' });
      const clash = await as('PATCH', `/api/shop/admin/items/${item.id}`, { slug: 'taken' });
      expect([clash.status, clash.json.error.message]).toEqual([409, 'An item with this slug already exists']);
    });

    it('deletes an item while the players who bought it keep their entry', async () => {
      const item = await addItem(h, { name: 'Relic', price_credits: 0 });
      await as('POST', '/api/admin/send-mail', {
        userId: player.user._id,
        subject: 'Hi',
        message: 'Gift',
        itemIds: [item.id],
      });
      const res = await as('DELETE', `/api/shop/admin/items/${item.id}`);
      expect(res.status).toBe(200);
      expect((await as('GET', '/api/shop/admin/items')).json.items).toEqual([]);
      const inventory = await call(h, 'GET', '/api/shop/user/inventory', { token: player.token });
      expect(inventory.json.inventory.map((e: any) => e.shopItem.name)).toEqual(['Relic']);
      expect((await as('DELETE', `/api/shop/admin/items/${item.id}`)).status).toBe(404);
    });
  });

  describe('categories', () => {
    it('creates categories with the order defaulting to the current count', async () => {
      const first = await as('POST', '/api/admin/categories', { name: 'Star Maps', displayName: 'Star Maps & Charts' });
      expect(first.status).toBe(201);
      expect(first.json.category).toEqual({
        _id: expect.any(String),
        name: 'Star Maps',
        slug: 'star-maps',
        displayName: 'Star Maps & Charts',
        description: '',
        icon: '',
        order: 0,
        isActive: true,
      });
      const second = await as('POST', '/api/admin/categories', { name: 'Crews', displayName: 'Crews', icon: '👩‍🚀' });
      expect(second.json.category.order).toBe(1);
      const listed = await as('GET', '/api/admin/categories');
      expect(listed.json.categories.map((c: any) => c.slug)).toEqual(['star-maps', 'crews']);
      const missing = await as('POST', '/api/admin/categories', { name: 'X', displayName: ' ' });
      expect([missing.status, missing.json.error.message]).toEqual([400, 'Name and display name are required']);
    });

    it('renaming a slug carries its items along; an inactive one leaves the public calls', async () => {
      const category = await addCategory(h, { slug: 'ships', name: 'Ships' });
      await addItem(h, { name: 'Hull', category: 'ships' });
      const renamed = await as('PATCH', `/api/admin/categories/${category.id}`, { slug: 'starships' });
      expect(renamed.json.category.slug).toBe('starships');
      expect((await call(h, 'GET', '/api/shop/items?category=starships')).json.items.map((i: any) => i.name)).toEqual([
        'Hull',
      ]);
      await as('PATCH', `/api/admin/categories/${category.id}`, { isActive: false });
      expect((await call(h, 'GET', '/api/shop/categories')).json.categories).toEqual([]);
      expect((await call(h, 'GET', '/api/shop/items')).json.items).toEqual([]);
    });

    it('deletes an empty category and refuses one that holds items', async () => {
      const full = await addCategory(h, { slug: 'ships' });
      const empty = await addCategory(h, { slug: 'relics' });
      await addItem(h, { category: 'ships' });
      const refused = await as('DELETE', `/api/admin/categories/${full.id}`);
      expect([refused.status, refused.json.error.message]).toEqual([
        409,
        '1 item uses this category; move it to another category first',
      ]);
      expect((await as('DELETE', `/api/admin/categories/${empty.id}`)).status).toBe(200);
      expect((await as('GET', '/api/admin/categories')).json.categories.map((c: any) => c.slug)).toEqual(['ships']);
      expect(await auditActions()).toEqual(['category.delete']);
    });
  });
});
