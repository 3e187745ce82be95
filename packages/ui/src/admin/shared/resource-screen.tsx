// The one shape of the Tiers, Shop Items and Categories screens (SPEC.md §2/§4/§8): a header with its
// create button, the list (Loading until the first answer, then the list or its empty state), one
// modal that creates or edits (create mode versus edit mode depends on whether a record is selected),
// and delete after a confirmation; each with its toasts, and every list the change touches asked again.

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ConfirmDialog } from '../../dialog/dialog.tsx';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import type { AdminChange } from './admin-queries.ts';
import { ScreenHeader } from './screen-header.tsx';
import { useAdminMutation } from './use-admin-query.ts';

/** The calls that change one kind of record. */
export interface ResourceCalls<Input> {
  create: (input: Input) => Promise<unknown>;
  update: (id: string, input: Input) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
}

/** SPEC.md §8's toasts for one kind of record; a failure's text may use the server's message. */
export interface ResourceMessages {
  created: string;
  updated: string;
  deleted: string;
  saveFailed: (error: unknown) => string;
  deleteFailed: (error: unknown) => string;
}

/** What the form gets: the record to edit (null creates one), and the save that says whether it worked. */
export interface ResourceFormProps<T, Input> {
  record: T | null;
  /** False when the server refused: the form stays open with what was typed. */
  onSave: (input: Input) => Promise<boolean>;
  onClose: () => void;
}

export interface ResourceScreenProps<T extends { _id: string }, Input> {
  title: string;
  lead: ReactNode;
  createLabel: string;
  list: UseQueryResult<T[]>;
  loadingLabel: string;
  /** Shown when there is nothing to list (nothing yet, or a failed load). */
  empty: ReactNode;
  /** The records as this screen lays them out, with the actions each one offers. */
  children: (records: T[], actions: { edit: (record: T) => void; remove: (record: T) => void }) => ReactNode;
  form: (props: ResourceFormProps<T, Input>) => ReactNode;
  change: AdminChange;
  calls: ResourceCalls<Input>;
  messages: ResourceMessages;
  confirmDelete: { title: string; message: (record: T) => ReactNode };
}

export function ResourceScreen<T extends { _id: string }, Input>(props: ResourceScreenProps<T, Input>) {
  const { list, calls, messages } = props;
  const toast = useToast();
  // 'new' opens the modal in create mode; a record opens it in edit mode.
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const save = useAdminMutation(props.change, ({ id, input }: { id: string | null; input: Input }) =>
    id === null ? calls.create(input) : calls.update(id, input),
  );
  const remove = useAdminMutation(props.change, (id: string) => calls.remove(id));

  async function handleSave(input: Input): Promise<boolean> {
    const existing = editing === 'new' ? null : editing;
    try {
      await save.mutateAsync({ id: existing?._id ?? null, input });
      toast.success(existing ? messages.updated : messages.created);
      setEditing(null);
      return true;
    } catch (error) {
      toast.error(messages.saveFailed(error));
      return false;
    }
  }

  async function handleDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(messages.deleted);
    } catch (error) {
      toast.error(messages.deleteFailed(error));
    }
    setDeleting(null);
  }

  const records = list.data ?? [];
  return (
    <>
      <ScreenHeader
        title={props.title}
        action={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {props.createLabel}
          </button>
        }
      >
        {props.lead}
      </ScreenHeader>

      {list.isPending ? (
        <Loading label={props.loadingLabel} />
      ) : records.length === 0 ? (
        <div className="empty-state">{props.empty}</div>
      ) : (
        props.children(records, { edit: setEditing, remove: setDeleting })
      )}

      {editing
        ? props.form({
            record: editing === 'new' ? null : editing,
            onSave: handleSave,
            onClose: () => setEditing(null),
          })
        : null}

      <ConfirmDialog
        open={deleting !== null}
        title={props.confirmDelete.title}
        message={deleting ? props.confirmDelete.message(deleting) : null}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
