// Game Servers: a new key shown once, the list without secrets, revoking after a confirmation.
import type { GameServerKey } from '@starport/api-client/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmation, dialog, json, renderAdmin } from '../test/render-admin.tsx';

function keyServer() {
  let keys: GameServerKey[] = [];
  return {
    'GET /api/admin/game-servers': () => json(200, { keys }),
    'POST /api/admin/game-servers': ({ body }: { body: unknown }) => {
      const key: GameServerKey = {
        _id: `key-${keys.length + 1}`,
        name: (body as { name: string }).name,
        prefix: 'spk_AbCdEf',
        createdAt: '2026-11-22T12:00:00.000Z',
        lastUsedAt: null,
        revokedAt: null,
      };
      keys = [key, ...keys];
      return json(201, { key, secret: 'spk_AbCdEf-the-whole-secret' });
    },
    'DELETE /api/admin/game-servers/key-1': () => {
      keys = keys.map((key) => ({ ...key, revokedAt: '2026-11-22T13:00:00.000Z' }));
      return json(200, { key: keys[0] });
    },
  };
}

describe('game servers screen', () => {
  it('creates a key, shows its secret once, lists it by prefix, and revokes it after confirming', async () => {
    const { count } = renderAdmin('/admin/game-servers', { api: keyServer() });
    expect(await screen.findByText('No game server keys yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '+ Create Key' }));
    expect(await screen.findByText('Give the game server a name')).toBeTruthy();
    expect(count('POST /api/admin/game-servers')).toBe(0);

    fireEvent.change(screen.getByLabelText('Game server name'), { target: { value: 'EU-1' } });
    fireEvent.click(screen.getByRole('button', { name: '+ Create Key' }));
    expect(await screen.findByText('spk_AbCdEf-the-whole-secret')).toBeTruthy();
    expect(await screen.findByText('Game server key created')).toBeTruthy();
    fireEvent.click(dialog('Key for EU-1').getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('spk_AbCdEf-the-whole-secret')).toBeNull();

    const row = within((await screen.findByRole('rowheader', { name: 'EU-1' })).closest('tr') as HTMLElement);
    expect(row.getByText('spk_AbCdEf…')).toBeTruthy();
    expect(row.getByText('Never')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Revoke the key of EU-1' }));
    fireEvent.click(confirmation('Revoke key').getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Game server key revoked')).toBeTruthy();
    expect(await row.findByText('Revoked')).toBeTruthy();
  });
});
