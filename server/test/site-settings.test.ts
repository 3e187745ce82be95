// GET /api/shop/site-settings: the defaults of SPEC.md §2 until an administrator stores settings.
import { defaultSiteSettings, siteSettingsResponseSchema } from '@starport/api-client/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from './helpers/http.ts';
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
    expect(siteSettingsResponseSchema.parse(res.json)).toEqual({ settings: defaultSiteSettings });
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
    });
  });
});
