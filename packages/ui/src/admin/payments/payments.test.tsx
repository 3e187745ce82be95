// The admin's Payments screens (issue 22): the list with its filters sent to the server, Load more
// and Export CSV; one payment's page with its history, and Refund after a confirmation; the
// dashboard's revenue chart with its 30 / 90 days and figures.
import type { AdminPayment, AdminPaymentDetail } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAdmin } from '../test/render-admin.tsx';

function payment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    _id: 'pay-1',
    player: { _id: 'user-nova', username: 'nova' },
    kind: 'items',
    status: 'paid',
    amount: 24.98,
    refunded: 0,
    currency: 'usd',
    provider: 'stripe',
    summary: '1 × Aegis Frigate, 1 × 500 Credits',
    createdAt: '2026-03-14T12:00:00.000Z',
    paidAt: '2026-03-14T12:00:00.000Z',
    ...overrides,
  };
}

function detail(overrides: Partial<AdminPaymentDetail> = {}): AdminPaymentDetail {
  return {
    ...payment(),
    email: 'nova@example.com',
    lines: [
      { name: 'Aegis Frigate', quantity: 1, amount: 19.99, credits: 0 },
      { name: '500 Credits', quantity: 1, amount: 4.99, credits: 500 },
    ],
    giftTo: null,
    paymentIntentId: 'pi_123',
    checkoutSessionId: 'cs_123',
    invoiceId: null,
    subscriptionId: null,
    creditsGranted: 500,
    creditsReclaimed: 0,
    creditsShortfall: 0,
    note: null,
    refundRefusal: null,
    events: [
      { _id: 'e1', type: 'checkout', at: '2026-03-14T11:59:00.000Z', amount: null, by: 'nova', note: null },
      { _id: 'e2', type: 'paid', at: '2026-03-14T12:00:00.000Z', amount: 24.98, by: 'Stripe', note: null },
    ],
    ...overrides,
  };
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('PaymentList', () => {
  it('lists payments newest first and sends the search and filters to the server', async () => {
    const { calls } = renderAdmin('/admin/payments', {
      api: {
        'GET /api/admin/payments': () =>
          json(200, {
            payments: [payment(), payment({ _id: 'pay-0', status: 'refunded', refunded: 24.98 })],
            nextCursor: 'c1',
          }),
        'GET /api/admin/payments?cursor=c1': () =>
          json(200, { payments: [payment({ _id: 'pay-old', summary: '1 × Scout' })], nextCursor: null }),
        'GET /api/admin/payments?status=refunded': () => json(200, { payments: [], nextCursor: null }),
        'GET /api/admin/payments?search=nova&status=refunded': () =>
          json(200, { payments: [payment({ _id: 'pay-0', status: 'refunded' })], nextCursor: null }),
      },
    });
    await screen.findByRole('heading', { name: 'Payments' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = within(rows()[0] as HTMLElement);
    expect(first.getByRole('link', { name: '1 × Aegis Frigate, 1 × 500 Credits' }).getAttribute('href')).toBe(
      '/admin/payments/pay-1',
    );
    expect(first.getByText('$24.98')).toBeTruthy();
    expect(first.getByText('Paid')).toBeTruthy();
    expect(within(rows()[1] as HTMLElement).getByText('Refunded')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more payments' }));
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'refunded' } });
    expect(await screen.findByText('No payments match')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nova' } });
    await waitFor(() => expect(calls).toContain('GET /api/admin/payments?search=nova&status=refunded'));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('downloads the filtered rows as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:payments');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { calls } = renderAdmin('/admin/payments', {
      api: {
        'GET /api/admin/payments': () => json(200, { payments: [payment()], nextCursor: null }),
        'GET /api/admin/payments?provider=stripe': () => json(200, { payments: [payment()], nextCursor: null }),
        'GET /api/admin/payments.csv?provider=stripe': () =>
          new Response('Order\r\n', {
            status: 200,
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="payments-2026-03-14.csv"',
            },
          }),
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'stripe' } });
    await waitFor(() => expect(calls).toContain('GET /api/admin/payments?provider=stripe'));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The CSV has been downloaded')).toBeTruthy();
    expect(calls).toContain('GET /api/admin/payments.csv?provider=stripe');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});

describe('PaymentPage', () => {
  it('shows the order and its history, and refunds after a confirmation', async () => {
    let refunded = false;
    const { calls } = renderAdmin('/admin/payments/pay-1', {
      api: {
        'GET /api/admin/payments/pay-1': () =>
          json(200, {
            payment: refunded
              ? detail({
                  status: 'refunded',
                  refunded: 24.98,
                  refundRefusal: 'This payment has already been refunded',
                  events: [
                    ...detail().events,
                    {
                      _id: 'e3',
                      type: 'refunded',
                      at: '2026-03-15T09:00:00.000Z',
                      amount: 24.98,
                      by: 'commander',
                      note: null,
                    },
                  ],
                })
              : detail(),
          }),
        'POST /api/admin/payments/pay-1/refund': () => {
          refunded = true;
          return json(200, { payment: detail({ status: 'refunded' }) });
        },
      },
    });
    expect(await screen.findByRole('heading', { name: '$24.98 from nova' })).toBeTruthy();
    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(history.getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Checkout opened',
      'Paid',
    ]);
    expect(screen.getByText('pi_123')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/\$24\.98 goes back to nova/)).toBeTruthy();
    expect(calls).not.toContain('POST /api/admin/payments/pay-1/refund');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Payment refunded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull());
    expect(await screen.findByText('This payment has already been refunded')).toBeTruthy();
    expect(history.getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows the server’s refusal when the refund fails, and keeps the button', async () => {
    renderAdmin('/admin/payments/pay-1', {
      api: {
        'GET /api/admin/payments/pay-1': () => json(200, { payment: detail() }),
        'POST /api/admin/payments/pay-1/refund': () =>
          json(502, { error: { message: 'The payment provider could not be reached. Please try again.' } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('The payment provider could not be reached. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
  });
});

describe('RevenueChart', () => {
  it('shows the totals and each day’s figures, and switches to 90 days', async () => {
    const day = (date: string, revenue: number, orders: number) => ({ date, revenue, orders });
    const { calls } = renderAdmin('/admin', {
      api: {
        'GET /api/admin/stats/revenue?days=30': () =>
          json(200, {
            days: [day('2026-03-13', 0, 0), day('2026-03-14', 24.98, 2)],
            totalRevenue: 24.98,
            totalOrders: 2,
          }),
        'GET /api/admin/stats/revenue?days=90': () =>
          json(200, { days: [day('2026-03-14', 99, 5)], totalRevenue: 99, totalOrders: 5 }),
      },
    });
    expect(await screen.findByText('$24.98 from 2 paid orders in the last 30 days')).toBeTruthy();
    const figures = within(screen.getByRole('region', { name: 'Revenue' }));
    expect(figures.getByRole('rowheader', { name: '2026-03-13' }).parentElement?.textContent).toBe('2026-03-13$0.000');
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect(await screen.findByText('$99.00 from 5 paid orders in the last 90 days')).toBeTruthy();
    expect(calls).toContain('GET /api/admin/stats/revenue?days=90');
  });
});
