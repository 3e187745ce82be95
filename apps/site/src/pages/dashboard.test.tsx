// The dashboard of SPEC.md §2: the three cards, the quick actions and their tabs, Discord linking and
// unlinking, and the ?discord_success / ?discord_error round trip.
import { defaultSiteSettings } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app.tsx';

function card(name: string) {
  return within(screen.getByRole('region', { name }));
}

function quickActionTitles() {
  const region = screen.getByRole('region', { name: 'Quick Actions' });
  return Array.from(region.querySelectorAll('.quick-title')).map((title) => title.textContent);
}

describe('dashboard page', () => {
  it('shows the credits, supporter tier and an unlinked Discord', async () => {
    renderApp('/dashboard', { user: makeUser({ username: 'nova', credits: 2500, currentTier: null }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, nova' })).toBeTruthy();
    expect(card('Credits').getByText('2,500')).toBeTruthy();
    expect(card('Credits').getByRole('link', { name: 'Buy Credits' }).getAttribute('href')).toBe('/shop');
    expect(card('Supporter Tier').getByText('None')).toBeTruthy();
    expect(card('Supporter Tier').getByRole('link', { name: 'View Tiers' }).getAttribute('href')).toBe('/tiers');
    expect(card('Discord').getByText('Not Linked')).toBeTruthy();
    expect(card('Discord').getByRole('button', { name: 'Link Discord' })).toBeTruthy();
    expect(card('Discord').queryByRole('button', { name: 'Unlink Discord' })).toBeNull();
  });

  it("shows the player's tier and linked Discord name", async () => {
    renderApp('/dashboard', {
      user: makeUser({
        currentTier: { _id: 'tier-captain', name: 'Captain', price: 9.99 },
        discordId: '1234',
        discordUsername: 'nova#0001',
      }),
    });

    expect(await screen.findByText('Captain')).toBeTruthy();
    expect(card('Supporter Tier').queryByText('None')).toBeNull();
    expect(card('Discord').getByText('nova#0001')).toBeTruthy();
    expect(card('Discord').queryByText('Not Linked')).toBeNull();
    expect(card('Discord').getByRole('button', { name: 'Unlink Discord' })).toBeTruthy();
  });

  it('offers every quick action, and to a player no Play Game tile while no Play URL is set', async () => {
    renderApp('/dashboard', { user: makeUser() });

    await screen.findByRole('heading', { name: 'Quick Actions' });
    expect(quickActionTitles()).toEqual(['Shop', 'Inventory', 'Support', 'Trade', 'Leaderboard']);
    const region = within(screen.getByRole('region', { name: 'Quick Actions' }));
    expect(region.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/shop',
      '/inventory',
      '/tiers',
      '/trade',
      '/leaderboard',
    ]);
  });

  it('shows an admin where to set the Play URL while it is unset', async () => {
    renderApp('/dashboard', { user: makeUser({ isAdmin: true }) });

    const hint = await screen.findByRole('link', { name: /Set the Play URL in Site Settings/ });
    expect(hint.getAttribute('href')).toBe('/admin/settings');
  });

  it('opens the Play URL with the Play label once set, and says how many pilots are online', async () => {
    renderApp('/dashboard', {
      user: makeUser(),
      api: {
        'GET /api/shop/site-settings': () =>
          json(200, {
            settings: {
              visibleTabs: defaultSiteSettings.visibleTabs,
              thankYouMessage: '',
              playUrl: 'starport://play',
              playLabel: 'Launch Starport',
            },
          }),
        'GET /api/status': () => json(200, { playersOnline: 1234, servers: 2 }),
      },
    });

    const tile = await screen.findByRole('link', { name: /Launch Starport/ });
    expect(tile.getAttribute('href')).toBe('starport://play');
    expect(await screen.findByText('1,234 pilots online')).toBeTruthy();
  });

  it('hides the quick actions whose tabs the site settings hide', async () => {
    renderApp('/dashboard', { user: makeUser(), visibleTabs: { shop: false, support: false, leaderboard: false } });

    await waitFor(() => expect(quickActionTitles()).toEqual(['Inventory', 'Trade']));
  });

  // Issue 23: said on the card before any click, the button disabled; the admin dashboard says what to set.
  it('says plainly that Discord linking is not available on a server without it, and disables the button', async () => {
    const { calls } = renderApp('/dashboard', { user: makeUser(), discord: { linking: false, roles: false } });

    await screen.findByRole('region', { name: 'Discord' });
    const button = card('Discord').getByRole('button', { name: 'Link Discord' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(card('Discord').getByText('Not Linked')).toBeTruthy();
    const note = card('Discord').getByText('Discord linking is not available on this server.');
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
    fireEvent.click(button);
    expect(calls).not.toContain('GET /api/discord/link');
  });

  it('disables Unlink Discord too where the server has no Discord settings', async () => {
    renderApp('/dashboard', {
      user: makeUser({ discordId: '1234', discordUsername: 'nova#0001' }),
      discord: { linking: false, roles: false },
    });

    await screen.findByRole('region', { name: 'Discord' });
    const button = card('Discord').getByRole('button', { name: 'Unlink Discord' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(card('Discord').getByText('nova#0001')).toBeTruthy();
    expect(card('Discord').getByText('Discord linking is not available on this server.')).toBeTruthy();
  });

  it('keeps Link Discord as the specification has it where the server has Discord', async () => {
    renderApp('/dashboard', { user: makeUser(), discord: { linking: true, roles: false } });

    await screen.findByRole('region', { name: 'Discord' });
    const button = card('Discord').getByRole('button', { name: 'Link Discord' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(card('Discord').getByText('Link your account to receive your supporter role.')).toBeTruthy();
    expect(card('Discord').queryByText('Discord linking is not available on this server.')).toBeNull();
  });

  it('leaves out Buy Credits and View Tiers while the Shop and Support tabs are hidden', async () => {
    renderApp('/dashboard', { user: makeUser(), visibleTabs: { shop: false, support: false } });

    await waitFor(() => expect(quickActionTitles()).toEqual(['Inventory', 'Trade', 'Leaderboard']));
    expect(card('Credits').queryByRole('link', { name: 'Buy Credits' })).toBeNull();
    expect(card('Supporter Tier').queryByRole('link', { name: 'View Tiers' })).toBeNull();
    expect(document.querySelector('a[href="/shop"], a[href="/tiers"]')).toBeNull();
  });

  it('sends the browser to Discord when linking starts', async () => {
    const { navigateAway, calls } = renderApp('/dashboard', {
      user: makeUser(),
      api: { 'GET /api/discord/link': () => json(200, { redirectUrl: 'https://discord.test/oauth2/authorize?x=1' }) },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Link Discord' }));

    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('https://discord.test/oauth2/authorize?x=1'));
    expect(calls).toContain('GET /api/discord/link');
  });

  it('says so when linking cannot start', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { navigateAway } = renderApp('/dashboard', {
      user: makeUser(),
      api: { 'GET /api/discord/link': () => json(503, { error: { message: 'Discord is not configured' } }) },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Link Discord' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Failed to initiate Discord linking');
    expect(navigateAway).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Link Discord' }) as HTMLButtonElement).disabled).toBe(false);
    logged.mockRestore();
  });

  it('asks before unlinking and does nothing when cancelled', async () => {
    const { calls } = renderApp('/dashboard', { user: makeUser({ discordId: '1234', discordUsername: 'nova' }) });

    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Discord' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you want to unlink your Discord account?');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).not.toContain('POST /api/discord/unlink');
  });

  it('redeems a credit code: the server’s refusal under the field, then the toast and the refreshed balance', async () => {
    let user = makeUser({ credits: 100 });
    const sent: unknown[] = [];
    renderApp('/dashboard', {
      user,
      api: {
        'GET /api/auth/me': () => json(200, { user }),
        'POST /api/credit-codes/redeem': (request) => {
          const body = request.body as { code: string };
          sent.push(body);
          if (body.code === 'used-one') {
            return json(409, { error: { message: 'This code has already been used', code: 'conflict' } });
          }
          user = makeUser({ credits: 600 });
          return json(200, { added: 500, credits: 600 });
        },
      },
    });

    const redeem = within(await screen.findByRole('region', { name: 'Redeem a code' }));
    const field = redeem.getByLabelText('Code');
    expect(redeem.getByRole('button', { name: 'Redeem' })).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: 'used-one' } });
    fireEvent.click(redeem.getByRole('button', { name: 'Redeem' }));
    expect((await redeem.findByRole('alert')).textContent).toBe('This code has already been used');

    fireEvent.change(field, { target: { value: 'ABCD-EFGH-JKMN-PQRS-TVWX' } });
    fireEvent.click(redeem.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Code redeemed: 500 credits added')).toBeTruthy();
    expect(await card('Credits').findByText('600')).toBeTruthy();
    expect(redeem.queryByRole('alert')).toBeNull();
    expect((field as HTMLInputElement).value).toBe('');
    expect(sent).toEqual([{ code: 'used-one' }, { code: 'ABCD-EFGH-JKMN-PQRS-TVWX' }]);
  });

  it('unlinks after confirmation, says so and shows the refreshed user', async () => {
    let user = makeUser({ discordId: '1234', discordUsername: 'nova#0001' });
    const { calls } = renderApp('/dashboard', {
      user,
      api: {
        'GET /api/auth/me': () => json(200, { user }),
        'POST /api/discord/unlink': () => {
          user = makeUser({ discordId: null, discordUsername: null });
          return json(200, { ok: true });
        },
      },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Discord' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByText('Discord account unlinked successfully')).toBeTruthy();
    expect(await card('Discord').findByText('Not Linked')).toBeTruthy();
    expect(calls).toContain('POST /api/discord/unlink');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says so when unlinking fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/dashboard', {
      user: makeUser({ discordId: '1234', discordUsername: 'nova#0001' }),
      api: { 'POST /api/discord/unlink': () => json(500, { error: { message: 'Internal error' } }) },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Discord' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Failed to unlink Discord account');
    expect(card('Discord').getByText('nova#0001')).toBeTruthy();
    logged.mockRestore();
  });

  it('welcomes a freshly linked Discord, refreshes the user and clears the query string', async () => {
    // The OAuth callback linked the account before coming back: only a fresh /auth/me knows it.
    let meCalls = 0;
    const { router } = renderApp('/dashboard?discord_success=1', {
      user: makeUser(),
      api: {
        'GET /api/auth/me': () => {
          meCalls += 1;
          const linked = meCalls > 1;
          return json(200, {
            user: makeUser(linked ? { discordId: '1234', discordUsername: 'nova#0001' } : { discordId: null }),
          });
        },
      },
    });

    expect(await screen.findByText('Discord linked successfully!')).toBeTruthy();
    expect(await card('Discord').findByText('nova#0001')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("welcomes the link once under StrictMode's doubled effects", async () => {
    const { router } = renderApp('/dashboard?discord_success=', { user: makeUser(), strict: true });

    expect(await screen.findByText('Discord linked successfully!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByText('Discord linked successfully!')).toHaveLength(1);
  });

  it('reports a failed Discord link with its reason and clears the query string', async () => {
    const { router } = renderApp('/dashboard?discord_error=cancelled', { user: makeUser(), strict: true });

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Discord linking failed: you cancelled on Discord',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByText('Discord linking failed: you cancelled on Discord')).toHaveLength(1);
  });

  it('leaves a dashboard without those parameters alone', async () => {
    const { router } = renderApp('/dashboard?tab=overview', { user: makeUser() });

    await screen.findByRole('heading', { name: /Welcome/ });
    expect(router.state.location.search).toBe('?tab=overview');
    expect(screen.queryByText(/Discord link/)).toBeNull();
  });
});
