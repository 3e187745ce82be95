// Categories (SPEC.md §2/§5/§8): the table, the Add Category modal (also editing), delete after a
// confirmation, toasts and refetches.
import type { ShopCategory } from '@starport/api-client/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseRowAction, confirmation, dialog, json, makeCategory, renderAdmin } from '../test/render-admin.tsx';

function categoryServer(initial: ShopCategory[]) {
  let categories = [...initial];
  return {
    'GET /api/admin/categories': () => json(200, { categories }),
    'POST /api/admin/categories': ({ body }: { body: unknown }) => {
      const input = body as Partial<ShopCategory>;
      const category = makeCategory({ ...input, _id: 'c-new', order: input.order ?? categories.length });
      categories = [...categories, category];
      return json(201, { category });
    },
    'PATCH /api/admin/categories/category-ships': ({ body }: { body: unknown }) => {
      categories = categories.map((c) =>
        c._id === 'category-ships' ? { ...c, ...(body as Partial<ShopCategory>) } : c,
      );
      return json(200, { category: categories.find((c) => c._id === 'category-ships') });
    },
    'DELETE /api/admin/categories/category-ships': () => {
      const category = categories.find((c) => c._id === 'category-ships');
      categories = categories.filter((c) => c._id !== 'category-ships');
      return json(200, { category });
    },
  };
}

const ships = makeCategory();
const credits = makeCategory({
  _id: 'c-credits',
  name: 'Credits',
  slug: 'credits',
  displayName: 'Credit Packs',
  order: 0,
  isActive: false,
});

function rows() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
}

function change(label: string, value: string, title = 'Add Category') {
  fireEvent.change(dialog(title).getByLabelText(label), { target: { value } });
}

describe('CategoryManagement', () => {
  it('shows Order, Name, Slug, Display Name, Status and Actions, in order', async () => {
    renderAdmin('/admin/categories', { api: categoryServer([ships, credits]) });

    await screen.findByText('Credit Packs');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order',
      'Name',
      'Slug',
      'Display Name',
      'Status',
      'Actions',
    ]);
    expect(rows()).toEqual([
      ['0', 'Credits', 'credits', 'Credit Packs', 'Inactive', 'Actions'],
      ['1', 'Ships', 'ships', 'Ships', 'Active', 'Actions'],
    ]);
  });

  it('adds a category with the slug from the name and the order left to the server; toast and refetch', async () => {
    const { bodies, count } = renderAdmin('/admin/categories', { api: categoryServer([ships]) });
    fireEvent.click(await screen.findByRole('button', { name: '+ Add Category' }));

    change('Name', 'Power Ups');
    expect((dialog('Add Category').getByLabelText('Slug') as HTMLInputElement).value).toBe('power-ups');
    change('Display name', 'Power-Ups');
    fireEvent.click(dialog('Add Category').getByRole('button', { name: 'Add Category' }));

    expect(await screen.findByText('Category created successfully')).toBeTruthy();
    expect(bodies('POST /api/admin/categories')).toEqual([
      { name: 'Power Ups', slug: 'power-ups', displayName: 'Power-Ups', description: '', icon: '', isActive: true },
    ]);
    expect(await screen.findByText('Power-Ups')).toBeTruthy();
    expect(count('GET /api/admin/categories')).toBe(2);
  });

  it("requires name and display name: 'Name and display name are required'", async () => {
    const { count } = renderAdmin('/admin/categories', { api: categoryServer([]) });
    fireEvent.click(await screen.findByRole('button', { name: '+ Add Category' }));
    fireEvent.click(dialog('Add Category').getByRole('button', { name: 'Add Category' }));

    expect(await dialog('Add Category').findAllByText('Name and display name are required')).toHaveLength(2);
    expect(count('POST /api/admin/categories')).toBe(0);
  });

  it("shows the contract's own messages before sending: a slug typed by hand, an order out of range", async () => {
    const { count } = renderAdmin('/admin/categories', { api: categoryServer([]) });
    fireEvent.click(await screen.findByRole('button', { name: '+ Add Category' }));
    change('Name', 'Power Ups');
    change('Slug', 'Power Ups!');
    change('Display name', 'Power-Ups');
    change('Order', '-1');
    fireEvent.click(dialog('Add Category').getByRole('button', { name: 'Add Category' }));

    const form = dialog('Add Category');
    expect(await form.findByText('Slug may only contain lowercase letters, numbers and hyphens')).toBeTruthy();
    expect(form.getByText('Order must be from 0 to 1,000,000,000,000')).toBeTruthy();
    expect(form.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(form.getByLabelText('Slug'));
    expect(count('POST /api/admin/categories')).toBe(0);
  });

  it('edits a category in the same modal', async () => {
    const { bodies } = renderAdmin('/admin/categories', { api: categoryServer([ships]) });
    await chooseRowAction('Ships', 'Edit Ships');

    change('Display name', 'Starships', 'Edit Category');
    change('Order', '5', 'Edit Category');
    fireEvent.click(dialog('Edit Category').getByRole('button', { name: 'Update Category' }));

    expect(await screen.findByText('Category updated successfully')).toBeTruthy();
    expect(bodies('PATCH /api/admin/categories/category-ships')).toMatchObject([
      { displayName: 'Starships', order: 5, slug: 'ships' },
    ]);
    expect(await screen.findByText('Starships')).toBeTruthy();
  });

  it('asks before deleting, then deletes, toasts and refetches', async () => {
    const { count } = renderAdmin('/admin/categories', { api: categoryServer([ships]) });
    await chooseRowAction('Ships', 'Delete Ships');
    expect(count('DELETE /api/admin/categories/category-ships')).toBe(0);
    fireEvent.click(confirmation('Delete Category').getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Category deleted successfully')).toBeTruthy();
    expect(await screen.findByText('No categories yet.')).toBeTruthy();
  });

  it("says 'Failed to fetch categories', 'Failed to save category' and 'Failed to delete category'", async () => {
    renderAdmin('/admin/categories', {
      api: {
        'GET /api/admin/categories': () => json(500, {}),
        'POST /api/admin/categories': () => json(500, {}),
      },
    });
    expect(await screen.findByText('Failed to fetch categories')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '+ Add Category' }));
    change('Name', 'Boosts');
    change('Display name', 'Boosts');
    fireEvent.click(dialog('Add Category').getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Failed to save category')).toBeTruthy();
  });

  it("shows the server's reason a category cannot be deleted, else 'Failed to delete category'", async () => {
    let answer = json(409, { error: { message: '3 items use this category; move them to another category first' } });
    renderAdmin('/admin/categories', {
      api: { ...categoryServer([ships]), 'DELETE /api/admin/categories/category-ships': () => answer },
    });
    await chooseRowAction('Ships', 'Delete Ships');
    fireEvent.click(confirmation('Delete Category').getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('3 items use this category; move them to another category first')).toBeTruthy();

    answer = json(500, {});
    await chooseRowAction('Ships', 'Delete Ships');
    fireEvent.click(confirmation('Delete Category').getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete category')).toBeTruthy();
  });
});
