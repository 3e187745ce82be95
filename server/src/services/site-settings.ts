// Site settings as the public sees them: the stored row over the defaults of SPEC.md §2.
import { defaultSiteSettings, type SiteSettings, tabKeys } from '@starport/api-client/contract';
import type { AppContext } from '../context.ts';
import { findSiteSettings } from '../db/repositories/site-settings.ts';

export async function getSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  const row = await findSiteSettings(ctx.db);
  if (!row) return defaultSiteSettings;
  const stored = JSON.parse(row.visible_tabs) as Record<string, unknown>;
  const visibleTabs = { ...defaultSiteSettings.visibleTabs };
  // Only a stored false hides a tab: a tab added later starts visible.
  for (const key of tabKeys) if (stored[key] === false) visibleTabs[key] = false;
  return { visibleTabs, thankYouMessage: row.thank_you_message };
}
