// Shop Item Management (SPEC.md §2/§5/§8/§9): the Active and Inactive grids, the item form's rules,
// delete after a confirmation, the toasts, and the list refetched after every change.
import type { ShopItem } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmation, dialog, json, makeCategory, makeItem, makeTier, renderAdmin } from '../test/render-admin.tsx';

const categories = [
  makeCategory({ _id: 'c-credits', slug: 'credits', name: 'Credits', displayName: 'Credit Packs', order: 0 }),
  makeCategory({ _id: 'c-ships', slug: 'ships', name: 'Ships', displayName: 'Ships', order: 1 }),
  makeCategory({ _id: 'c-weapons', slug: 'weapons', name: 'Weapons', displayName: 'Weapons', order: 2 }),
];

function itemServer(initial: ShopItem[]) {
  let items = [...initial];
  return {
    'GET /api/shop/admin/items': () => json(200, { items }),
    'GET /api/admin/categories': () => json(200, { categories }),
    'GET /api/tiers/all': () => json(200, { tiers: [makeTier()] }),
    'POST /api/shop/admin/items': ({ body }: { body: unknown }) => {
      const item = makeItem({ ...(body as Partial<ShopItem>), _id: 'item-new' });
      items = [...items, item];
      return json(201, { item });
    },
    'PATCH /api/shop/admin/items/item-scout': ({ body }: { body: unknown }) => {
      items = items.map((item) => (item._id === 'item-scout' ? { ...item, ...(body as Partial<ShopItem>) } : item));
      return json(200, { item: items.find((item) => item._id === 'item-scout') });
    },
    'DELETE /api/shop/admin/items/item-scout': () => {
      const item = items.find((i) => i._id === 'item-scout');
      items = items.filter((i) => i._id !== 'item-scout');
      return json(200, { item });
    },
  };
}

function change(label: string, value: string, title = 'Create Shop Item') {
  fireEvent.change(dialog(title).getByLabelText(label), { target: { value } });
}

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: '+ Create Item' }));
  // The category select fills once the categories have arrived.
  await waitFor(() => expect(dialog('Create Shop Item').getByRole('option', { name: 'Credit Packs' })).toBeTruthy());
  return dialog('Create Shop Item');
}

describe('ShopItemManagement', () => {
  it("says 'No shop items created yet' when there are none", async () => {
    renderAdmin('/admin/shop');

    expect(await screen.findByText('No shop items created yet')).toBeTruthy();
    expect(screen.queryByText(/Active Items/)).toBeNull();
  });

  it("splits Active and Inactive items with their counts, and says 'No active shop items'", async () => {
    renderAdmin('/admin/shop', { api: itemServer([makeItem({ isActive: false })]) });

    expect(await screen.findByRole('heading', { name: 'Active Items (0)' })).toBeTruthy();
    expect(screen.getByText('No active shop items')).toBeTruthy();
    const inactive = screen.getByRole('region', { name: 'Inactive Items (1)' });
    expect(within(inactive).getByRole('article', { name: 'Nova Scout' })).toBeTruthy();
  });

  it('shows on each card its category, status, credit amount or credit price, and USD only above 0', async () => {
    renderAdmin('/admin/shop', {
      api: itemServer([
        makeItem(),
        makeItem({
          _id: 'pack',
          name: 'Credit Pack',
          category: 'credits',
          priceCredits: 0,
          priceUSD: 19.99,
          creditAmount: 2500,
          gameItems: [],
        }),
      ]),
    });

    const scout = within(await screen.findByRole('article', { name: 'Nova Scout' }));
    await waitFor(() => expect(scout.getByText('Ships')).toBeTruthy());
    expect(scout.getByText('Active')).toBeTruthy();
    expect(scout.getByText('500 credits')).toBeTruthy();
    expect(scout.queryByText('USD')).toBeNull();
    const pack = within(screen.getByRole('article', { name: 'Credit Pack' }));
    expect(pack.getByText('Credit Packs')).toBeTruthy();
    expect(pack.getByText('Grants')).toBeTruthy();
    expect(pack.getByText('2,500 credits')).toBeTruthy();
    expect(pack.getByText('$19.99')).toBeTruthy();
  });

  it('opens with the new-item defaults of SPEC.md §9', async () => {
    renderAdmin('/admin/shop', { api: itemServer([]) });
    const form = await openCreate();

    expect((form.getByLabelText('Category') as HTMLSelectElement).value).toBe('ships');
    expect((form.getByLabelText('Rarity') as HTMLSelectElement).value).toBe('common');
    expect((form.getByLabelText('Price in credits') as HTMLInputElement).value).toBe('0');
    expect((form.getByLabelText('Price in USD') as HTMLInputElement).value).toBe('0');
    expect((form.getByLabelText('Active') as HTMLInputElement).checked).toBe(true);
    expect((form.getByLabelText('Tradeable') as HTMLInputElement).checked).toBe(true);
    expect((form.getByLabelText('Giftable') as HTMLInputElement).checked).toBe(true);
    expect((form.getByLabelText('Featured') as HTMLInputElement).checked).toBe(false);
    expect((form.getByLabelText('Tier exclusive') as HTMLSelectElement).value).toBe('');
  });

  it('hides game items for the credits category and the credit amount for any other', async () => {
    renderAdmin('/admin/shop', { api: itemServer([]) });
    const form = await openCreate();

    expect(form.getByRole('group', { name: 'Game items' })).toBeTruthy();
    expect(form.queryByLabelText('Credit amount')).toBeNull();
    change('Category', 'credits');
    expect(form.queryByRole('group', { name: 'Game items' })).toBeNull();
    expect(form.getByLabelText('Credit amount')).toBeTruthy();
    change('Category', 'weapons');
    expect(form.getByRole('group', { name: 'Game items' })).toBeTruthy();
    expect(form.queryByLabelText('Credit amount')).toBeNull();
  });

  it('creates an item: slug from the name, unreadable numbers as 0, no tier as null; toast and refetch', async () => {
    const { bodies, count } = renderAdmin('/admin/shop', { api: itemServer([]) });
    const form = await openCreate();

    change('Name', 'Void Lance');
    expect((form.getByLabelText('Slug') as HTMLInputElement).value).toBe('void-lance');
    change('Description', 'A long-range lance.');
    change('Category', 'weapons');
    change('Rarity', 'epic');
    change('Price in credits', '');
    change('Price in USD', '4.99');
    change('Discount (%)', '10');
    fireEvent.click(form.getByRole('button', { name: '+ Add Game Item' }));
    expect((form.getByLabelText('Quantity') as HTMLInputElement).value).toBe('1');
    change('Game item 1 name', 'Void Lance Mk I');
    change('Quantity', '2');
    fireEvent.click(form.getByRole('button', { name: 'Create Item' }));

    expect(await screen.findByText('Item created successfully!')).toBeTruthy();
    expect(bodies('POST /api/shop/admin/items')).toEqual([
      {
        name: 'Void Lance',
        slug: 'void-lance',
        description: 'A long-range lance.',
        imageUrl: null,
        category: 'weapons',
        rarity: 'epic',
        discount: 10,
        featured: false,
        priceCredits: 0,
        priceUSD: 4.99,
        creditAmount: 0,
        gameItems: [{ item_name: 'Void Lance Mk I', item_quantity: 2 }],
        tierExclusive: null,
        isActive: true,
        isTradeable: true,
        isGiftable: true,
      },
    ]);
    expect(await screen.findByRole('article', { name: 'Void Lance' })).toBeTruthy();
    expect(count('GET /api/shop/admin/items')).toBe(2);
  });

  it('sends a credit pack with its credit amount and no game items, and requires the amount', async () => {
    const { bodies } = renderAdmin('/admin/shop', { api: itemServer([]) });
    const form = await openCreate();
    change('Name', 'Credit Crate');
    change('Description', 'Lots of credits.');
    fireEvent.click(form.getByRole('button', { name: '+ Add Game Item' }));
    change('Game item 1 name', 'Leftover');
    change('Category', 'credits');
    change('Credit amount', '');
    change('Price in USD', '9.99');
    fireEvent.click(form.getByRole('button', { name: 'Create Item' }));

    expect(await form.findByText('Credit amount is required for credit packs')).toBeTruthy();
    expect(bodies('POST /api/shop/admin/items')).toEqual([]);

    change('Credit amount', '1200');
    fireEvent.click(form.getByRole('button', { name: 'Create Item' }));
    expect(await screen.findByText('Item created successfully!')).toBeTruthy();
    expect(bodies('POST /api/shop/admin/items')).toMatchObject([
      { category: 'credits', creditAmount: 1200, gameItems: [], priceUSD: 9.99 },
    ]);
  });

  it('checks the form before sending: required fields, discount 0 to 100, named game items of quantity 1+', async () => {
    const { count } = renderAdmin('/admin/shop', { api: itemServer([]) });
    const form = await openCreate();
    change('Discount (%)', '150');
    change('Price in credits', '-5');
    fireEvent.click(form.getByRole('button', { name: '+ Add Game Item' }));
    change('Quantity', '0');
    fireEvent.click(form.getByRole('button', { name: 'Create Item' }));

    expect(await form.findByText('Name is required')).toBeTruthy();
    expect(form.getByText('Slug is required')).toBeTruthy();
    expect(form.getByText('Description is required')).toBeTruthy();
    expect(form.getByText('Discount must be a whole number from 0 to 100')).toBeTruthy();
    expect(form.getByText('Credit price must be a whole number of at least 0')).toBeTruthy();
    expect(form.getByText('Each game item needs a name')).toBeTruthy();
    expect(form.getByText('Each game item needs a quantity of at least 1')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText('Name'));
    expect(count('POST /api/shop/admin/items')).toBe(0);
  });

  it('offers the tiers as Tier exclusive and sends the chosen id', async () => {
    const { bodies } = renderAdmin('/admin/shop', { api: itemServer([makeItem()]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Nova Scout' }));
    const form = dialog('Edit Shop Item');
    await waitFor(() => expect(form.getByRole('option', { name: 'Captain' })).toBeTruthy());
    change('Tier exclusive', 'tier-captain', 'Edit Shop Item');
    fireEvent.click(form.getByRole('button', { name: 'Update Item' }));

    expect(await screen.findByText('Item updated successfully!')).toBeTruthy();
    expect(bodies('PATCH /api/shop/admin/items/item-scout')).toMatchObject([
      { tierExclusive: 'tier-captain', slug: 'nova-scout' },
    ]);
  });

  it("shows 'Error saving item: ...' with the server's message", async () => {
    renderAdmin('/admin/shop', {
      api: {
        ...itemServer([]),
        'POST /api/shop/admin/items': () => json(409, { error: { message: 'An item with this slug already exists' } }),
      },
    });
    const form = await openCreate();
    change('Name', 'Nova Scout');
    change('Description', 'Again.');
    fireEvent.click(form.getByRole('button', { name: 'Create Item' }));

    expect(await screen.findByText('Error saving item: An item with this slug already exists')).toBeTruthy();
  });

  it('asks before deleting an item, then deletes it, toasts and refetches', async () => {
    const { count } = renderAdmin('/admin/shop', { api: itemServer([makeItem()]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Nova Scout' }));
    expect(count('DELETE /api/shop/admin/items/item-scout')).toBe(0);
    fireEvent.click(confirmation('Delete Shop Item').getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Item deleted successfully!')).toBeTruthy();
    expect(await screen.findByText('No shop items created yet')).toBeTruthy();
    expect(count('DELETE /api/shop/admin/items/item-scout')).toBe(1);
  });

  it("shows 'Error deleting item: ...' when the server refuses", async () => {
    renderAdmin('/admin/shop', {
      api: {
        ...itemServer([makeItem()]),
        'DELETE /api/shop/admin/items/item-scout': () => json(404, { error: { message: 'Item not found' } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Nova Scout' }));
    fireEvent.click(confirmation('Delete Shop Item').getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Error deleting item: Item not found')).toBeTruthy();
  });

  it('fails to load the items silently (SPEC.md §8)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderAdmin('/admin/shop', { api: { 'GET /api/shop/admin/items': () => json(500, {}) } });

      expect(await screen.findByText('No shop items created yet')).toBeTruthy();
      expect(consoleError).toHaveBeenCalled();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      consoleError.mockRestore();
    }
  });
});
