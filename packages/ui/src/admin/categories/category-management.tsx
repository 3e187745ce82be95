// Categories (SPEC.md §2): a table of the shop's categories with Order, Name, Slug, Display Name,
// Status and Actions; an Add Category modal that also edits; delete after a confirmation.

import type { CategoryInput, ShopCategory } from '@starport/api-client/contract';
import { EmojiIcon } from '../../emoji/emoji-icon.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { type Column, DataTable } from '../shared/data-table.tsx';
import { messageOr } from '../shared/errors.ts';
import { ResourceScreen } from '../shared/resource-screen.tsx';
import { editAndDelete } from '../shared/row-actions.ts';
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

const categoryColumns: Column<ShopCategory>[] = [
  { header: 'Order', className: 'cell-number', cell: (category) => category.order },
  {
    header: 'Name',
    rowHeader: true,
    cell: (category) => (
      <>
        {category.icon ? <EmojiIcon emoji={category.icon} size={18} className="category-name-icon" /> : null}
        {category.name}
      </>
    ),
  },
  { header: 'Slug', cell: (category) => <code className="slug">{category.slug}</code> },
  { header: 'Display Name', cell: (category) => category.displayName },
  { header: 'Status', cell: (category) => <StatusBadge active={category.isActive} /> },
];

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
        <DataTable
          label="Categories"
          className="category-table"
          columns={categoryColumns}
          rows={sortByOrder(list)}
          rowKey={(category) => category._id}
          rowName={(category) => category.name}
          actions={(category) =>
            editAndDelete(
              category.name,
              () => edit(category),
              () => remove(category),
            )
          }
        />
      )}
    </ResourceScreen>
  );
}
