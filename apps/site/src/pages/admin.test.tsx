// The web admin as the site mounts it (/admin/*): the shared screens over the site's API client, and
// the navigation following a saved change to the visible tabs.
import { defaultSiteSettings, type SiteSettings } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app.tsx';

describe('the admin page', () => {
  it('opens the Tiers screen at /admin/tiers with the admin tab links', async () => {
    renderApp('/admin/tiers', {
      user: makeUser({ isAdmin: true }),
      api: { 'GET /api/tiers/all': () => json(200, { tiers: [] }) },
    });

    // The admin chunk loads lazily, every admin screen transformed on first use: give it time.
    expect(await screen.findByRole('heading', { name: 'Tier Management' }, { timeout: 5000 })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(tabs).getByRole('link', { name: 'Shop Items' }).getAttribute('href')).toBe('/admin/shop');
  });

  it('hides a tab from the navigation as soon as Site Settings saves it hidden', async () => {
    let settings: SiteSettings = defaultSiteSettings;
    renderApp('/admin/settings', {
      user: makeUser({ isAdmin: true }),
      api: {
        'GET /api/shop/site-settings': () => json(200, { settings }),
        'GET /api/admin/site-settings': () => json(200, { settings }),
        'PATCH /api/admin/site-settings': ({ body }) => {
          settings = body as SiteSettings;
          return json(200, { settings });
        },
      },
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Leaderboard' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Leaderboard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved successfully')).toBeTruthy();
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Leaderboard' })).toBeNull());
    expect(within(nav).getByRole('link', { name: 'Admin' })).toBeTruthy();
  });
});
