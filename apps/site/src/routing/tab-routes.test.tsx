// Hidden tabs (issue 23): one rule says which tab an address belongs to; a hidden tab leaves no link
// to it, and its address shows players the not-found page, while an administrator sees the page under
// a notice.
import { defaultSiteSettings } from '@starport/api-client/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeItem, makeUser, renderApp } from '../test/render-app.tsx';
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
    // The notice is a status; so is the shop's own loading line while its items are on the way.
    const notice = screen.getAllByRole('status').find((status) => status.textContent?.includes(hiddenPageNotice));
    if (!notice) throw new Error('no notice');
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

/** The site settings' answer, held until the test lets it go: what a slow network does to the first load. */
function heldSettings(visibleTabs: Partial<typeof defaultSiteSettings.visibleTabs>) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = async () => {
    await held;
    return json(200, {
      settings: { ...defaultSiteSettings, visibleTabs: { ...defaultSiteSettings.visibleTabs, ...visibleTabs } },
    });
  };
  return { answer, release };
}

describe('before the site settings have come', () => {
  const item = makeItem({ name: 'Scout Corvette' });

  it('shows a player nothing of a hidden page, only its shell, then not found', async () => {
    const settings = heldSettings({ shop: false });
    const { calls } = renderApp('/shop', {
      user: makeUser({ username: 'nova' }),
      api: {
        'GET /api/shop/site-settings': settings.answer,
        'GET /api/shop/items': () => json(200, { items: [item] }),
      },
    });
    // The session is known (the player's name is in the header); the settings are not.
    expect(await screen.findByText('nova')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the shop...');
    expect(screen.queryByRole('heading', { name: 'Scout Corvette' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();

    settings.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    // The shop page never ran: it did not even ask for its items.
    expect(calls.filter((call) => call.includes('/api/shop/items'))).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Scout Corvette' })).toBeNull();
  });

  it('shows a visible page once they come, and an admin the hidden one under its notice', async () => {
    const visible = heldSettings({});
    renderApp('/shop', {
      user: makeUser(),
      api: { 'GET /api/shop/site-settings': visible.answer, 'GET /api/shop/items': () => json(200, { items: [item] }) },
    });
    expect(await screen.findByText('Loading the shop...')).toBeTruthy();
    visible.release();
    expect(await screen.findByRole('heading', { name: 'Scout Corvette' })).toBeTruthy();
    cleanup();

    const hidden = heldSettings({ shop: false });
    renderApp('/shop', {
      user: makeUser({ isAdmin: true }),
      api: { 'GET /api/shop/site-settings': hidden.answer, 'GET /api/shop/items': () => json(200, { items: [item] }) },
    });
    expect(await screen.findByText('Loading the shop...')).toBeTruthy();
    hidden.release();
    expect(await screen.findByText(hiddenPageNotice)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Scout Corvette' })).toBeTruthy();
  });

  it('does not hold back a page no tab hides', async () => {
    const settings = heldSettings({ shop: false });
    renderApp('/login', { api: { 'GET /api/shop/site-settings': settings.answer } });
    // The form itself, not its shell: the fields take input while the settings are still on the way.
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'nova@example.com' } });
    expect((email as HTMLInputElement).value).toBe('nova@example.com');
    settings.release();
  });

  it('carries on with every tab visible when they fail to load', async () => {
    renderApp('/shop', {
      user: makeUser(),
      api: {
        'GET /api/shop/site-settings': () => json(500, { error: { message: 'down' } }),
        'GET /api/shop/items': () => json(200, { items: [item] }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Scout Corvette' })).toBeTruthy();
  });
});

describe('the outcome of a Discord link on the home page, where it lands while the dashboard is hidden', () => {
  it('welcomes the link, refreshes the player and clears the query string', async () => {
    let meCalls = 0;
    const { router } = renderApp('/?discord_success=1', {
      user: makeUser(),
      visibleTabs: { dashboard: false },
      strict: true,
      api: {
        'GET /api/auth/me': () => {
          meCalls += 1;
          return json(200, { user: makeUser() });
        },
      },
    });
    expect(await screen.findByText('Discord linked successfully!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(meCalls).toBeGreaterThan(1));
    expect(screen.getAllByText('Discord linked successfully!')).toHaveLength(1);
  });

  it('says why it failed', async () => {
    const { router } = renderApp('/?discord_error=already_linked', {
      user: makeUser(),
      visibleTabs: { dashboard: false },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Discord linking failed: this Discord account is already linked to another player',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
