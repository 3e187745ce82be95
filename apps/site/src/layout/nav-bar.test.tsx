// The navigation bar of SPEC.md §2 as guests, players and admins see it, with tabs hidden by settings.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app.tsx';

/** The brand, the tabs and the sign-in links: every link but the player's name (it opens the Account page). */
function navLinkNames() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return (
    within(nav)
      .getAllByRole('link')
      // The tabs: the account area's links (name and balance, Purchases) are checked on their own.
      .filter((link) => !link.classList.contains('nav-user') && !link.classList.contains('nav-purchases'))
      .map((link) => link.textContent)
  );
}

describe('navigation bar', () => {
  it('shows guests the public tabs with Login and Sign Up', async () => {
    renderApp('/');

    await waitFor(() =>
      expect(navLinkNames()).toEqual(['Starport', 'Home', 'Support', 'Shop', 'Updates', 'Login', 'Sign Up']),
    );
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/tiers');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('shows players their tabs, username, credit balance and Logout', async () => {
    renderApp('/', { user: makeUser({ username: 'nova', credits: 1250 }) });

    await screen.findByRole('button', { name: 'Logout' });
    expect(navLinkNames()).toEqual([
      'Starport',
      'Home',
      'Support',
      'Shop',
      'Updates',
      'Dashboard',
      'Inventory',
      'Trade',
      'Leaderboard',
    ]);
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByText('nova')).toBeTruthy();
    expect(nav.getByText('1,250 credits')).toBeTruthy();
    // The name and balance open the player's Account page.
    expect(nav.getByText('nova').closest('a')?.getAttribute('href')).toBe('/account');
    // Beside it, the player's purchases (issue 22).
    expect(nav.getByRole('link', { name: 'Purchases' }).getAttribute('href')).toBe('/purchases');
    expect(nav.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Sign Up' })).toBeNull();
  });

  it('adds the Admin tab for administrators', async () => {
    renderApp('/', { user: makeUser({ isAdmin: true }) });

    await screen.findByRole('button', { name: 'Logout' });
    expect(navLinkNames()).toEqual([
      'Starport',
      'Home',
      'Support',
      'Shop',
      'Updates',
      'Dashboard',
      'Inventory',
      'Trade',
      'Leaderboard',
      'Admin',
    ]);
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('hides the tabs the site settings switch off, but never the admin tab for admins', async () => {
    renderApp('/', {
      user: makeUser({ isAdmin: true }),
      visibleTabs: { support: false, shop: false, trade: false, updates: false, admin: false },
    });

    await waitFor(() =>
      expect(navLinkNames()).toEqual(['Starport', 'Home', 'Dashboard', 'Inventory', 'Leaderboard', 'Admin']),
    );
  });

  it('hides switched-off tabs from guests too', async () => {
    renderApp('/', { visibleTabs: { shop: false } });

    await waitFor(() => expect(navLinkNames()).toEqual(['Starport', 'Home', 'Support', 'Updates', 'Login', 'Sign Up']));
  });

  it('shows every tab and logs the failure when the site settings cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/', {
      user: makeUser(),
      api: { 'GET /api/shop/site-settings': () => json(500, { error: { message: 'Internal error' } }) },
    });

    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load site settings', expect.anything()));
    expect(navLinkNames()).toEqual([
      'Starport',
      'Home',
      'Support',
      'Shop',
      'Updates',
      'Dashboard',
      'Inventory',
      'Trade',
      'Leaderboard',
    ]);
    logged.mockRestore();
  });

  it('logs out: revokes the token, shows Login again and returns home', async () => {
    const { calls, tokens, router } = renderApp('/dashboard', { user: makeUser() });

    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(calls).toContain('POST /api/auth/logout');
    expect(tokens.value).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });
});
