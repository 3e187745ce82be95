// Coupons (issue 22): the table with uses so far, the Add Coupon modal sending the contract's
// request (amount or percent, chosen targets), and the contract's messages before anything is sent.
import type { Coupon } from '@starport/api-client/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialog, json, makeItem, renderAdmin } from '../test/render-admin.tsx';

function makeCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    _id: 'coupon-1',
    code: 'SPRING25',
    percentOff: 25,
    amountOff: null,
    appliesTo: { all: true },
    minSpend: 0,
    startsAt: null,
    endsAt: null,
    maxUses: 100,
    maxUsesPerPlayer: 1,
    active: true,
    uses: 7,
    createdAt: '2026-11-22T12:00:00.000Z',
    updatedAt: '2026-11-22T12:00:00.000Z',
    ...overrides,
  };
}

function couponServer(initial: Coupon[]) {
  let coupons = [...initial];
  return {
    'GET /api/admin/coupons': () => json(200, { coupons }),
    'GET /api/admin/categories': () => json(200, { categories: [] }),
    'GET /api/admin/tiers': () => json(200, { tiers: [] }),
    'GET /api/shop/admin/items': () => json(200, { items: [makeItem({ _id: 'item-frigate', name: 'Aegis Frigate' })] }),
    'POST /api/admin/coupons': ({ body }: { body: unknown }) => {
      const coupon = makeCoupon({ ...(body as Partial<Coupon>), _id: 'coupon-new', uses: 0 });
      coupons = [coupon, ...coupons];
      return json(201, { coupon });
    },
  };
}

function change(label: string, value: string) {
  fireEvent.change(dialog('Add Coupon').getByLabelText(label), { target: { value } });
}

describe('CouponManagement', () => {
  it('lists each code with its discount, targets, dates and uses so far against its limit', async () => {
    renderAdmin('/admin/coupons', {
      api: couponServer([
        makeCoupon(),
        makeCoupon({
          _id: 'coupon-2',
          code: 'FLAT5',
          percentOff: null,
          amountOff: 500,
          appliesTo: { categoryIds: ['c1'], itemIds: [], tierIds: ['t1', 't2'] },
          maxUses: null,
          maxUsesPerPlayer: null,
          uses: 3,
          active: false,
        }),
      ]),
    });
    await screen.findByText('FLAT5');
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['SPRING25', '25% off', 'Everything', 'Always', '7 / 1001 per player', 'Active', 'Actions'],
      ['FLAT5', '500 off (credits or cents)', '1 category, 2 tiers', 'Always', '3', 'Inactive', 'Actions'],
    ]);
  });

  it('adds an amount-off code for chosen items, saying how the amount is read', async () => {
    const { bodies } = renderAdmin('/admin/coupons', { api: couponServer([]) });
    fireEvent.click(await screen.findByRole('button', { name: '+ Add Coupon' }));
    change('Code', 'welcome5');
    change('Discount', 'amount');
    expect(dialog('Add Coupon').getByText(/credits off a purchase with credits, cents off each unit/)).toBeTruthy();
    change('Amount off', '500');
    change('Total uses', '10');
    change('Applies to', 'chosen');
    fireEvent.click(await dialog('Add Coupon').findByLabelText('Aegis Frigate'));
    fireEvent.click(dialog('Add Coupon').getByRole('button', { name: 'Add Coupon' }));

    expect(await screen.findByText('Coupon created successfully')).toBeTruthy();
    expect(bodies('POST /api/admin/coupons')).toEqual([
      {
        code: 'welcome5',
        percentOff: null,
        amountOff: 500,
        appliesTo: { categoryIds: [], itemIds: ['item-frigate'], tierIds: [] },
        minSpend: 0,
        startsAt: null,
        endsAt: null,
        maxUses: 10,
        maxUsesPerPlayer: null,
        active: true,
      },
    ]);
  });

  it("shows the contract's messages before sending: a bad code, no discount, no targets", async () => {
    const { count } = renderAdmin('/admin/coupons', { api: couponServer([]) });
    fireEvent.click(await screen.findByRole('button', { name: '+ Add Coupon' }));
    change('Code', 'no spaces');
    change('Applies to', 'chosen');
    fireEvent.click(dialog('Add Coupon').getByRole('button', { name: 'Add Coupon' }));

    const form = dialog('Add Coupon');
    expect(await form.findByText('A code is 3 to 32 letters, digits, dashes or underscores')).toBeTruthy();
    expect(count('POST /api/admin/coupons')).toBe(0);
    change('Code', 'GOOD1');
    fireEvent.click(dialog('Add Coupon').getByRole('button', { name: 'Add Coupon' }));
    expect(await form.findByText('Give a percent off or an amount off')).toBeTruthy();
    change('Percent off', '10');
    fireEvent.click(dialog('Add Coupon').getByRole('button', { name: 'Add Coupon' }));
    expect(
      await form.findByText('Choose at least one category, item or tier, or apply the code to everything'),
    ).toBeTruthy();
    expect(count('POST /api/admin/coupons')).toBe(0);
  });
});
