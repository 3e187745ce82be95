// A player's deliveries (issue 7): the list with each state, Re-queue for a delivered one, and the
// list always the one of the player the dialog is given.
import type { AdminDelivery } from '@starport/api-client/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makeAdminUser, renderInAdmin } from '../test/render-admin.tsx';
import { DeliveriesDialog } from './deliveries-dialog.tsx';

const nova = makeAdminUser();
const orion = makeAdminUser({ _id: 'user-orion', user_name: 'orion' });

function delivery(overrides: Partial<AdminDelivery> = {}): AdminDelivery {
  return {
    _id: 'delivery-1',
    name: 'Nova Scout',
    quantity: 1,
    acquiredMethod: 'credit_purchase',
    createdAt: '2026-03-14T12:00:00.000Z',
    status: 'delivered',
    attempts: 1,
    deliveredAt: '2026-03-14T12:05:00.000Z',
    deliveredBy: 'EU-1',
    ...overrides,
  };
}

const answers = {
  'GET /api/admin/users/user-nova/deliveries': () => json(200, { deliveries: [delivery()] }),
  'GET /api/admin/users/user-orion/deliveries': () =>
    json(200, { deliveries: [delivery({ _id: 'delivery-2', name: 'Void Lance', status: 'pending' })] }),
  'POST /api/admin/deliveries/delivery-1/requeue': () => json(200, { requeued: 'delivery-1' }),
};

describe('DeliveriesDialog', () => {
  it('lists the deliveries with their state, re-queues a delivered one, toasts and refetches', async () => {
    const { count } = renderInAdmin(<DeliveriesDialog user={nova} onClose={vi.fn()} />, { api: answers });

    const dialog = within(await screen.findByRole('dialog', { name: 'Deliveries of nova' }));
    expect(await dialog.findByText('Nova Scout')).toBeTruthy();
    expect(dialog.getByText('delivered')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Re-queue Nova Scout' }));

    expect(await screen.findByText('Delivery re-queued')).toBeTruthy();
    await vi.waitFor(() => expect(count('GET /api/admin/users/user-nova/deliveries')).toBe(2));
  });

  it('loads older deliveries with "Load more deliveries", below the newest', async () => {
    const { count } = renderInAdmin(<DeliveriesDialog user={nova} onClose={vi.fn()} />, {
      api: {
        ...answers,
        'GET /api/admin/users/user-nova/deliveries': () =>
          json(200, { deliveries: [delivery()], nextCursor: 'after-1' }),
        'GET /api/admin/users/user-nova/deliveries?cursor=after-1': () =>
          json(200, { deliveries: [delivery({ _id: 'delivery-0', name: 'Old Hauler' })], nextCursor: null }),
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Deliveries of nova' }));
    expect(await dialog.findByText('Nova Scout')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Load more deliveries' }));

    expect(await dialog.findByText('Old Hauler')).toBeTruthy();
    expect(dialog.getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Nova Scout',
      'Old Hauler',
    ]);
    expect(count('GET /api/admin/users/user-nova/deliveries?cursor=after-1')).toBe(1);
    expect(dialog.queryByRole('button', { name: 'Load more deliveries' })).toBeNull();
  });

  it('shows the deliveries of the player it is given, also when given another one while open', async () => {
    const { rerender } = renderInAdmin(<DeliveriesDialog user={nova} onClose={vi.fn()} />, { api: answers });
    expect(await screen.findByText('Nova Scout')).toBeTruthy();

    rerender(<DeliveriesDialog user={orion} onClose={vi.fn()} />);

    const dialog = within(screen.getByRole('dialog', { name: 'Deliveries of orion' }));
    expect(await dialog.findByText('Void Lance')).toBeTruthy();
    expect(dialog.queryByText('Nova Scout')).toBeNull();
  });
});
