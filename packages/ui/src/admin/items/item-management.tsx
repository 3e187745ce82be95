// Shop Item Management (SPEC.md §2): Active and Inactive item grids with their counts, create and
// edit in one modal (with the image picker), delete after a confirmation. A failure to load the items
// is silent (SPEC.md §8); so are the categories and tiers the form offers.

import type { ShopItem, ShopItemInput } from '@starport/api-client/contract';
import { CREDITS_CATEGORY } from '@starport/api-client/contract';
import type { ReactNode } from 'react';
import { formatCredits, formatRarity, formatUsd } from '../../format/format.ts';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { describeError } from '../shared/errors.ts';
import { LibraryImage } from '../shared/library-image.tsx';
import { ResourceScreen } from '../shared/resource-screen.tsx';
import { StatusBadge } from '../shared/screen-header.tsx';
import { logFailure, useAdminQuery } from '../shared/use-admin-query.ts';
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
  useAdminTitle('Shop Items');
  const queries = adminQueries(api);
  // SPEC.md §8: a failure to load the items is silent; so are the categories the cards name, and the
  // tiers, read here too so that the item form opens with them (it reads both from the same cache).
  const items = useAdminQuery(queries.items(), logFailure('Failed to load shop items'));
  const categories = useAdminQuery(queries.categories(), logFailure('Failed to load categories'));
  useAdminQuery(queries.tiers(), logFailure('Failed to load tiers'));
  const categoryName = (slug: string) =>
    categories.data?.find((category) => category.slug === slug)?.displayName ?? slug;

  return (
    <ResourceScreen<ShopItem, ShopItemInput>
      title="Shop Item Management"
      lead="What the shop sells, for credits or cash. Inactive items are hidden from the shop."
      createLabel="+ Create Item"
      list={items}
      loadingLabel="Loading shop items..."
      empty={<p>{itemMessages.noItems}</p>}
      form={({ record, ...rest }) => <ItemForm item={record} {...rest} />}
      change="item"
      calls={api.admin.items}
      messages={{
        ...itemMessages,
        saveFailed: (error) => itemMessages.saveFailed(describeError(error)),
        deleteFailed: (error) => itemMessages.deleteFailed(describeError(error)),
      }}
      confirmDelete={{
        title: 'Delete Shop Item',
        message: (item) => (
          <p>Are you sure you want to delete “{item.name}”? Players who own it keep their inventory entries.</p>
        ),
      }}
    >
      {(all, { edit, remove }) => {
        const active = all.filter((item) => item.isActive);
        const inactive = all.filter((item) => !item.isActive);
        return (
          <>
            <ItemSection title={`Active Items (${active.length})`} id="active-items">
              {active.length === 0 ? (
                <div className="empty-state">
                  <p>{itemMessages.noActive}</p>
                </div>
              ) : (
                <ItemGrid items={active} categoryName={categoryName} onEdit={edit} onDelete={remove} />
              )}
            </ItemSection>
            <ItemSection title={`Inactive Items (${inactive.length})`} id="inactive-items">
              {inactive.length === 0 ? (
                <p className="text-muted">Every item is on sale.</p>
              ) : (
                <ItemGrid items={inactive} categoryName={categoryName} onEdit={edit} onDelete={remove} />
              )}
            </ItemSection>
          </>
        );
      }}
    </ResourceScreen>
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
