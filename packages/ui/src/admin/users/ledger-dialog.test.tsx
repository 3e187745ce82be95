// A player's credit history (issue 18): each change with its reason and the balance after it,
// newest first, and older pages with "Load more history".
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makeAdminUser, renderInAdmin } from '../test/render-admin.tsx';
import { LedgerDialog } from './ledger-dialog.tsx';

const nova = makeAdminUser();
const entry = (id: string, delta: number, balanceAfter: number, reason: string) => ({
  _id: id,
  delta,
  balanceAfter,
  reason,
  reference: null,
  actorId: null,
  createdAt: '2026-03-14T12:00:00.000Z',
});

describe('LedgerDialog', () => {
  it('lists the changes newest first and loads older ones', async () => {
    const { count } = renderInAdmin(<LedgerDialog user={nova} onClose={vi.fn()} />, {
      api: {
        'GET /api/admin/users/user-nova/ledger': () =>
          json(200, { entries: [entry('l-3', -250, 1250, 'purchase')], nextCursor: 'after-3' }),
        'GET /api/admin/users/user-nova/ledger?cursor=after-3': () =>
          json(200, { entries: [entry('l-2', 1500, 1500, 'admin_adjustment')], nextCursor: null }),
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit history of nova' }));
    expect(await dialog.findByText('−250')).toBeTruthy();
    expect(dialog.getByText(/balance 1,250/)).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Load more history' }));

    expect(await dialog.findByText('+1,500')).toBeTruthy();
    expect(dialog.getByText(/admin adjustment/)).toBeTruthy();
    expect(count('GET /api/admin/users/user-nova/ledger?cursor=after-3')).toBe(1);
    expect(dialog.queryByRole('button', { name: 'Load more history' })).toBeNull();
  });
});
