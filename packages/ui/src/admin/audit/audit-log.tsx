// The audit log (issue 18): every admin change, newest first a page at a time with "Load more", each
// with when, who, what in words, on what, and what changed; filtered by action and searched by admin
// or target on the server. The shared admin table: a table on wide screens, cards on phones.
import { type AuditAction, type AuditEntry, auditActionLabels } from '@starport/api-client/contract';
import { useState } from 'react';
import { formatDate, formatTime } from '../../format/format.ts';
import { Loading } from '../../loading/loading.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { type AuditFilters, adminQueries } from '../shared/admin-queries.ts';
import { type Column, DataTable } from '../shared/data-table.tsx';
import { describeError } from '../shared/errors.ts';
import { SearchFilter, SelectFilter } from '../shared/list-filters.tsx';
import { LoadMore } from '../shared/load-more.tsx';
import { ScreenHeader } from '../shared/screen-header.tsx';
import { logFailure, useAdminPagedQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { useDebounced } from '../shared/use-debounced.ts';

export const auditMessages = {
  empty: 'No admin changes recorded yet',
  noMatches: 'No entries match',
  loadFailed: (message: string) => `Failed to load the audit log: ${message}`,
} as const;

/** The action in words; one the contract does not know (recorded by a newer server) as it is. */
export const describeAction = (action: string): string =>
  (auditActionLabels as Record<string, string>)[action] ?? action;

/** Who made the change: the admin's name, or where it came from. */
function describeActor(entry: AuditEntry): string {
  if (entry.actorName) return entry.actorName;
  if (entry.actorId.startsWith('system:')) return `The server (${entry.actorId.slice('system:'.length)})`;
  if (entry.actorId.startsWith('cli:')) return `Command line (${entry.actorId.slice('cli:'.length)})`;
  return entry.actorId;
}

const TARGET_WORDS: Record<string, string> = {
  tier: 'Tier',
  item: 'Shop item',
  category: 'Category',
  image: 'Image',
  user: 'Player',
  mail: 'Mail',
  site_settings: 'Site settings',
  game_key: 'Game server key',
  delivery: 'Delivery',
  job: 'Job',
};

/** A value in a line of details: text as it is (empty as ""), anything else as JSON, cut short. */
function show(value: unknown): string {
  const text = typeof value === 'string' && value !== '' ? value : JSON.stringify(value ?? null);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What changed, a line a field: `field: before → after` for the fields that differ; for a record
 * made or removed, its fields (the identifying ones are already in the Target column).
 */
export function describeChanges(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const { before, after } = entry;
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
  }
  const only = isRecord(after) ? after : isRecord(before) ? before : null;
  if (!only) return after !== null && after !== undefined ? [show(after)] : [];
  return Object.entries(only)
    .filter(([key]) => key !== '_id' && key !== 'name')
    .slice(0, 4)
    .map(([key, value]) => `${key}: ${show(value)}`);
}

const auditColumns: Column<AuditEntry>[] = [
  {
    header: 'When',
    cell: (entry) => (
      <span className="audit-when">
        <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
        <span className="text-faint">{formatTime(entry.createdAt)}</span>
      </span>
    ),
  },
  { header: 'Admin', cell: describeActor },
  { header: 'Action', rowHeader: true, cell: (entry) => describeAction(entry.action) },
  {
    header: 'Target',
    cell: (entry) => (
      <span className="audit-target">
        <span className="text-faint">{TARGET_WORDS[entry.targetType] ?? entry.targetType}</span>
        <span>{entry.targetName ?? entry.targetId ?? '—'}</span>
      </span>
    ),
  },
  {
    header: 'Details',
    cell: (entry) => {
      const changes = describeChanges(entry);
      return changes.length === 0 ? (
        <span className="text-faint">—</span>
      ) : (
        <ul className="audit-changes">
          {changes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      );
    },
  },
];

export function AuditLog() {
  const api = useAdminApi();
  useAdminTitle('Audit log');
  const [action, setAction] = useState<'' | AuditAction>('');
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const filters: AuditFilters = { action: action || undefined, search: term || undefined };
  // Shown on the screen (below), so not a toast as well.
  const log = useAdminPagedQuery(adminQueries(api).audit(filters), logFailure('Failed to load the audit log'));
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Boolean(filters.action || filters.search);

  return (
    <>
      <ScreenHeader title="Audit log">Every change made by an admin, newest first.</ScreenHeader>

      <div className="admin-filters">
        <SearchFilter
          id="admin-audit-search"
          label="Search by admin or target"
          placeholder="Name, email or id of an admin or a target"
          value={search}
          onChange={setSearch}
        />
        <SelectFilter id="admin-audit-action" label="Action" value={action} onChange={setAction}>
          <option value="">Every action</option>
          {Object.entries(auditActionLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectFilter>
      </div>

      {log.isPending ? (
        <Loading label="Loading the audit log..." />
      ) : log.isError ? (
        <div className="empty-state" role="alert">
          <p>{auditMessages.loadFailed(describeError(log.error))}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void log.refetch()}>
            Try again
          </button>
        </div>
      ) : entries.length === 0 ? (
        <div className="empty-state">
          <p>{filtered ? auditMessages.noMatches : auditMessages.empty}</p>
        </div>
      ) : (
        <DataTable
          label="Audit log"
          className="audit-table"
          columns={auditColumns}
          rows={entries}
          rowKey={(entry) => entry._id}
        />
      )}
      <LoadMore query={log} label="Load more entries" />
    </>
  );
}
