// Updates (issue 21): the news posts players read on the home page and /updates: a table with
// Title, Status, Publish time and Actions; a modal that writes or edits one (Markdown with a
// preview, cover from the image library, draft / scheduled / published, pinned); delete after a
// confirmation. Each change is audited by the server.

import type { AdminUpdate, UpdateInput } from '@starport/api-client/contract';
import { formatDate, formatTime } from '../../format/format.ts';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { type Column, DataTable } from '../shared/data-table.tsx';
import { messageOr } from '../shared/errors.ts';
import { ResourceScreen } from '../shared/resource-screen.tsx';
import { editAndDelete } from '../shared/row-actions.ts';
import { useAdminQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { UpdateForm } from './update-form.tsx';

export const updateScreenMessages = {
  created: 'Update saved successfully',
  updated: 'Update saved successfully',
  deleted: 'Update deleted successfully',
  fetchFailed: 'Failed to fetch updates',
  saveFailed: 'Failed to save update',
  deleteFailed: 'Failed to delete update',
} as const;

const statusLabels = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const;

const dateAndTime = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

function whenOf(update: AdminUpdate): string {
  if (update.status === 'published' && update.publishedAt) return dateAndTime(update.publishedAt);
  if (update.status === 'scheduled' && update.publishAt) return dateAndTime(update.publishAt);
  return '—';
}

const statusBadges = { draft: '', scheduled: 'badge-warning', published: 'badge-success' } as const;

const updateColumns: Column<AdminUpdate>[] = [
  {
    header: 'Title',
    rowHeader: true,
    cell: (update) => (
      <>
        {update.pinned ? <span className="badge badge-info">Pinned</span> : null} {update.title}
      </>
    ),
  },
  { header: 'Slug', cell: (update) => <code className="slug">{update.slug}</code> },
  {
    header: 'Status',
    cell: (update) => <span className={`badge ${statusBadges[update.status]}`}>{statusLabels[update.status]}</span>,
  },
  { header: 'Published / scheduled', className: 'cell-nowrap', cell: whenOf },
];

export function UpdatesScreen() {
  const api = useAdminApi();
  const toast = useToast();
  useAdminTitle('Updates');
  const updates = useAdminQuery(adminQueries(api).updates(), (error) =>
    toast.error(messageOr(error, updateScreenMessages.fetchFailed)),
  );

  return (
    <ResourceScreen<AdminUpdate, UpdateInput>
      title="Updates"
      lead="News posts for players: the home page shows the pinned post and the three latest; /updates lists them all."
      createLabel="+ New Update"
      list={updates}
      loadingLabel="Loading updates..."
      empty={<p>No updates yet.</p>}
      form={({ record, ...rest }) => <UpdateForm update={record} {...rest} />}
      change="update"
      calls={api.admin.updates}
      messages={{
        ...updateScreenMessages,
        saveFailed: (error) => messageOr(error, updateScreenMessages.saveFailed),
        deleteFailed: (error) => messageOr(error, updateScreenMessages.deleteFailed),
      }}
      confirmDelete={{
        title: 'Delete Update',
        message: (update) => <p>Are you sure you want to delete the update “{update.title}”?</p>,
      }}
    >
      {(list, { edit, remove }) => (
        <DataTable
          label="Updates"
          className="update-table"
          columns={updateColumns}
          rows={list}
          rowKey={(update) => update._id}
          rowName={(update) => update.title}
          actions={(update) =>
            editAndDelete(
              update.title,
              () => edit(update),
              () => remove(update),
            )
          }
        />
      )}
    </ResourceScreen>
  );
}
