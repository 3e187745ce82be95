// Site settings (SPEC.md §2, §3): the stored row over the defaults, and the admin's changes.
import {
  defaultSiteSettings,
  type SiteSettings,
  tabKeys,
  twoFactorMessages,
  type UpdateSiteSettingsRequest,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { findSiteSettings, upsertSiteSettings } from '../../db/repositories/site-settings.ts';
import { hasTwoFactorEnabled } from '../../db/repositories/two-factor.ts';
import { conflict } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { adminTransaction } from '../admin/audit.ts';

export async function getSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  return getSiteSettingsFrom(ctx.db);
}

async function getSiteSettingsFrom(db: Executor): Promise<SiteSettings> {
  const row = await findSiteSettings(db);
  if (!row) return defaultSiteSettings;
  const stored = JSON.parse(row.visible_tabs) as Record<string, unknown>;
  const visibleTabs = { ...defaultSiteSettings.visibleTabs };
  // Only a stored false hides a tab: a tab added later starts visible.
  for (const key of tabKeys) if (stored[key] === false) visibleTabs[key] = false;
  return {
    visibleTabs,
    thankYouMessage: row.thank_you_message,
    requireAdminTwoFactor: row.require_admin_two_factor === 1,
  };
}

/**
 * Applies an admin's change over what is stored; what the change leaves out stays as it was. The
 * admin tab stays visible whatever is sent: administrators must always reach the panel. Requiring
 * two-factor sign-in of administrators is turned on only by one who has it on (else they are locked out).
 */
export async function updateSiteSettings(
  ctx: AppContext,
  adminId: string,
  change: UpdateSiteSettingsRequest,
): Promise<SiteSettings> {
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const current = await getSiteSettingsFrom(trx);
    const settings: SiteSettings = {
      visibleTabs: { ...current.visibleTabs },
      thankYouMessage: change.thankYouMessage ?? current.thankYouMessage,
      requireAdminTwoFactor: change.requireAdminTwoFactor ?? current.requireAdminTwoFactor,
    };
    if (
      settings.requireAdminTwoFactor &&
      !current.requireAdminTwoFactor &&
      !(await hasTwoFactorEnabled(trx, adminId))
    ) {
      throw conflict(twoFactorMessages.settingNeedsYourTwoFactor);
    }
    for (const key of tabKeys) {
      const value = change.visibleTabs?.[key];
      if (value !== undefined) settings.visibleTabs[key] = value;
    }
    settings.visibleTabs.admin = true;
    await upsertSiteSettings(trx, {
      visible_tabs: JSON.stringify(settings.visibleTabs),
      thank_you_message: settings.thankYouMessage,
      require_admin_two_factor: settings.requireAdminTwoFactor ? 1 : 0,
      updated_at: toIso(ctx.clock()),
    });
    await audit({
      action: 'site_settings.update',
      targetType: 'site_settings',
      targetId: null,
      before: current,
      after: settings,
    });
    return settings;
  });
}
