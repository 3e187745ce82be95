// The admin panel's frame (SPEC.md §2): the tab links wherever it is mounted, the Dashboard's figures
// and the Updates placeholder.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAdmin } from './test/render-admin.tsx';

function tabLinks() {
  const nav = screen.getByRole('navigation', { name: 'Admin' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('AdminApp', () => {
  it('links the seven tabs of SPEC.md §2, then Payments, Game Servers, Leaderboard, Sales, Coupons, Credit Codes and Audit log, under /admin on the site', async () => {
    renderAdmin('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeTruthy();
    expect(tabLinks()).toEqual([
      ['Dashboard', '/admin'],
      ['Tiers', '/admin/tiers'],
      ['Shop Items', '/admin/shop'],
      ['Categories', '/admin/categories'],
      ['Users', '/admin/users'],
      ['Site Settings', '/admin/settings'],
      ['Updates', '/admin/updates'],
      ['Payments', '/admin/payments'],
      ['Game Servers', '/admin/game-servers'],
      ['Leaderboard', '/admin/leaderboard'],
      ['Sales', '/admin/sales'],
      ['Coupons', '/admin/coupons'],
      ['Credit Codes', '/admin/credit-codes'],
      ['Audit log', '/admin/audit'],
    ]);
  });

  it('links the same tabs from the root when a host mounts the panel there (the console)', async () => {
    renderAdmin('/tiers', { mount: 'root' });

    expect(await screen.findByRole('heading', { name: 'Tier Management' })).toBeTruthy();
    expect(tabLinks().map(([, href]) => href)).toEqual([
      '/',
      '/tiers',
      '/shop',
      '/categories',
      '/users',
      '/settings',
      '/updates',
      '/payments',
      '/game-servers',
      '/leaderboard',
      '/sales',
      '/coupons',
      '/credit-codes',
      '/audit',
    ]);
  });

  it('marks the open tab as the current page', async () => {
    renderAdmin('/admin/users');

    await screen.findByRole('heading', { name: 'User Management' });
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the real figures on the Dashboard, revenue in dollars and cents', async () => {
    renderAdmin('/admin', {
      api: {
        'GET /api/admin/stats': () =>
          json(200, { stats: { totalUsers: 1532, activeSubscriptions: 41, shopItems: 18, revenue30d: 1234.5 } }),
      },
    });

    const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li') as HTMLElement);
    expect(await card('Total Users').findByText('1,532')).toBeTruthy();
    expect(card('Active Subscriptions').getByText('41')).toBeTruthy();
    expect(card('Shop Items').getByText('18')).toBeTruthy();
    expect(card('Revenue (30d)').getByText('$1,234.50')).toBeTruthy();
  });

  it('shows zero revenue as $0.00', async () => {
    renderAdmin('/admin');

    expect(await screen.findByText('$0.00')).toBeTruthy();
  });

  it('keeps the Dashboard quiet with dashes when the figures cannot be loaded', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderAdmin('/admin', { api: { 'GET /api/admin/stats': () => json(500, { error: { message: 'Boom' } }) } });

      await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
      expect(screen.getAllByText('—')).toHaveLength(4);
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('tells an administrator refused for want of two-factor sign-in what to do, with a link to the Account page', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const message =
        'Administrators must turn on two-factor sign-in. Turn it on in your Account page, then come back.';
      renderAdmin('/admin', {
        api: { 'GET /api/admin/stats': () => json(403, { error: { message, code: 'two_factor_required' } }) },
      });

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(message);
      expect(within(alert).getByRole('link', { name: 'Open your Account page' }).getAttribute('href')).toBe('/account');
    } finally {
      consoleError.mockRestore();
    }
  });

  it('lists the news posts on Updates, with a way to write one', async () => {
    renderAdmin('/admin/updates', {
      api: { 'GET /api/admin/updates': () => json(200, { updates: [], nextCursor: null }) },
    });

    expect(await screen.findByText('No updates yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '+ New Update' })).toBeTruthy();
  });

  it('answers an unknown admin address with a way back to the Dashboard', async () => {
    renderAdmin('/admin/nowhere/at-all');

    const back = await screen.findByRole('link', { name: 'Back to the Dashboard' });
    expect(back.getAttribute('href')).toBe('/admin');
  });
});
