// Tier Management (SPEC.md §2): the tiers with icon, price, benefit count and badges; create and edit
// in one modal; delete after a confirmation. A failure to load the list is silent (SPEC.md §8).

import type { Tier, TierInput } from '@starport/api-client/contract';
import { EmojiIcon } from '../../emoji/emoji-icon.tsx';
import { formatUsd } from '../../format/format.ts';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { describeError } from '../shared/errors.ts';
import { ResourceScreen } from '../shared/resource-screen.tsx';
import { StatusBadge } from '../shared/screen-header.tsx';
import { logFailure, useAdminQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { TierForm } from './tier-form.tsx';

export const tierMessages = {
  created: 'Tier created successfully!',
  updated: 'Tier updated successfully!',
  deleted: 'Tier deleted successfully!',
  failed: (message: string) => `Error: ${message}`,
  empty: 'No tiers created yet',
} as const;

/** SPEC.md §8: 'Error: {message}' for a refused save or delete alike. */
const failed = (error: unknown) => tierMessages.failed(describeError(error));

export function TierManagement() {
  const api = useAdminApi();
  useAdminTitle('Tiers');
  // SPEC.md §8: a failure to load the list is silent.
  const tiers = useAdminQuery(adminQueries(api).tiers(), logFailure('Failed to load tiers'));

  return (
    <ResourceScreen<Tier, TierInput>
      title="Tier Management"
      lead="Monthly supporter tiers and the Discord roles they grant."
      createLabel="+ Create Tier"
      list={tiers}
      loadingLabel="Loading tiers..."
      empty={<p>{tierMessages.empty}</p>}
      form={({ record, ...rest }) => <TierForm tier={record} {...rest} />}
      change="tier"
      calls={api.admin.tiers}
      messages={{ ...tierMessages, saveFailed: failed, deleteFailed: failed }}
      confirmDelete={{
        title: 'Delete Tier',
        message: (tier) => <p>Are you sure you want to delete the tier “{tier.name}”? This cannot be undone.</p>,
      }}
    >
      {(list, { edit, remove }) => (
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
                  <EmojiIcon emoji={tier.icon} size={26} />
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
                    onClick={() => edit(tier)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger btn-sm"
                    aria-label={`Delete ${tier.name}`}
                    onClick={() => remove(tier)}
                  >
                    Delete
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </ResourceScreen>
  );
}
