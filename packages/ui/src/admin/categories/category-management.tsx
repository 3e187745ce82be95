// Categories (SPEC.md §2): a table of the shop's categories with Order, Name, Slug, Display Name,
// Status and Actions; an Add Category modal that also edits; delete after a confirmation.

import type { CategoryInput, ShopCategory } from '@starport/api-client/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../dialog/dialog.tsx';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { messageOr } from '../shared/errors.ts';
import { ScreenHeader, StatusBadge } from '../shared/screen-header.tsx';
import { useAdminData } from '../shared/use-admin-data.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { CategoryForm } from './category-form.tsx';

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
  const categories = useAdminData(
    () => api.admin.categories.list().then((answer) => answer.categories),
    (error) => toast.error(messageOr(error, categoryMessages.fetchFailed)),
  );
  const [editing, setEditing] = useState<ShopCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ShopCategory | null>(null);
  const [busyDeleting, setBusyDeleting] = useState(false);

  async function handleSave(input: CategoryInput): Promise<boolean> {
    const existing = editing === 'new' ? null : editing;
    try {
      if (existing) {
        await api.admin.categories.update(existing._id, input);
        toast.success(categoryMessages.updated);
      } else {
        await api.admin.categories.create(input);
        toast.success(categoryMessages.created);
      }
      setEditing(null);
      await categories.reload();
      return true;
    } catch (error) {
      toast.error(messageOr(error, categoryMessages.saveFailed));
      return false;
    }
  }

  async function handleDelete() {
    if (!deleting) return;
    setBusyDeleting(true);
    try {
      await api.admin.categories.remove(deleting._id);
      toast.success(categoryMessages.deleted);
      setDeleting(null);
      await categories.reload();
    } catch (error) {
      toast.error(messageOr(error, categoryMessages.deleteFailed));
      setDeleting(null);
    } finally {
      setBusyDeleting(false);
    }
  }

  const list = [...(categories.data ?? [])].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));

  return (
    <>
      <ScreenHeader
        title="Categories"
        action={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            + Add Category
          </button>
        }
      >
        The shop's category tabs. Inactive categories are hidden from the shop.
      </ScreenHeader>

      {categories.loading ? (
        <Loading label="Loading categories..." />
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p>No categories yet.</p>
        </div>
      ) : (
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
              {list.map((category) => (
                <tr key={category._id}>
                  <td data-label="Order" className="cell-number">
                    {category.order}
                  </td>
                  <th scope="row" data-label="Name">
                    <span>
                      {category.icon ? <span aria-hidden="true">{category.icon} </span> : null}
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
                  <td data-label="Actions">
                    <div className="table-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`Edit ${category.name}`}
                        onClick={() => setEditing(category)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-danger btn-sm"
                        aria-label={`Delete ${category.name}`}
                        onClick={() => setDeleting(category)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {editing ? (
        <CategoryForm
          category={editing === 'new' ? null : editing}
          onSave={handleSave}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete Category"
        message={<p>Are you sure you want to delete the category “{deleting?.name}”?</p>}
        confirmLabel="Delete"
        tone="danger"
        busy={busyDeleting}
        onConfirm={handleDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
