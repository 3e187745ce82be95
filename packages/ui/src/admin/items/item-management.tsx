// Shop Item Management (SPEC.md §2): Active and Inactive item grids with their counts, create and
// edit in one modal (with the image picker), delete after a confirmation. A failure to load the items
// is silent (SPEC.md §8); so are the categories and tiers the form offers.

import type { ShopItem, ShopItemInput } from '@starport/api-client/contract';
import { CREDITS_CATEGORY } from '@starport/api-client/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ConfirmDialog } from '../../dialog/dialog.tsx';
import { formatCredits, formatRarity, formatUsd } from '../../format/format.ts';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { describeError } from '../shared/errors.ts';
import { LibraryImage } from '../shared/library-image.tsx';
import { ScreenHeader, StatusBadge } from '../shared/screen-header.tsx';
import { useAdminData } from '../shared/use-admin-data.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { ItemForm } from './item-form.tsx';

export const itemMessages = {
  created: 'Item created successfully!',
  updated: 'Item updated successfully!',
  deleted: 'Item deleted successfully!',
  saveFailed: (message: string) => `Error saving item: ${message}`,
  deleteFailed: (message: string) => `Error deleting item: ${message}`,
  noActive: 'No active shop items',
  noItems: 'No shop items created yet',
} as const;

export function ShopItemManagement() {
  const api = useAdminApi();
  const toast = useToast();
  useAdminTitle('Shop Items');
  const items = useAdminData(
    () => api.admin.items.list().then((answer) => answer.items),
    (error) => console.error('Failed to load shop items', error),
  );
  const categories = useAdminData(
    () => api.admin.categories.list().then((answer) => answer.categories),
    (error) => console.error('Failed to load categories', error),
  );
  const tiers = useAdminData(
    () => api.admin.tiers.list().then((answer) => answer.tiers),
    (error) => console.error('Failed to load tiers', error),
  );
  const [editing, setEditing] = useState<ShopItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ShopItem | null>(null);
  const [busyDeleting, setBusyDeleting] = useState(false);

  async function handleSave(input: ShopItemInput): Promise<boolean> {
    const existing = editing === 'new' ? null : editing;
    try {
      if (existing) {
        await api.admin.items.update(existing._id, input);
        toast.success(itemMessages.updated);
      } else {
        await api.admin.items.create(input);
        toast.success(itemMessages.created);
      }
      setEditing(null);
      await items.reload();
      return true;
    } catch (error) {
      toast.error(itemMessages.saveFailed(describeError(error)));
      return false;
    }
  }

  async function handleDelete() {
    if (!deleting) return;
    setBusyDeleting(true);
    try {
      await api.admin.items.remove(deleting._id);
      toast.success(itemMessages.deleted);
      setDeleting(null);
      await items.reload();
    } catch (error) {
      toast.error(itemMessages.deleteFailed(describeError(error)));
      setDeleting(null);
    } finally {
      setBusyDeleting(false);
    }
  }

  const all = items.data ?? [];
  const active = all.filter((item) => item.isActive);
  const inactive = all.filter((item) => !item.isActive);
  const categoryList = [...(categories.data ?? [])].sort((a, b) => a.order - b.order);
  const categoryName = (slug: string) => categoryList.find((category) => category.slug === slug)?.displayName ?? slug;

  return (
    <>
      <ScreenHeader
        title="Shop Item Management"
        action={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            + Create Item
          </button>
        }
      >
        What the shop sells, for credits or cash. Inactive items are hidden from the shop.
      </ScreenHeader>

      {items.loading ? (
        <Loading label="Loading shop items..." />
      ) : all.length === 0 ? (
        <div className="empty-state">
          <p>{itemMessages.noItems}</p>
        </div>
      ) : (
        <>
          <ItemSection title={`Active Items (${active.length})`} id="active-items">
            {active.length === 0 ? (
              <div className="empty-state">
                <p>{itemMessages.noActive}</p>
              </div>
            ) : (
              <ItemGrid items={active} categoryName={categoryName} onEdit={setEditing} onDelete={setDeleting} />
            )}
          </ItemSection>
          <ItemSection title={`Inactive Items (${inactive.length})`} id="inactive-items">
            {inactive.length === 0 ? (
              <p className="text-muted">Every item is on sale.</p>
            ) : (
              <ItemGrid items={inactive} categoryName={categoryName} onEdit={setEditing} onDelete={setDeleting} />
            )}
          </ItemSection>
        </>
      )}

      {editing ? (
        <ItemForm
          item={editing === 'new' ? null : editing}
          categories={categoryList}
          tiers={tiers.data ?? []}
          onSave={handleSave}
          onClose={() => setEditing(null)}
          onLibraryChanged={() => void items.reload()}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete Shop Item"
        message={
          <p>Are you sure you want to delete “{deleting?.name}”? Players who own it keep their inventory entries.</p>
        }
        confirmLabel="Delete"
        tone="danger"
        busy={busyDeleting}
        onConfirm={handleDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

function ItemSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h3 id={id} className="admin-section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

interface ItemGridProps {
  items: ShopItem[];
  categoryName: (slug: string) => string;
  onEdit: (item: ShopItem) => void;
  onDelete: (item: ShopItem) => void;
}

function ItemGrid({ items, categoryName, onEdit, onDelete }: ItemGridProps) {
  return (
    <ul className="admin-item-grid">
      {items.map((item) => (
        <li key={item._id}>
          <AdminItemCard item={item} categoryName={categoryName(item.category)} onEdit={onEdit} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}

function AdminItemCard({
  item,
  categoryName,
  onEdit,
  onDelete,
}: {
  item: ShopItem;
  categoryName: string;
  onEdit: (item: ShopItem) => void;
  onDelete: (item: ShopItem) => void;
}) {
  const nameId = `admin-item-${item._id}`;
  const isCreditPack = item.category === CREDITS_CATEGORY;
  return (
    <article className={`card admin-item-card rarity-${item.rarity}`} aria-labelledby={nameId}>
      <LibraryImage url={item.imageUrl} alt="" className="admin-item-image" />
      <div className="admin-item-body">
        <div className="admin-item-badges">
          <StatusBadge active={item.isActive} />
          {item.featured ? <span className="badge badge-accent">Featured</span> : null}
          {item.discount > 0 ? <span className="badge badge-warning">-{item.discount}%</span> : null}
        </div>
        <h4 id={nameId} className="admin-item-name">
          {item.name}
        </h4>
        <p className="admin-item-meta">
          <span>{categoryName}</span>
          <span className={`rarity-text rarity-${item.rarity}`}>{formatRarity(item.rarity)}</span>
        </p>
        <dl className="admin-item-prices">
          {isCreditPack ? (
            <div>
              <dt>Grants</dt>
              <dd>{formatCredits(item.creditAmount)} credits</dd>
            </div>
          ) : (
            <div>
              <dt>Credits</dt>
              <dd>{item.priceCredits > 0 ? `${formatCredits(item.priceCredits)} credits` : 'Not for credits'}</dd>
            </div>
          )}
          {item.priceUSD > 0 ? (
            <div>
              <dt>USD</dt>
              <dd>{formatUsd(item.priceUSD)}</dd>
            </div>
          ) : null}
        </dl>
        <div className="admin-item-actions">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Edit ${item.name}`}
            onClick={() => onEdit(item)}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-danger btn-sm"
            aria-label={`Delete ${item.name}`}
            onClick={() => onDelete(item)}
          >
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}
