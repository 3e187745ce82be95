// The admin dashboard's word on Discord (issue 23): nothing when the server has every setting, else
// what does not work and the environment variables that would make it work.
import { defaultSiteSettings } from '@starport/api-client/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderAdmin } from '../test/render-admin.tsx';

const answering = (discord: { linking: boolean; roles: boolean } | undefined) => ({
  'GET /api/shop/site-settings': () => json(200, { settings: defaultSiteSettings, ...(discord ? { discord } : {}) }),
});

const setup = () => screen.queryByRole('region', { name: /Discord/ });
const codes = () => [...(setup()?.querySelectorAll('code') ?? [])].map((code) => code.textContent);

describe('the dashboard on Discord', () => {
  it('lists the four settings when Discord is not set up at all', async () => {
    renderAdmin('/admin', { api: answering({ linking: false, roles: false }) });

    expect(
      await screen.findByRole('region', {
        name: 'Discord is not set up on this server: players cannot link Discord or sign in with it.',
      }),
    ).toBeTruthy();
    expect(codes()).toEqual(['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DISCORD_BOT_TOKEN', 'DISCORD_GUILD_ID']);
    expect(setup()?.textContent).toContain('PUBLIC_URL/api/discord/callback');
  });

  it('lists only the bot’s settings when linking works but roles do not', async () => {
    renderAdmin('/admin', { api: answering({ linking: true, roles: false }) });

    expect(
      await screen.findByRole('region', {
        name: 'Discord tier roles are off on this server: linked players get no role for their tier.',
      }),
    ).toBeTruthy();
    expect(codes()).toEqual(['DISCORD_BOT_TOKEN', 'DISCORD_GUILD_ID']);
  });

  // The game servers' table is asked for after the settings (it comes later on the screen), so once it
  // shows, the settings' answer is in too.
  const heartbeats = {
    'GET /api/admin/game-heartbeats': () =>
      json(200, {
        servers: [{ keyName: 'EU', serverName: 'eu-1', playersOnline: 3, seenAt: '2026-03-14T12:00:00.000Z' }],
      }),
  };

  it('says nothing when everything is set', async () => {
    renderAdmin('/admin', { api: { ...answering({ linking: true, roles: true }), ...heartbeats } });
    expect(await screen.findByRole('table', { name: 'Game servers' })).toBeTruthy();
    expect(setup()).toBeNull();
  });

  it('says nothing to an older server’s answer without the part on Discord', async () => {
    renderAdmin('/admin', { api: { ...answering(undefined), ...heartbeats } });
    expect(await screen.findByRole('table', { name: 'Game servers' })).toBeTruthy();
    expect(setup()).toBeNull();
  });
});
