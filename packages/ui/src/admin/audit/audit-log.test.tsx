// The audit log screen (issue 18): every admin change newest first with when, who, the action in
// words, the target and what changed; older entries with "Load more entries"; a filter by action and
// a search sent to the server; loading, empty and error states; the tab in the admin's navigation,
// on the site and in the console.
import type { AuditEntry } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderAdmin } from '../test/render-admin.tsx';
import { describeChanges } from './audit-log.tsx';

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'a-1',
    actorId: 'admin-vega',
    actorName: 'vega',
    action: 'user.credits',
    targetType: 'user',
    targetId: 'user-nova',
    targetName: 'nova',
    before: { credits: 100 },
    after: { credits: 2500 },
    createdAt: '2026-03-14T12:00:00.000Z',
    ...overrides,
  };
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('AuditLog', () => {
  it('shows each change with when, who, what in words, on what, and what changed', async () => {
    renderAdmin('/admin/audit', {
      api: {
        'GET /api/admin/audit': () =>
          json(200, {
            entries: [
              entry(),
              entry({
                _id: 'a-0',
                actorId: 'system:payments',
                actorName: null,
                action: 'tier.create',
                targetType: 'tier',
                targetId: 'tier-gold',
                targetName: 'Gold',
                before: null,
                after: { _id: 'tier-gold', name: 'Gold', price: 5 },
              }),
            ],
            nextCursor: null,
          }),
      },
    });
    await screen.findByRole('heading', { name: 'Audit log' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = within(rows()[0] as HTMLElement);
    expect(first.getByRole('rowheader').textContent).toBe("Set a player's credits");
    expect(first.getByText('vega')).toBeTruthy();
    expect(first.getByText('nova')).toBeTruthy();
    expect(first.getByText('credits: 100 → 2500')).toBeTruthy();
    expect(first.getByText('Mar 14, 2026')).toBeTruthy();
    const second = within(rows()[1] as HTMLElement);
    expect(second.getByRole('rowheader').textContent).toBe('Created a tier');
    expect(second.getByText('The server (payments)')).toBeTruthy();
    expect(second.getByText('Gold')).toBeTruthy();
    expect(second.getByText('price: 5')).toBeTruthy();
  });

  it('loads older entries with "Load more entries", after those shown', async () => {
    const { count } = renderAdmin('/admin/audit', {
      api: {
        'GET /api/admin/audit': () => json(200, { entries: [entry({ _id: 'a-2' })], nextCursor: 'after-2' }),
        'GET /api/admin/audit?cursor=after-2': () =>
          json(200, { entries: [entry({ _id: 'a-1', after: { credits: 7 } })], nextCursor: null }),
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Load more entries' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[1] as HTMLElement).getByText('credits: 100 → 7')).toBeTruthy();
    expect(count('GET /api/admin/audit?cursor=after-2')).toBe(1);
    expect(screen.queryByRole('button', { name: 'Load more entries' })).toBeNull();
  });

  it('filters by action and searches through the server, and says when nothing matches', async () => {
    const { count } = renderAdmin('/admin/audit', {
      api: {
        'GET /api/admin/audit': () => json(200, { entries: [entry()], nextCursor: null }),
        'GET /api/admin/audit?action=tier.delete': () =>
          json(200, { entries: [entry({ _id: 'a-9', action: 'tier.delete' })], nextCursor: null }),
        'GET /api/admin/audit?action=tier.delete&search=vega': () => json(200, { entries: [], nextCursor: null }),
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'tier.delete' } });
    await waitFor(() => expect(screen.getByRole('rowheader').textContent).toBe('Deleted a tier'));
    const box = screen.getByLabelText('Search by admin or target');
    for (const typed of ['v', 've', 'vega ']) fireEvent.change(box, { target: { value: typed } });
    expect(await screen.findByText('No entries match')).toBeTruthy();
    expect(count('GET /api/admin/audit?action=tier.delete&search=vega')).toBe(1);
    expect(count('GET /api/admin/audit?action=tier.delete&search=v')).toBe(0);
  });

  it('shows loading, then the empty log', async () => {
    renderAdmin('/admin/audit');
    expect(screen.getByRole('status').textContent).toContain('Loading the audit log...');
    expect(await screen.findByText('No admin changes recorded yet')).toBeTruthy();
  });

  it('says when the log cannot be read, and tries again', async () => {
    let fail = true;
    renderAdmin('/admin/audit', {
      api: {
        'GET /api/admin/audit': () =>
          fail
            ? json(500, { error: { message: 'Database unavailable' } })
            : json(200, { entries: [entry()], nextCursor: null }),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load the audit log: Database unavailable',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('is a tab of the panel, on the site and at the console’s root', async () => {
    renderAdmin('/admin');
    fireEvent.click(await screen.findByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    renderAdmin('/audit', { mount: 'root' });
    expect(await screen.findAllByRole('heading', { name: 'Audit log' })).toHaveLength(2);
  });
});

describe('describeChanges', () => {
  it('names the fields that changed, or the fields of a record made or removed', () => {
    expect(describeChanges({ before: { isAdmin: false }, after: { isAdmin: true } })).toEqual([
      'isAdmin: false → true',
    ]);
    expect(describeChanges({ before: null, after: { _id: 'x', name: 'Gold', slug: 'gold' } })).toEqual(['slug: gold']);
    expect(describeChanges({ before: null, after: null })).toEqual([]);
    expect(describeChanges({ before: { a: 'x'.repeat(80) }, after: { a: 1 } })[0]).toBe(`a: ${'x'.repeat(57)}... → 1`);
  });
});
