// Categories (SPEC.md §2): a table of the shop's categories with Order, Name, Slug, Display Name,
// Status and Actions; an Add Category modal that also edits; delete after a confirmation.

import type { CategoryInput, ShopCategory } from '@starport/api-client/contract';
import { EmojiIcon } from '../../emoji/emoji-icon.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { messageOr } from '../shared/errors.ts';
import { ResourceScreen } from '../shared/resource-screen.tsx';
import { RowActions } from '../shared/row-actions.tsx';
import { StatusBadge } from '../shared/screen-header.tsx';
import { useAdminQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { CategoryForm } from './category-form.tsx';
import { sortByOrder } from './category-order.ts';

export const categoryMessages = {
  created: 'Category created successfully',
  updated: 'Category updated successfully',
  deleted: 'Category deleted successfully',
  fetchFailed: 'Failed to fetch categories',
  saveFailed: 'Failed to save category',
  deleteFailed: 'Failed to delete category',
} as const;

export function CategoryManagement() {
  const api = useAdminApi();
  const toast = useToast();
  useAdminTitle('Categories');
  const categories = useAdminQuery(adminQueries(api).categories(), (error) =>
    toast.error(messageOr(error, categoryMessages.fetchFailed)),
  );

  return (
    <ResourceScreen<ShopCategory, CategoryInput>
      title="Categories"
      lead="The shop's category tabs. Inactive categories are hidden from the shop."
      createLabel="+ Add Category"
      list={categories}
      loadingLabel="Loading categories..."
      empty={<p>No categories yet.</p>}
      form={({ record, ...rest }) => <CategoryForm category={record} {...rest} />}
      change="category"
      calls={api.admin.categories}
      messages={{
        ...categoryMessages,
        saveFailed: (error) => messageOr(error, categoryMessages.saveFailed),
        deleteFailed: (error) => messageOr(error, categoryMessages.deleteFailed),
      }}
      confirmDelete={{
        title: 'Delete Category',
        message: (category) => <p>Are you sure you want to delete the category “{category.name}”?</p>,
      }}
    >
      {(list, { edit, remove }) => (
        <div className="admin-table-wrap">
          <table className="admin-table category-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Name</th>
                <th scope="col">Slug</th>
                <th scope="col">Display Name</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {sortByOrder(list).map((category) => (
                <tr key={category._id}>
                  <td data-label="Order" className="cell-number">
                    {category.order}
                  </td>
                  <th scope="row" data-label="Name">
                    <span>
                      {category.icon ? (
                        <EmojiIcon emoji={category.icon} size={18} className="category-name-icon" />
                      ) : null}
                      {category.name}
                    </span>
                  </th>
                  <td data-label="Slug">
                    <code className="slug">{category.slug}</code>
                  </td>
                  <td data-label="Display Name">{category.displayName}</td>
                  <td data-label="Status">
                    <StatusBadge active={category.isActive} />
                  </td>
                  <RowActions name={category.name} onEdit={() => edit(category)} onDelete={() => remove(category)} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ResourceScreen>
  );
}
