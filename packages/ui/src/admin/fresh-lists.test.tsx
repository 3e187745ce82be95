// SPEC.md §4/§7: after any successful admin change the lists that show it are asked again, also those
// of the screens the admin is not looking at, so going back to one never shows what the change replaced.
import type { ShopCategory, ShopItem } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialog, json, makeCategory, makeItem, renderAdmin } from './test/render-admin.tsx';

/** A server that keeps its categories and items, and counts the active items on the Dashboard. */
function catalogueServer() {
  let categories: ShopCategory[] = [makeCategory()];
  let items: ShopItem[] = [];
  return {
    'GET /api/admin/categories': () => json(200, { categories }),
    'POST /api/admin/categories': ({ body }: { body: unknown }) => {
      const category = makeCategory({ ...(body as Partial<ShopCategory>), _id: 'c-new', order: categories.length });
      categories = [...categories, category];
      return json(201, { category });
    },
    'GET /api/shop/admin/items': () => json(200, { items }),
    'POST /api/shop/admin/items': ({ body }: { body: unknown }) => {
      const item = makeItem({ ...(body as Partial<ShopItem>), _id: 'item-new' });
      items = [...items, item];
      return json(201, { item });
    },
    'GET /api/admin/stats': () =>
      json(200, {
        stats: {
          totalUsers: 1,
          activeSubscriptions: 0,
          shopItems: items.filter((item) => item.isActive).length,
          revenue30d: 0,
        },
      }),
  };
}

function openTab(name: string) {
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name }));
}

describe('admin lists after a change on another screen', () => {
  it('offers a category created on Categories in the item form, without a reload', async () => {
    renderAdmin('/admin/shop', { api: catalogueServer() });
    await screen.findByText('No shop items created yet');

    openTab('Categories');
    fireEvent.click(await screen.findByRole('button', { name: '+ Add Category' }));
    fireEvent.change(dialog('Add Category').getByLabelText('Name'), { target: { value: 'Power Ups' } });
    fireEvent.change(dialog('Add Category').getByLabelText('Display name'), { target: { value: 'Power-Ups' } });
    fireEvent.click(dialog('Add Category').getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category created successfully')).toBeTruthy();

    openTab('Shop Items');
    fireEvent.click(await screen.findByRole('button', { name: '+ Create Item' }));
    await waitFor(() => expect(dialog('Create Shop Item').getByRole('option', { name: 'Power-Ups' })).toBeTruthy());
  });

  it('counts an item created on Shop Items on the Dashboard, without a reload', async () => {
    renderAdmin('/admin', { api: catalogueServer() });
    const shopItems = () => within(screen.getByRole('heading', { name: 'Shop Items' }).closest('li') as HTMLElement);
    expect(await shopItems().findByText('0')).toBeTruthy();

    openTab('Shop Items');
    fireEvent.click(await screen.findByRole('button', { name: '+ Create Item' }));
    const form = dialog('Create Shop Item');
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Void Lance' } });
    fireEvent.change(form.getByLabelText('Description'), { target: { value: 'A long-range lance.' } });
    fireEvent.click(form.getByRole('button', { name: 'Create Item' }));
    expect(await screen.findByText('Item created successfully!')).toBeTruthy();

    openTab('Dashboard');
    expect(await shopItems().findByText('1')).toBeTruthy();
  });
});
