// Credit Codes (issue 22): the batches with how many were redeemed, making a batch (the codes shown
// once with their CSV), and a batch's codes with who redeemed each.
import type { CreditCodeBatch } from '@starport/api-client/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialog, json, renderAdmin } from '../test/render-admin.tsx';

const batch: CreditCodeBatch = {
  _id: 'batch-1',
  label: 'Launch party',
  credits: 500,
  count: 2,
  redeemedCount: 1,
  expiresAt: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  createdBy: { _id: 'admin', username: 'admin' },
};

describe('CreditCodesScreen', () => {
  it('makes a batch and shows its codes once, with a CSV of them', async () => {
    const sent: unknown[] = [];
    renderAdmin('/admin/credit-codes', {
      api: {
        'GET /api/admin/credit-codes': () => json(200, { batches: [], nextCursor: null }),
        'POST /api/admin/credit-codes': ({ body }) => {
          sent.push(body);
          return json(201, {
            batch: { ...batch, _id: 'batch-2', label: 'Stream', credits: 75, count: 2, redeemedCount: 0 },
            codes: [
              { number: 1, code: 'ABCD-EFGH-JKMN-PQRS-TVWX' },
              { number: 2, code: '2345-6789-ABCD-EFGH-JKMN' },
            ],
          });
        },
      },
    });
    expect(await screen.findByText('No credit codes made yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+ New Codes' }));
    const form = dialog('New Credit Codes');
    fireEvent.change(form.getByLabelText('How many codes'), { target: { value: '2' } });
    fireEvent.change(form.getByLabelText('Credits each'), { target: { value: '75' } });
    fireEvent.change(form.getByLabelText('Label (optional)'), { target: { value: 'Stream' } });
    fireEvent.click(form.getByRole('button', { name: 'Make Codes' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Your New Codes' }));
    expect(sent).toEqual([{ count: 2, credits: 75, expiresAt: null, label: 'Stream' }]);
    expect(shown.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'ABCD-EFGH-JKMN-PQRS-TVWX',
      '2345-6789-ABCD-EFGH-JKMN',
    ]);
    const csv = shown.getByRole('link', { name: 'Download CSV' });
    expect(decodeURIComponent(csv.getAttribute('href') ?? '')).toBe(
      'data:text/csv;charset=utf-8,number,code,credits,expires_at\r\n1,ABCD-EFGH-JKMN-PQRS-TVWX,75,\r\n2,2345-6789-ABCD-EFGH-JKMN,75,\r\n',
    );
    expect(csv.getAttribute('download')).toMatch(/^credit-codes-2026-11-22-batch-2\.csv$/);
  });

  it('lists the batches and, for one, which codes were redeemed by whom', async () => {
    renderAdmin('/admin/credit-codes', {
      api: {
        'GET /api/admin/credit-codes': () => json(200, { batches: [batch], nextCursor: null }),
        'GET /api/admin/credit-codes/batch-1/codes': () =>
          json(200, {
            batch,
            codes: [
              {
                _id: 'c1',
                number: 1,
                hint: 'TVWX',
                redeemedBy: { _id: 'p1', username: 'nova' },
                redeemedAt: '2026-11-22T13:00:00.000Z',
              },
              { _id: 'c2', number: 2, hint: 'JKMN', redeemedBy: null, redeemedAt: null },
            ],
            nextCursor: null,
          }),
      },
    });
    const row = within(await screen.findByRole('row', { name: /Launch party/ }));
    expect(row.getByText('1 of 2')).toBeTruthy();
    expect(row.getByText('Never')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Codes of Launch party' }));
    const codes = within(await screen.findByRole('dialog', { name: 'Codes of Launch party' }));
    expect(await codes.findByText(/Redeemed by nova/)).toBeTruthy();
    expect(codes.getByText('…-TVWX')).toBeTruthy();
    expect(codes.getByText('Not redeemed')).toBeTruthy();
  });
});
