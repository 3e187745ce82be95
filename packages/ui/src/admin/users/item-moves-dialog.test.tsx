// A player's item moves (issue 20): each row with kind, item, quantity, when and who to whom; the
// kind filter; Load more; Reverse after a confirmation, the server's refusal shown in it, and the
// row reading Reversed once done.
import type { AdminItemLedgerEntry, AdminTransfer } from '@starport/api-client/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makeAdminUser, renderInAdmin } from '../test/render-admin.tsx';
import { ItemMovesDialog } from './item-moves-dialog.tsx';

const nova = makeAdminUser();

function transfer(overrides: Partial<AdminTransfer> = {}): AdminTransfer {
  return {
    _id: 'transfer-1',
    kind: 'purchase_gift',
    from: 'orion',
    to: 'nova',
    message: null,
    reference: null,
    createdAt: '2026-03-14T12:00:00.000Z',
    reversedAt: null,
    reversible: true,
    ...overrides,
  };
}

function move(overrides: Partial<AdminItemLedgerEntry> = {}): AdminItemLedgerEntry {
  return {
    _id: 'move-1',
    entryId: 'entry-1',
    itemId: 'scout',
    itemName: 'Nova Scout',
    delta: 1,
    reason: 'purchase_gift',
    createdAt: '2026-03-14T12:00:00.000Z',
    transfer: transfer(),
    ...overrides,
  };
}

const LEDGER = 'GET /api/admin/users/user-nova/item-ledger';
const REVERSE = 'POST /api/admin/transfers/transfer-1/reverse';

describe('ItemMovesDialog', () => {
  it('shows each move with its kind, item, quantity and who to whom; filters by kind; loads more', async () => {
    const { count } = renderInAdmin(<ItemMovesDialog user={nova} onClose={vi.fn()} />, {
      api: {
        [LEDGER]: () => json(200, { entries: [move()], nextCursor: 'after-1' }),
        [`${LEDGER}?cursor=after-1`]: () =>
          json(200, {
            entries: [
              move({
                _id: 'move-0',
                itemName: 'Pulse Laser',
                delta: -2,
                reason: 'gift',
                transfer: transfer({ _id: 'transfer-0', kind: 'gift', from: 'nova', to: 'vega', message: 'gg' }),
              }),
            ],
            nextCursor: null,
          }),
        [`${LEDGER}?kind=trade`]: () => json(200, { entries: [], nextCursor: null }),
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Item moves of nova' }));
    const first = (await dialog.findByText('Nova Scout')).closest('li') as HTMLElement;
    expect(within(first).getByText('bought gift')).toBeTruthy();
    expect(within(first).getByText('+1')).toBeTruthy();
    expect(within(first).getByText(/orion → nova/)).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Load more moves' }));
    const second = (await dialog.findByText('Pulse Laser')).closest('li') as HTMLElement;
    expect(within(second).getByText('−2')).toBeTruthy();
    expect(within(second).getByText(/nova → vega/)).toBeTruthy();
    expect(within(second).getByText('“gg”')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Load more moves' })).toBeNull();

    fireEvent.change(dialog.getByLabelText('Kind'), { target: { value: 'trade' } });
    expect(await dialog.findByText('No item moves of this kind')).toBeTruthy();
    expect(count(`${LEDGER}?kind=trade`)).toBe(1);
  });

  it('reverses after the confirmation, then the row reads Reversed', async () => {
    let reversed = false;
    const { count } = renderInAdmin(<ItemMovesDialog user={nova} onClose={vi.fn()} />, {
      api: {
        [LEDGER]: () =>
          json(200, {
            entries: [
              move({
                transfer: transfer(reversed ? { reversedAt: '2026-03-15T09:00:00.000Z', reversible: false } : {}),
              }),
            ],
            nextCursor: null,
          }),
        [REVERSE]: () => {
          reversed = true;
          return json(200, { transfer: transfer({ reversible: false }), reversals: ['transfer-2'], credits: [] });
        },
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Item moves of nova' }));
    fireEvent.click(
      await dialog.findByRole('button', { name: 'Reverse the bought gift of Nova Scout from orion to nova' }),
    );
    const confirm = within(screen.getByRole('alertdialog', { name: 'Reverse Transfer' }));
    expect(confirm.getByText(/Reverse this bought gift from orion to nova\?/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Reverse' }));

    expect(await screen.findByText('Transfer reversed: the items are back')).toBeTruthy();
    expect(await dialog.findByText('Reversed')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /^Reverse the/ })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(count(REVERSE)).toBe(1);
  });

  it("shows the server's refusal in the confirmation and reverses nothing", async () => {
    renderInAdmin(<ItemMovesDialog user={nova} onClose={vi.fn()} />, {
      api: {
        [LEDGER]: () => json(200, { entries: [move()], nextCursor: null }),
        [REVERSE]: () =>
          json(409, {
            error: { message: 'nova no longer holds these items (given or traded onward)', code: 'conflict' },
          }),
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Item moves of nova' }));
    fireEvent.click(await dialog.findByRole('button', { name: /^Reverse the/ }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Reverse Transfer' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Reverse' }));

    expect((await confirm.findByRole('alert')).textContent).toBe(
      'nova no longer holds these items (given or traded onward)',
    );
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(dialog.queryByText('Reversed')).toBeNull();
  });
});
