// Tier Management (SPEC.md §2): the tiers with icon, price, benefit count and badges; create and edit
// in one modal; delete after a confirmation. A failure to load the list is silent (SPEC.md §8).

import type { Tier, TierInput } from '@starport/api-client/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../dialog/dialog.tsx';
import { formatUsd } from '../../format/format.ts';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { describeError } from '../shared/errors.ts';
import { ScreenHeader, StatusBadge } from '../shared/screen-header.tsx';
import { useAdminData } from '../shared/use-admin-data.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { TierForm } from './tier-form.tsx';

export const tierMessages = {
  created: 'Tier created successfully!',
  updated: 'Tier updated successfully!',
  deleted: 'Tier deleted successfully!',
  failed: (message: string) => `Error: ${message}`,
  empty: 'No tiers created yet',
} as const;

export function TierManagement() {
  const api = useAdminApi();
  const toast = useToast();
  useAdminTitle('Tiers');
  const tiers = useAdminData(
    () => api.admin.tiers.list().then((answer) => answer.tiers),
    (error) => console.error('Failed to load tiers', error),
  );
  // 'new' opens the modal in create mode; a tier opens it in edit mode (SPEC.md §4).
  const [editing, setEditing] = useState<Tier | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tier | null>(null);
  const [busyDeleting, setBusyDeleting] = useState(false);

  async function handleSave(input: TierInput): Promise<boolean> {
    const existing = editing === 'new' ? null : editing;
    try {
      if (existing) {
        await api.admin.tiers.update(existing._id, input);
        toast.success(tierMessages.updated);
      } else {
        await api.admin.tiers.create(input);
        toast.success(tierMessages.created);
      }
      setEditing(null);
      await tiers.reload();
      return true;
    } catch (error) {
      toast.error(tierMessages.failed(describeError(error)));
      return false;
    }
  }

  async function handleDelete() {
    if (!deleting) return;
    setBusyDeleting(true);
    try {
      await api.admin.tiers.remove(deleting._id);
      toast.success(tierMessages.deleted);
      setDeleting(null);
      await tiers.reload();
    } catch (error) {
      toast.error(tierMessages.failed(describeError(error)));
      setDeleting(null);
    } finally {
      setBusyDeleting(false);
    }
  }

  const list = tiers.data ?? [];

  return (
    <>
      <ScreenHeader
        title="Tier Management"
        action={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            + Create Tier
          </button>
        }
      >
        Monthly supporter tiers and the Discord roles they grant.
      </ScreenHeader>

      {tiers.loading ? (
        <Loading label="Loading tiers..." />
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p>{tierMessages.empty}</p>
        </div>
      ) : (
        <ul className="admin-list">
          {list.map((tier) => (
            <li key={tier._id}>
              <article className="card admin-row tier-row" aria-labelledby={`tier-${tier._id}`}>
                <span
                  className="tier-row-icon"
                  aria-hidden="true"
                  style={{
                    background: `linear-gradient(135deg, ${tier.colorGradient.from}, ${tier.colorGradient.to})`,
                  }}
                >
                  {tier.icon}
                </span>
                <div className="admin-row-main">
                  <h3 id={`tier-${tier._id}`} className="admin-row-title">
                    {tier.name}
                  </h3>
                  <p className="admin-row-meta">
                    <span>{formatUsd(tier.price)}/month</span>
                    <span>
                      {tier.benefits.length} {tier.benefits.length === 1 ? 'benefit' : 'benefits'}
                    </span>
                    <span className="text-faint">/{tier.slug}</span>
                  </p>
                </div>
                <div className="admin-row-badges">
                  <StatusBadge active={tier.isActive} />
                  {tier.popular ? <span className="badge badge-warning">Popular</span> : null}
                </div>
                <div className="admin-row-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`Edit ${tier.name}`}
                    onClick={() => setEditing(tier)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger btn-sm"
                    aria-label={`Delete ${tier.name}`}
                    onClick={() => setDeleting(tier)}
                  >
                    Delete
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      {editing ? (
        <TierForm tier={editing === 'new' ? null : editing} onSave={handleSave} onClose={() => setEditing(null)} />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete Tier"
        message={<p>Are you sure you want to delete the tier “{deleting?.name}”? This cannot be undone.</p>}
        confirmLabel="Delete"
        tone="danger"
        busy={busyDeleting}
        onConfirm={handleDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
