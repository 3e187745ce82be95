// The Purchases page, a receipt and the monthly goal's bar (issue 22): each purchase with its kind,
// lines, amount in credits or USD, status and date; Load more with the cursor; the receipt's facts
// and totals; no bar without a goal, a bounded bar with one.
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { goalPercent } from '../components/monthly-goal.tsx';
import { json, makeUser, renderApp } from '../test/render-app.tsx';

const cardOrder = {
  _id: 'order-1',
  kind: 'card_order',
  status: 'refunded',
  lines: [{ itemId: 'frigate', name: 'Aegis Frigate', quantity: 2, amount: 31.98 }],
  giftTo: null,
  hasReceipt: true,
  coupon: null,
  totalUSD: 31.98,
  createdAt: '2026-11-22T12:00:00.000Z',
};
const creditPurchase = {
  _id: 'entry-1',
  kind: 'credit_purchase',
  status: 'paid',
  lines: [{ itemId: 'scout', name: 'Scout Corvette', quantity: 1, amount: 1500 }],
  giftTo: null,
  hasReceipt: false,
  coupon: { code: 'LAUNCH25', discount: 500 },
  totalCredits: 1500,
  createdAt: '2026-11-20T09:00:00.000Z',
};
const gift = {
  _id: 'entry-2',
  kind: 'gift',
  status: 'paid',
  lines: [{ itemId: 'probe', name: 'Deep Probe', quantity: 1, amount: 200 }],
  giftTo: 'orbit_friend',
  hasReceipt: false,
  coupon: null,
  totalCredits: 200,
  createdAt: '2026-11-19T09:00:00.000Z',
};

describe('purchases page', () => {
  it('lists each purchase with its lines, amount, status and date, a receipt link only where there is one', async () => {
    renderApp('/purchases', {
      user: makeUser(),
      api: { 'GET /api/purchases': () => json(200, { purchases: [cardOrder, creditPurchase], nextCursor: null }) },
    });
    const order = within(await screen.findByRole('article', { name: 'Card order' }));
    expect(order.getByText('Aegis Frigate')).toBeTruthy();
    expect(order.getByText('2×')).toBeTruthy();
    expect(order.getByText('Refunded')).toBeTruthy();
    expect(order.getAllByText('$31.98')).toHaveLength(2);
    expect(order.getByText('Nov 22, 2026').getAttribute('dateTime')).toBe('2026-11-22T12:00:00.000Z');
    expect(order.getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe('/purchases/order-1/receipt');

    const credits = within(screen.getByRole('article', { name: 'Bought with credits' }));
    expect(credits.getByText('Paid')).toBeTruthy();
    expect(credits.getAllByText('1,500 credits')).toHaveLength(2);
    expect(credits.getByText('Coupon LAUNCH25')).toBeTruthy();
    expect(credits.getByText('saved 500 credits')).toBeTruthy();
    expect(order.queryByText(/^Coupon/)).toBeNull();
    expect(credits.queryByRole('link', { name: 'Receipt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page with the cursor, and names the friend of a gift', async () => {
    const { calls } = renderApp('/purchases', {
      user: makeUser(),
      api: {
        'GET /api/purchases': () => json(200, { purchases: [cardOrder], nextCursor: 'c1' }),
        'GET /api/purchases?cursor=c1': () => json(200, { purchases: [gift], nextCursor: null }),
      },
    });
    await screen.findByRole('article', { name: 'Card order' });
    const more = screen.getByRole('button', { name: 'Load more' });
    await act(async () => more.click());
    await screen.findByText('Deep Probe');
    const gifted = within(await screen.findByRole('article', { name: 'Gift for orbit_friend' }));
    expect(gifted.getAllByText('200 credits')).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Card order' })).toBeTruthy();
    expect(calls).toContain('GET /api/purchases?cursor=c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    renderApp('/purchases', {
      user: makeUser(),
      api: { 'GET /api/purchases': () => json(200, { purchases: [], nextCursor: null }) },
    });
    expect(await screen.findByText('You have not bought anything yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Visit the shop' }).getAttribute('href')).toBe('/shop');
  });
});

describe('receipt page', () => {
  const receipt = {
    storeName: 'Starport',
    orderNumber: 'order-1',
    subtotalUSD: 39.98,
    discountUSD: 8,
    totalUSD: 31.98,
    refundedUSD: 0,
    card: { brand: 'visa', last4: '4242' },
    sandbox: false,
    paidAt: '2026-11-22T12:00:00.000Z',
  };

  it('shows the store, order number, card, lines, discount and total', async () => {
    renderApp('/purchases/order-1/receipt', {
      user: makeUser(),
      api: {
        'GET /api/purchases/order-1': () =>
          json(200, { purchase: { ...cardOrder, status: 'paid', coupon: { code: 'SPRING', discount: 8 } }, receipt }),
      },
    });
    const article = within(await screen.findByRole('article', { name: 'Receipt' }));
    expect(article.getByText('Starport')).toBeTruthy();
    expect(article.getByText('order-1')).toBeTruthy();
    expect(article.getByText('Visa ending in 4242')).toBeTruthy();
    expect(within(article.getByRole('row', { name: /Aegis Frigate/ })).getByText('$31.98')).toBeTruthy();
    expect(article.getByText('$39.98')).toBeTruthy();
    expect(article.getByText('−$8.00')).toBeTruthy();
    expect(article.getByText('Discount (coupon SPRING)')).toBeTruthy();
    expect(article.queryByText('Refunded')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('answers a purchase without a receipt, and one not found, in words', async () => {
    renderApp('/purchases/entry-1/receipt', {
      user: makeUser(),
      api: { 'GET /api/purchases/entry-1': () => json(200, { purchase: creditPurchase, receipt: null }) },
    });
    expect(await screen.findByText(/This purchase has no receipt/)).toBeTruthy();
  });

  it('says not found for another player’s purchase', async () => {
    renderApp('/purchases/theirs/receipt', {
      user: makeUser(),
      api: { 'GET /api/purchases/theirs': () => json(404, { error: { message: 'Purchase not found' } }) },
    });
    expect(await screen.findByText('Purchase not found')).toBeTruthy();
  });
});

describe('monthly goal bar', () => {
  it('is absent without a goal and shows the month’s progress with its text when one is set', async () => {
    renderApp('/', {
      api: {
        'GET /api/shop/goal': () => json(200, { goalUSD: 500, raisedUSD: 123.45, text: 'Keep the servers running' }),
      },
    });
    const bar = await screen.findByRole('progressbar', { name: 'Keep the servers running' });
    expect(bar.getAttribute('aria-valuenow')).toBe('24');
    expect(screen.getByText('$123.45')).toBeTruthy();
  });

  it('shows nothing on the dashboard while no goal is set', async () => {
    renderApp('/dashboard', { user: makeUser() });
    await screen.findByRole('heading', { name: 'Welcome, nova' });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('bounds the bar to 0..100', () => {
    expect(goalPercent(0, 100)).toBe(0);
    expect(goalPercent(250, 100)).toBe(100);
    expect(goalPercent(99.99, 100)).toBe(99);
  });
});
