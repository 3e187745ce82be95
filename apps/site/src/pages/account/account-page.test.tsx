// The Account page (issue 19) as a player meets it: its sections in order, the signed-in devices and
// signing them out, the download of their data, and deleting the account through its dialog.
import type { AccountSession } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, json, makeUser, renderApp } from '../../test/render-app.tsx';

function makeSession(overrides: Partial<AccountSession> = {}): AccountSession {
  return {
    _id: 'session-this',
    device: 'Firefox on Windows',
    address: '203.0.113.7',
    signedInAddress: '203.0.113.7',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastUsedAt: '2026-11-22T12:00:00.000Z',
    current: true,
    ...overrides,
  };
}

const phone = makeSession({
  _id: 'session-phone',
  device: 'Safari on iOS',
  address: '198.51.100.23',
  lastUsedAt: '2026-11-21T08:30:00.000Z',
  current: false,
});
const laptop = makeSession({ _id: 'session-laptop', device: 'Chrome on macOS', address: null, current: false });

const profile = {
  profile: { _id: 'user-1', username: 'nova', email: 'nova@example.com', createdAt: '2026-03-14T10:00:00.000Z' },
};

function renderAccount(api: Record<string, FakeRoute> = {}, sessions = [makeSession(), phone, laptop]) {
  return renderApp('/account', {
    user: makeUser({ username: 'nova', email: 'nova@example.com' }),
    api: {
      'GET /api/account/profile': () => json(200, profile),
      'GET /api/account/sessions': () => json(200, { sessions }),
      'GET /api/account/preferences': () => json(200, { preferences: { keepNewItemsOnSite: false } }),
      'GET /api/leaderboard/privacy': () => json(200, { showOnLeaderboards: true }),
      ...api,
    },
  });
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const sectionFound = async (name: string) => within(await screen.findByRole('region', { name }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('account page', () => {
  it('turns "Show me on leaderboards" off and says how the boards now show the player', async () => {
    const setPrivacy = vi.fn(({ body }: { body: unknown }) => json(200, body));
    renderAccount({ 'PATCH /api/leaderboard/privacy': setPrivacy });
    const box = await sectionFound('Leaderboards');
    const toggle = (await box.findByRole('checkbox', { name: 'Show me on leaderboards' })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(await screen.findByText('You are shown on the leaderboards as Anonymous pilot.')).toBeTruthy();
    expect(setPrivacy.mock.calls[0]?.[0].body).toEqual({ showOnLeaderboards: false });
    expect(toggle.checked).toBe(false);
  });

  it('shows its sections in order under one h1, with the profile', async () => {
    renderAccount();

    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    // The sections come as their data does: waited for, all of them, in this order.
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'Profile',
        'Email',
        'Password',
        'Two-factor sign-in',
        'Signed-in devices',
        'Items',
        'Leaderboards',
        'Your data',
        'Delete account',
      ]),
    );
    const facts = section('Profile');
    expect(facts.getByText('nova')).toBeTruthy();
    expect(facts.getByText('nova@example.com')).toBeTruthy();
    expect((await facts.findByText('Mar 14, 2026')).closest('time')?.getAttribute('dateTime')).toBe(
      '2026-03-14T10:00:00.000Z',
    );
    expect(document.title).toMatch(/^Account/);
  });

  it('keeps new items on site when the box is ticked, as the server answers', async () => {
    const sent: unknown[] = [];
    renderAccount({
      'PATCH /api/account/preferences': (request) => {
        sent.push(request.body);
        return json(200, { preferences: request.body });
      },
    });

    const items = await sectionFound('Items');
    const box = items.getByRole('checkbox', { name: 'Keep new items on site' }) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(sent).toEqual([{ keepNewItemsOnSite: true }]));
    expect(await screen.findByText('New items will stay on the site')).toBeTruthy();
    expect(box.checked).toBe(true);
  });

  it('sends a guest to the login page', async () => {
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lists the devices with this one marked, and a Sign out for each other one', async () => {
    renderAccount();

    const devices = await sectionFound('Signed-in devices');
    const rows = await devices.findAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.device-name')?.textContent)).toEqual([
      'Firefox on WindowsThis device',
      'Safari on iOS',
      'Chrome on macOS',
    ]);
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('from 198.51.100.23')).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement).getByRole('button', { name: /^Sign out Safari on iOS, last used/ }),
    ).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByText(/^from /)).toBeNull();
    // When it was last used, in the reader's time zone, as Intl's en-US writes a day and its time.
    const lastUsed = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date('2026-11-21T08:30:00.000Z'));
    expect(rows[1]?.querySelector('time')?.textContent).toBe(lastUsed);
    expect(devices.getByRole('button', { name: 'Sign out all other devices' })).toBeTruthy();
  });

  it('signs out one device, says so, and takes it off the list', async () => {
    const signOut = vi.fn(() => json(200, { signedOut: 1 }));
    renderAccount({ 'DELETE /api/account/sessions/session-phone': signOut });

    fireEvent.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/ }));

    expect(await screen.findByText('Signed out Safari on iOS.')).toBeTruthy();
    expect(signOut).toHaveBeenCalledTimes(1);
    // The keyboard stays in the list, not lost with the button that left.
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Signed-in devices' }));
    expect(section('Signed-in devices').queryByText('Safari on iOS')).toBeNull();
    expect(section('Signed-in devices').getByText('Chrome on macOS')).toBeTruthy();
  });

  it('signs out every other device in one call', async () => {
    const signOutOthers = vi.fn(() => json(200, { signedOut: 2 }));
    renderAccount({ 'POST /api/account/sessions/sign-out-others': signOutOthers });

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));

    expect(await screen.findByText('Signed out 2 other devices.')).toBeTruthy();
    const devices = section('Signed-in devices');
    expect(devices.getAllByRole('listitem')).toHaveLength(1);
    expect(devices.getByText('No other device is signed in to your account.')).toBeTruthy();
    expect((devices.getByRole('button', { name: 'Sign out all other devices' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says when the devices cannot be loaded, and tries again', async () => {
    let fail = true;
    renderAccount({
      'GET /api/account/sessions': () =>
        fail ? json(503, { error: { message: 'Unavailable' } }) : json(200, { sessions: [makeSession()] }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    expect(await screen.findByText('Could not load your signed-in devices.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await section('Signed-in devices').findByText('This device')).toBeTruthy();
  });

  it('downloads the data as the file the server names', async () => {
    const createObjectURL = vi.fn(() => 'blob:starport-data');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    renderAccount({
      'GET /api/account/export': () =>
        new Response('{"account":{}}', {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="starport-data-2026-11-22.json"',
          },
        }),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Download your data' }));

    expect(await screen.findByText('Your data has been downloaded.')).toBeTruthy();
    expect(clicked).toEqual([{ download: 'starport-data-2026-11-22.json', href: 'blob:starport-data' }]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  describe('deleting the account', () => {
    async function openDialog() {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
      return within(screen.getByRole('dialog', { name: 'Delete your account?' }));
    }

    it('says what happens, and asks for the password and the username before the button works', async () => {
      renderAccount();
      expect((await sectionFound('Delete account')).getByText(/cannot be undone/)).toBeTruthy();

      const dialog = await openDialog();
      const password = dialog.getByLabelText('Password');
      expect(document.activeElement).toBe(password);
      const confirm = dialog.getByLabelText('Type your username, nova, to confirm');
      const button = dialog.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      fireEvent.change(password, { target: { value: 'Orbital-Drift-42' } });
      fireEvent.change(confirm, { target: { value: 'someone' } });
      expect(button.disabled).toBe(true);
      fireEvent.change(confirm, { target: { value: 'NOVA' } });
      expect(button.disabled).toBe(false);

      fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('shows the server’s refusal in the dialog and keeps the player signed in', async () => {
      renderAccount({
        'POST /api/account/delete': () =>
          json(403, { error: { message: 'The password is not correct', code: 'forbidden' } }),
      });
      const dialog = await openDialog();
      fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'wrong-one' } });
      fireEvent.change(dialog.getByLabelText(/Type your username/), { target: { value: 'nova' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));

      expect((await dialog.findByRole('alert')).textContent).toBe('The password is not correct');
      expect(document.activeElement).toBe(dialog.getByLabelText('Password'));
      expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    });

    it('deletes with the password and confirmation, signs out and shows the confirmation', async () => {
      const sent: unknown[] = [];
      const { router, tokens, calls } = renderAccount({
        'POST /api/account/delete': ({ body }) => {
          sent.push(body);
          return json(200, { deleted: true });
        },
        'POST /api/auth/logout': () => json(401, { error: { message: 'Please log in to continue' } }),
      });
      const dialog = await openDialog();
      fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'Orbital-Drift-42' } });
      fireEvent.change(dialog.getByLabelText(/Type your username/), { target: { value: 'nova' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeTruthy();
      expect(sent).toEqual([{ password: 'Orbital-Drift-42', confirm: 'nova' }]);
      expect(router.state.location.pathname).toBe('/account-deleted');
      await waitFor(() => expect(tokens.value).toBeNull());
      expect(calls).toContain('POST /api/account/delete');
      // Signed out: the navigation offers Login again.
      expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    });
  });
});

describe('ways to the account page', () => {
  it('the player’s name in the navigation and a link on the dashboard lead there', async () => {
    renderApp('/dashboard', { user: makeUser({ username: 'nova' }) });

    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect((await nav.findByRole('link', { name: /nova.*account settings/i })).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'Account settings' }).getAttribute('href')).toBe('/account');
  });
});
