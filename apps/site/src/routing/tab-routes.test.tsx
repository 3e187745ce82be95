// Hidden tabs (issue 23): one rule says which tab an address belongs to; a hidden tab leaves no link
// to it, and its address shows players the not-found page, while an administrator sees the page under
// a notice.
import { defaultSiteSettings } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app.tsx';
import { isRouteVisible, tabOfPath } from './tab-routes.tsx';
import { hiddenPageNotice } from './visible-route.tsx';

const linksTo = (prefix: string) =>
  [...document.querySelectorAll('a[href]')].filter((link) => link.getAttribute('href')?.startsWith(prefix));

describe('the tab of an address', () => {
  it('is the tab of its first segment, whatever follows it', () => {
    expect(tabOfPath('/shop')).toBe('shop');
    expect(tabOfPath('/shop?payment=success')).toBe('shop');
    expect(tabOfPath('/tiers')).toBe('support');
    expect(tabOfPath('/updates/first-flight')).toBe('updates');
    expect(tabOfPath('/trade?entry=e1')).toBe('trade');
    expect(tabOfPath('/dashboard#top')).toBe('dashboard');
    expect(tabOfPath('/inventory')).toBe('inventory');
    expect(tabOfPath('/leaderboard')).toBe('leaderboard');
  });

  it('is none for the pages no tab hides, the admin panel among them', () => {
    for (const path of [
      '/',
      '/login',
      '/account',
      '/purchases',
      '/admin',
      '/admin/settings',
      '/shopping',
      '/toString',
    ]) {
      expect(tabOfPath(path)).toBeNull();
    }
  });

  it('makes an address visible while its tab is', () => {
    const tabs = { ...defaultSiteSettings.visibleTabs, shop: false };
    expect(isRouteVisible('/shop', tabs)).toBe(false);
    expect(isRouteVisible('/inventory', tabs)).toBe(true);
    expect(isRouteVisible('/account', tabs)).toBe(true);
  });
});

describe('a hidden tab', () => {
  it('shows a player the not-found page at its address, and no link to it anywhere', async () => {
    renderApp('/shop', { user: makeUser(), visibleTabs: { shop: false } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText(hiddenPageNotice)).toBeNull();
    expect(linksTo('/shop')).toEqual([]);
  });

  it('shows a guest the not-found page too', async () => {
    renderApp('/tiers', { visibleTabs: { support: false } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(linksTo('/tiers')).toEqual([]);
  });

  it('shows an administrator the page itself, under a notice that players cannot see it', async () => {
    renderApp('/shop', { user: makeUser({ isAdmin: true }), visibleTabs: { shop: false } });

    expect(await screen.findByText(hiddenPageNotice)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Shop' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    const notice = screen.getByRole('status');
    expect(within(notice).getByRole('link', { name: 'Site Settings' }).getAttribute('href')).toBe('/admin/settings');
    // The links stay hidden for an administrator too: the site looks as players see it.
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Shop' })).toBeNull();
  });

  it('hides each page of a hidden Updates tab, and the news that leads to them on the home page', async () => {
    renderApp('/updates/first-flight', { user: makeUser(), visibleTabs: { updates: false } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(linksTo('/updates')).toEqual([]);
  });

  it('leaves out the shop links of the inventory’s empty state and the home page’s Support Us', async () => {
    renderApp('/inventory', { user: makeUser(), visibleTabs: { shop: false, support: false } });
    expect(await screen.findByText('Your inventory is empty')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Visit the Shop' })).toBeNull());
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Support Us' })).toBeNull();
    expect(linksTo('/shop')).toEqual([]);
    expect(linksTo('/tiers')).toEqual([]);
  });

  it('sends a player who signs in home while the dashboard is hidden', async () => {
    const { router } = renderApp('/login', {
      visibleTabs: { dashboard: false, updates: false },
      api: {
        'POST /api/auth/login': () => json(200, { user: makeUser({ username: 'nova' }), token: 'fresh-token' }),
      },
    });
    // The settings are in once the hidden Updates tab has left a guest's navigation.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Updates' })).toBeNull());
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nova@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'hunter22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
    expect(linksTo('/dashboard')).toEqual([]);
  });
});
