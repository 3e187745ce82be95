// Game Servers (issue 7): the keys the game's servers poll the delivery queue with. A new key is
// shown once, in a dialog, and never again; a revoked key stops working at once.
import type { GameServerKey } from '@starport/api-client/contract';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog, Dialog } from '../../dialog/dialog.tsx';
import { formatDate } from '../../format/format.ts';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { DataTable } from '../shared/data-table.tsx';
import { messageOr } from '../shared/errors.ts';
import { TextField } from '../shared/fields.tsx';
import { ScreenHeader } from '../shared/screen-header.tsx';
import { useAdminMutation, useAdminQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';

export const gameServerMessages = {
  created: 'Game server key created',
  revoked: 'Game server key revoked',
  fetchFailed: 'Failed to fetch game server keys',
  createFailed: 'Failed to create the key',
  revokeFailed: 'Failed to revoke the key',
  empty: 'No game server keys yet',
  nameRequired: 'Give the game server a name',
  showOnce: 'Copy this key now: it is shown only once. Give it to the game server as its bearer token.',
  revokeConfirm: (name: string) => `Revoke the key of ${name}? That game server stops receiving deliveries at once.`,
} as const;

export function GameServers() {
  const api = useAdminApi();
  const toast = useToast();
  useAdminTitle('Game Servers');
  const keys = useAdminQuery(adminQueries(api).gameServers(), (error) =>
    toast.error(messageOr(error, gameServerMessages.fetchFailed)),
  );
  const create = useAdminMutation('gameServer', (keyName: string) => api.admin.gameServers.create(keyName));
  const revoke = useAdminMutation('gameServer', (id: string) => api.admin.gameServers.revoke(id));
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [revoking, setRevoking] = useState<GameServerKey | null>(null);

  async function handleCreate(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(gameServerMessages.nameRequired);
      return;
    }
    try {
      const created = await create.mutateAsync(name.trim());
      toast.success(gameServerMessages.created);
      setSecret({ name: created.key.name, value: created.secret });
      setName('');
    } catch (error) {
      toast.error(messageOr(error, gameServerMessages.createFailed));
    }
  }

  async function handleRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking._id);
      toast.success(gameServerMessages.revoked);
      setRevoking(null);
    } catch (error) {
      toast.error(messageOr(error, gameServerMessages.revokeFailed));
    }
  }

  const list = keys.data ?? [];
  return (
    <>
      <ScreenHeader title="Game Servers">
        Keys the game's servers use to fetch deliveries (see the README's game server section).
      </ScreenHeader>

      <form className="admin-inline-form" onSubmit={handleCreate} noValidate>
        <TextField
          label="Game server name"
          name="gameServerName"
          value={name}
          onValueChange={(value) => {
            setName(value);
            setNameError(undefined);
          }}
          error={nameError}
          placeholder="EU-1"
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          + Create Key
        </button>
      </form>

      {keys.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p>{gameServerMessages.empty}</p>
        </div>
      ) : (
        <DataTable
          label="Game server keys"
          columns={[
            { header: 'Name', rowHeader: true, cell: (key) => key.name },
            { header: 'Key', cell: (key) => <code>{key.prefix}…</code> },
            { header: 'Created', className: 'cell-nowrap', cell: (key) => formatDate(key.createdAt) },
            {
              header: 'Last used',
              className: 'cell-nowrap',
              cell: (key) => (key.lastUsedAt ? formatDate(key.lastUsedAt) : 'Never'),
            },
            {
              header: 'Status',
              cell: (key) =>
                key.revokedAt ? (
                  <span className="badge">Revoked</span>
                ) : (
                  <span className="badge badge-success">Active</span>
                ),
            },
          ]}
          rows={list}
          rowKey={(key) => key._id}
          rowName={(key) => key.name}
          actions={(key) =>
            key.revokedAt
              ? []
              : [
                  {
                    label: 'Revoke',
                    name: `Revoke the key of ${key.name}`,
                    tone: 'danger',
                    onSelect: () => setRevoking(key),
                  },
                ]
          }
        />
      )}

      <Dialog
        open={secret !== null}
        title={`Key for ${secret?.name ?? ''}`}
        onClose={() => setSecret(null)}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setSecret(null)}>
            Done
          </button>
        }
      >
        <p>{gameServerMessages.showOnce}</p>
        <pre className="secret-box">
          <code>{secret?.value}</code>
        </pre>
      </Dialog>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke key"
        message={<p>{revoking ? gameServerMessages.revokeConfirm(revoking.name) : ''}</p>}
        confirmLabel="Revoke"
        tone="danger"
        busy={revoke.isPending}
        onConfirm={handleRevoke}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
