// Sales (issue 22): the list with each sale's status and what it covers, scheduling one in the modal
// (what it sends, the contract's message before anything is sent), and delete after a confirmation.
import type { Sale } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  chooseRowAction,
  confirmation,
  dialog,
  json,
  makeCategory,
  makeItem,
  renderAdmin,
} from '../test/render-admin.tsx';

const running: Sale = {
  _id: 'sale-1',
  name: 'Fleet Week',
  percentOff: 30,
  categoryIds: ['cat-ships'],
  itemIds: ['item-laser'],
  startsAt: '2026-11-22T12:00:00.000Z',
  endsAt: '2026-11-29T12:00:00.000Z',
  status: 'running',
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
};

function salesServer(initial: Sale[]) {
  let sales = [...initial];
  const sent: unknown[] = [];
  return {
    sent,
    api: {
      'GET /api/admin/sales?limit=200': () => json(200, { sales, nextCursor: null }),
      'GET /api/admin/categories': () =>
        json(200, { categories: [makeCategory({ _id: 'cat-ships', name: 'ships', displayName: 'Ships' })] }),
      'GET /api/shop/admin/items': () => json(200, { items: [makeItem({ _id: 'item-laser', name: 'Pulse Laser' })] }),
      'POST /api/admin/sales': ({ body }: { body: unknown }) => {
        sent.push(body);
        const sale = { ...running, ...(body as Partial<Sale>), _id: 'sale-2', status: 'scheduled' as const };
        sales = [sale, ...sales];
        return json(201, { sale });
      },
      'DELETE /api/admin/sales/sale-1': () => {
        sales = sales.filter((sale) => sale._id !== 'sale-1');
        return json(200, { sale: running });
      },
    },
  };
}

describe('SalesScreen', () => {
  it('lists each sale with its percent, what it covers and its status', async () => {
    renderAdmin('/admin/sales', { api: salesServer([running]).api });
    const row = within(await screen.findByRole('row', { name: /Fleet Week/ }));
    expect(row.getByText('30%')).toBeTruthy();
    expect(await row.findByText('Ships, Pulse Laser')).toBeTruthy();
    expect(row.getByText('Running')).toBeTruthy();
  });

  it('schedules a sale with the categories and items ticked, showing the contract’s message before anything is sent', async () => {
    const server = salesServer([]);
    renderAdmin('/admin/sales', { api: server.api });
    expect(await screen.findByText('No sales yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+ New Sale' }));
    const form = dialog('New Sale');
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Winter Sale' } });
    fireEvent.change(form.getByLabelText('Percent off'), { target: { value: '0' } });
    fireEvent.change(form.getByLabelText('Starts'), { target: { value: '2030-01-01T10:00' } });
    fireEvent.change(form.getByLabelText('Ends'), { target: { value: '2030-01-08T10:00' } });
    fireEvent.click(form.getByRole('button', { name: 'Schedule Sale' }));
    expect(await form.findByText('Percent off must be a whole number from 1 to 100')).toBeTruthy();
    expect(server.sent).toEqual([]);
    fireEvent.change(form.getByLabelText('Percent off'), { target: { value: '25' } });

    fireEvent.click(await form.findByLabelText('Ships'));
    fireEvent.click(form.getByLabelText('Pulse Laser'));
    fireEvent.click(form.getByRole('button', { name: 'Schedule Sale' }));
    expect(await screen.findByText('Sale scheduled successfully')).toBeTruthy();
    expect(server.sent).toEqual([
      {
        name: 'Winter Sale',
        percentOff: 25,
        startsAt: new Date('2030-01-01T10:00').toISOString(),
        endsAt: new Date('2030-01-08T10:00').toISOString(),
        categoryIds: ['cat-ships'],
        itemIds: ['item-laser'],
      },
    ]);
    expect(await screen.findByRole('row', { name: /Winter Sale/ })).toBeTruthy();
  });

  it('deletes a sale after a confirmation', async () => {
    renderAdmin('/admin/sales', { api: salesServer([running]).api });
    await chooseRowAction('Fleet Week', 'Delete Fleet Week');
    fireEvent.click(confirmation('Delete Sale').getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Sale deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Fleet Week/ })).toBeNull());
  });
});
