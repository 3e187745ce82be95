// Site Settings (SPEC.md §2/§3/§4/§8): the tab checkboxes (admin always on), the thank-you message,
// saving with its toast, the host told, and the failures.
import type { SiteSettings } from '@starport/api-client/contract';
import { defaultSiteSettings } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAdmin } from '../test/render-admin.tsx';

function settingsServer(initial: SiteSettings) {
  let settings = initial;
  return {
    'GET /api/admin/site-settings': () => json(200, { settings }),
    'PATCH /api/admin/site-settings': ({ body }: { body: unknown }) => {
      const change = body as Partial<SiteSettings>;
      settings = { ...settings, ...change, visibleTabs: { ...settings.visibleTabs, ...change.visibleTabs } };
      return json(200, { settings });
    },
  };
}

const stored: SiteSettings = {
  visibleTabs: { ...defaultSiteSettings.visibleTabs, trade: false },
  thankYouMessage: 'Thanks, pilot!',
  requireAdminTwoFactor: false,
  playUrl: null,
  playLabel: 'Play Game',
  creditsInTrades: true,
  monthlyGoal: null,
};

describe('SiteSettingsScreen', () => {
  it('shows a checkbox per tab as stored, the admin one checked and disabled, and the message', async () => {
    renderAdmin('/admin/settings', { api: settingsServer(stored) });

    const trade = (await screen.findByRole('checkbox', { name: 'Trade' })) as HTMLInputElement;
    expect(trade.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Shop' }) as HTMLInputElement).checked).toBe(true);
    const admin = screen.getByRole('checkbox', { name: 'Admin' }) as HTMLInputElement;
    expect(admin.checked).toBe(true);
    expect(admin.disabled).toBe(true);
    expect((screen.getByLabelText('Thank-you message') as HTMLTextAreaElement).value).toBe('Thanks, pilot!');
  });

  it('saves the tabs (admin always visible) and the message, toasts, tells the host and refetches', async () => {
    const onSiteSettingsSaved = vi.fn();
    const { bodies, count } = renderAdmin('/admin/settings', { api: settingsServer(stored), onSiteSettingsSaved });

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Leaderboard' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Trade' }));
    fireEvent.change(screen.getByLabelText('Thank-you message'), { target: { value: 'You keep the lights on.' } });
    fireEvent.change(screen.getByLabelText('Play URL'), { target: { value: 'starport://play' } });
    fireEvent.change(screen.getByLabelText('Play label'), { target: { value: 'Launch Starport' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved successfully')).toBeTruthy();
    const expected = {
      visibleTabs: {
        dashboard: true,
        shop: true,
        inventory: true,
        trade: true,
        support: true,
        leaderboard: false,
        updates: true,
        admin: true,
      },
      thankYouMessage: 'You keep the lights on.',
      requireAdminTwoFactor: false,
      creditsInTrades: true,
      playUrl: 'starport://play',
      playLabel: 'Launch Starport',
      newsWebhookUrl: '',
      monthlyGoal: null,
    };
    expect(bodies('PATCH /api/admin/site-settings')).toEqual([expected]);
    expect(onSiteSettingsSaved).toHaveBeenCalledWith(expected);
    await waitFor(() => expect(count('GET /api/admin/site-settings')).toBe(2));
    expect((screen.getByRole('checkbox', { name: 'Leaderboard' }) as HTMLInputElement).checked).toBe(false);
  });

  it('sets the monthly goal from its amount and text, shows a stored one, and clears it when the amount is emptied', async () => {
    const { bodies } = renderAdmin('/admin/settings', { api: settingsServer(stored) });
    const amount = (await screen.findByLabelText('Goal (USD)')) as HTMLInputElement;
    expect(amount.value).toBe('');
    fireEvent.change(amount, { target: { value: '250.50' } });
    fireEvent.change(screen.getByLabelText('Goal text'), { target: { value: 'Keep the servers running' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeTruthy();
    // The refetched settings fill the form again.
    await waitFor(() => expect((screen.getByLabelText('Goal (USD)') as HTMLInputElement).value).toBe('250.5'));
    expect((screen.getByLabelText('Goal text') as HTMLInputElement).value).toBe('Keep the servers running');

    fireEvent.change(screen.getByLabelText('Goal (USD)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(bodies('PATCH /api/admin/site-settings')).toHaveLength(2));
    expect(bodies('PATCH /api/admin/site-settings').map((body) => (body as SiteSettings).monthlyGoal)).toEqual([
      { amountUSD: 250.5, text: 'Keep the servers running' },
      null,
    ]);
  });

  it('turns credits in trades off', async () => {
    const { bodies } = renderAdmin('/admin/settings', { api: settingsServer(stored) });
    const box = (await screen.findByRole('checkbox', { name: 'Allow credits in trades' })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeTruthy();
    expect(bodies('PATCH /api/admin/site-settings').map((body) => (body as SiteSettings).creditsInTrades)).toEqual([
      false,
    ]);
  });

  it('requires two-factor sign-in of administrators, and shows the refusal of an admin who has none', async () => {
    let allowed = false;
    const server = settingsServer(stored);
    const { bodies } = renderAdmin('/admin/settings', {
      api: {
        ...server,
        'PATCH /api/admin/site-settings': (request) =>
          allowed
            ? server['PATCH /api/admin/site-settings'](request)
            : json(409, {
                error: {
                  message: 'Turn on two-factor sign-in for your own account first, or you would lock yourself out.',
                  code: 'conflict',
                },
              }),
      },
    });
    const box = (await screen.findByRole('checkbox', {
      name: 'Require two-factor sign-in for administrators',
    })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText('Turn on two-factor sign-in for your own account first, or you would lock yourself out.'),
    ).toBeTruthy();

    allowed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeTruthy();
    expect(
      bodies('PATCH /api/admin/site-settings').map((body) => (body as SiteSettings).requireAdminTwoFactor),
    ).toEqual([true, true]);
  });

  it("says 'Failed to fetch site settings' and offers to try again", async () => {
    renderAdmin('/admin/settings', { api: { 'GET /api/admin/site-settings': () => json(500, {}) } });

    expect(await screen.findByText('Failed to fetch site settings')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
  });

  it("says 'Failed to save settings' when saving fails", async () => {
    const onSiteSettingsSaved = vi.fn();
    renderAdmin('/admin/settings', {
      api: { ...settingsServer(stored), 'PATCH /api/admin/site-settings': () => json(500, {}) },
      onSiteSettingsSaved,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Failed to save settings')).toBeTruthy();
    expect(onSiteSettingsSaved).not.toHaveBeenCalled();
  });
});
