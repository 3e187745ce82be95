// Updates (issue 21): the news posts players read on the home page and /updates: a table with
// Title, Status, Publish time and Actions; a modal that writes or edits one (Markdown with a
// preview, cover from the image library, draft / scheduled / published, pinned); delete after a
// confirmation. Each change is audited by the server.

import type { AdminUpdate, UpdateInput } from '@starport/api-client/contract';
import { formatDate, formatTime } from '../../format/format.ts';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { messageOr } from '../shared/errors.ts';
import { ResourceScreen } from '../shared/resource-screen.tsx';
import { RowActions } from '../shared/row-actions.tsx';
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
        <div className="admin-table-wrap">
          <table className="admin-table update-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Slug</th>
                <th scope="col">Status</th>
                <th scope="col">Published / scheduled</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((update) => (
                <tr key={update._id}>
                  <th scope="row" data-label="Title">
                    <span>
                      {update.pinned ? <span className="badge badge-info">Pinned</span> : null} {update.title}
                    </span>
                  </th>
                  <td data-label="Slug">
                    <code className="slug">{update.slug}</code>
                  </td>
                  <td data-label="Status">
                    <span
                      className={`badge ${update.status === 'published' ? 'badge-success' : update.status === 'scheduled' ? 'badge-warning' : ''}`}
                    >
                      {statusLabels[update.status]}
                    </span>
                  </td>
                  <td data-label="Published / scheduled">{whenOf(update)}</td>
                  <RowActions name={update.title} onEdit={() => edit(update)} onDelete={() => remove(update)} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ResourceScreen>
  );
}
