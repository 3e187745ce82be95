// /discord/connect: starts Discord linking with the stored session, or says it could not.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app.tsx';

describe('discord connect page', () => {
  it("asks for Discord's address with the session and goes there, once", async () => {
    const { navigateAway, calls } = renderApp('/discord/connect', {
      user: makeUser(),
      strict: true,
      api: { 'GET /api/discord/link': () => json(200, { redirectUrl: 'https://discord.test/authorize?state=abc' }) },
    });
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('https://discord.test/authorize?state=abc'));
    expect(calls.filter((call) => call === 'GET /api/discord/link')).toHaveLength(1);
  });

  it('shows the error toast and returns to the dashboard when linking cannot start', async () => {
    const { router, navigateAway } = renderApp('/discord/connect', {
      user: makeUser(),
      api: {
        'GET /api/discord/link': () =>
          json(503, { error: { message: 'Discord is not configured on this server', code: 'service_unavailable' } }),
      },
    });
    expect(await screen.findByText('Failed to initiate Discord linking')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(navigateAway).not.toHaveBeenCalled();
  });

  it('sends a guest to the login page', async () => {
    const { router } = renderApp('/discord/connect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
