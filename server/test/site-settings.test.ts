// Site settings: the public GET with the defaults of SPEC.md §2 until an administrator stores
// settings, and the admin's GET and PATCH.
import { defaultSiteSettings, siteSettingsResponseSchema } from '@starport/api-client/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantAdmin } from '../src/services/admin/administrators.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('site settings on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('answers every tab visible and no message on a new site, to guests too', async () => {
    const res = await call(h, 'GET', '/api/shop/site-settings');
    expect(res.status).toBe(200);
    expect(siteSettingsResponseSchema.parse(res.json)).toEqual({
      settings: defaultSiteSettings,
      discord: { linking: false, roles: false },
    });
  });

  // Issue 23: the site disables Link Discord, and the admin dashboard lists what to set, from this.
  it('says what Discord can do on this server, from its configuration', async () => {
    const configured = await createHarness(dialect, {
      env: {
        DISCORD_CLIENT_ID: 'client',
        DISCORD_CLIENT_SECRET: 'secret',
        DISCORD_BOT_TOKEN: 'bot',
        DISCORD_GUILD_ID: 'guild',
      },
    });
    const linkingOnly = await createHarness(dialect, {
      env: { DISCORD_CLIENT_ID: 'client', DISCORD_CLIENT_SECRET: 'secret' },
    });
    const idWithoutSecret = await createHarness(dialect, { env: { DISCORD_CLIENT_ID: 'client' } });
    try {
      const discordOf = async (harness: TestHarness) =>
        siteSettingsResponseSchema.parse((await call(harness, 'GET', '/api/shop/site-settings')).json).discord;
      expect(await discordOf(h)).toEqual({ linking: false, roles: false });
      expect(await discordOf(configured)).toEqual({ linking: true, roles: true });
      expect(await discordOf(linkingOnly)).toEqual({ linking: true, roles: false });
      expect(await discordOf(idWithoutSecret)).toEqual({ linking: false, roles: false });
      // The link call agrees: refused where the settings say linking is off.
      const player = await registerPlayer(h);
      const refused = await call(h, 'GET', '/api/discord/link', { token: player.token });
      expect(refused.status).toBe(503);
      expect(refused.json.error.message).toBe('Discord is not configured on this server');
    } finally {
      await configured.close();
      await linkingOnly.close();
      await idWithoutSecret.close();
    }
  });

  it('answers what is stored, with tabs it does not mention visible', async () => {
    await h.ctx.db
      .insertInto('site_settings')
      .values({
        id: 'site',
        visible_tabs: JSON.stringify({ trade: false, leaderboard: false, shop: true }),
        thank_you_message: 'Thank you, commander!',
        updated_at: h.clock().toISOString(),
      })
      .execute();
    const res = await call(h, 'GET', '/api/shop/site-settings');
    expect(res.json.settings).toEqual({
      visibleTabs: { ...defaultSiteSettings.visibleTabs, trade: false, leaderboard: false },
      thankYouMessage: 'Thank you, commander!',
      requireAdminTwoFactor: false,
      playUrl: null,
      playLabel: 'Play Game',
      creditsInTrades: true,
      monthlyGoal: null,
    });
  });

  it('lets an admin hide tabs and write the message; what a change leaves out stays', async () => {
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    const first = await call(h, 'PATCH', '/api/admin/site-settings', {
      token: admin.token,
      body: { visibleTabs: { ...defaultSiteSettings.visibleTabs, trade: false }, thankYouMessage: 'Welcome aboard!' },
    });
    expect(first.status).toBe(200);
    expect(first.json.settings).toEqual({
      visibleTabs: { ...defaultSiteSettings.visibleTabs, trade: false },
      thankYouMessage: 'Welcome aboard!',
      requireAdminTwoFactor: false,
      playUrl: null,
      playLabel: 'Play Game',
      creditsInTrades: true,
      monthlyGoal: null,
      newsWebhookUrl: null,
    });
    await call(h, 'PATCH', '/api/admin/site-settings', { token: admin.token, body: { visibleTabs: { shop: false } } });

    const expected = {
      visibleTabs: { ...defaultSiteSettings.visibleTabs, trade: false, shop: false },
      thankYouMessage: 'Welcome aboard!',
      requireAdminTwoFactor: false,
      playUrl: null,
      playLabel: 'Play Game',
      creditsInTrades: true,
      monthlyGoal: null,
    };
    expect((await call(h, 'GET', '/api/shop/site-settings')).json.settings).toEqual(expected);
    // Administrators also see the news webhook, which the public answer leaves out.
    expect((await call(h, 'GET', '/api/admin/site-settings', { token: admin.token })).json.settings).toEqual({
      ...expected,
      newsWebhookUrl: null,
    });
    expect(h.logs.filter((l) => l.msg === 'admin.change' && l.action === 'site_settings.update')).toHaveLength(2);
  });

  it('refuses bad settings with a clear message, guests with 401 and players with 403, changing nothing', async () => {
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    const player = await registerPlayer(h);
    const bad: [unknown, string][] = [
      [{ visibleTabs: { shop: 'no' } }, 'Each visible tab must be true or false'],
      [{ visibleTabs: { casino: true } }, 'Each visible tab must be true or false'],
      [{ visibleTabs: [] }, 'Each visible tab must be true or false'],
      [{ thankYouMessage: 42 }, 'The thank-you message must be text of at most 2000 characters'],
      [{ thankYouMessage: 'x'.repeat(2001) }, 'The thank-you message must be text of at most 2000 characters'],
    ];
    for (const [body, message] of bad) {
      const res = await call(h, 'PATCH', '/api/admin/site-settings', { token: admin.token, body });
      expect([res.status, res.json.error.message], JSON.stringify(body)).toEqual([400, message]);
    }
    const hide = { visibleTabs: { shop: false } };
    expect((await call(h, 'PATCH', '/api/admin/site-settings', { body: hide })).status).toBe(401);
    expect((await call(h, 'PATCH', '/api/admin/site-settings', { token: player.token, body: hide })).status).toBe(403);
    expect((await call(h, 'GET', '/api/admin/site-settings', { token: player.token })).status).toBe(403);
    expect((await call(h, 'GET', '/api/shop/site-settings')).json.settings).toEqual(defaultSiteSettings);
  });
});
