// Site settings (SPEC.md §2, §3): the stored row over the defaults, and the admin's changes.
import {
  type AdminSiteSettings,
  DEFAULT_PLAY_LABEL,
  defaultSiteSettings,
  type SiteSettings,
  tabKeys,
  twoFactorMessages,
  type UpdateSiteSettingsRequest,
  type VisibleTabs,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { findSiteSettings, upsertSiteSettings } from '../../db/repositories/site-settings.ts';
import { hasTwoFactorEnabled } from '../../db/repositories/two-factor.ts';
import { conflict } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { centsToUsd, usdToCents } from '../accounts/user-view.ts';
import { adminTransaction } from '../admin/audit.ts';
import { discordAvailability } from '../discord/link.ts';
import { cachedAnswer, type JsonAnswer, PUBLIC_KEYS } from './public-cache.ts';

/** What everyone reads: the admin-only parts (the news webhook) left out. */
export async function getSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  const { newsWebhookUrl: _secret, ...settings } = await getSiteSettingsFrom(ctx.db);
  return settings;
}

/**
 * GET /api/shop/site-settings's answer (the settings everyone reads, and what Discord can do here),
 * from the public cache: an admin's change empties it on every instance (public-cache.ts).
 */
export function publicSiteSettingsAnswer(ctx: AppContext): Promise<JsonAnswer> {
  return cachedAnswer(ctx, PUBLIC_KEYS.settings, async () => ({
    settings: await getSiteSettings(ctx),
    discord: discordAvailability(ctx),
  }));
}

/** The tabs players see now, as the site reads them (for the sitemap and the Discord callback). */
export async function publicVisibleTabs(ctx: AppContext): Promise<VisibleTabs> {
  const answer = JSON.parse((await publicSiteSettingsAnswer(ctx)).json) as { settings: SiteSettings };
  return answer.settings.visibleTabs;
}

export async function getAdminSiteSettings(ctx: AppContext): Promise<AdminSiteSettings> {
  return getSiteSettingsFrom(ctx.db);
}

/** The Discord webhook news posts are announced to, or null. */
export async function getNewsWebhookUrl(db: Executor): Promise<string | null> {
  return (await findSiteSettings(db))?.news_webhook_url ?? null;
}

async function getSiteSettingsFrom(db: Executor): Promise<AdminSiteSettings> {
  const row = await findSiteSettings(db);
  if (!row) return { ...defaultSiteSettings, newsWebhookUrl: null };
  const stored = JSON.parse(row.visible_tabs) as Record<string, unknown>;
  const visibleTabs = { ...defaultSiteSettings.visibleTabs };
  // Only a stored false hides a tab: a tab added later starts visible.
  for (const key of tabKeys) if (stored[key] === false) visibleTabs[key] = false;
  return {
    visibleTabs,
    thankYouMessage: row.thank_you_message,
    requireAdminTwoFactor: row.require_admin_two_factor === 1,
    playUrl: row.play_url || null,
    playLabel: row.play_label || DEFAULT_PLAY_LABEL,
    creditsInTrades: row.credits_in_trades !== 0,
    monthlyGoal:
      row.monthly_goal_cents === null || row.monthly_goal_cents === undefined
        ? null
        : { amountUSD: centsToUsd(Number(row.monthly_goal_cents)), text: row.monthly_goal_text ?? '' },
    newsWebhookUrl: row.news_webhook_url || null,
  };
}

/** A change's value for a nullable text: left out keeps it, empty or null clears it. */
const changedText = (value: string | null | undefined, current: string | null): string | null =>
  value === undefined ? current : value || null;

/**
 * Applies an admin's change over what is stored; what the change leaves out stays as it was. The
 * admin tab stays visible whatever is sent: administrators must always reach the panel. Requiring
 * two-factor sign-in of administrators is turned on only by one who has it on (else they are locked out).
 */
export async function updateSiteSettings(
  ctx: AppContext,
  adminId: string,
  change: UpdateSiteSettingsRequest,
): Promise<AdminSiteSettings> {
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const current = await getSiteSettingsFrom(trx);
    const settings: AdminSiteSettings = {
      visibleTabs: { ...current.visibleTabs },
      thankYouMessage: change.thankYouMessage ?? current.thankYouMessage,
      requireAdminTwoFactor: change.requireAdminTwoFactor ?? current.requireAdminTwoFactor,
      playUrl: changedText(change.playUrl, current.playUrl),
      playLabel: change.playLabel === undefined ? current.playLabel : change.playLabel || DEFAULT_PLAY_LABEL,
      newsWebhookUrl: changedText(change.newsWebhookUrl, current.newsWebhookUrl),
      creditsInTrades: change.creditsInTrades ?? current.creditsInTrades,
      monthlyGoal: change.monthlyGoal === undefined ? current.monthlyGoal : change.monthlyGoal,
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
      play_url: settings.playUrl,
      play_label: settings.playLabel,
      news_webhook_url: settings.newsWebhookUrl,
      credits_in_trades: settings.creditsInTrades ? 1 : 0,
      monthly_goal_cents: settings.monthlyGoal ? usdToCents(settings.monthlyGoal.amountUSD) : null,
      monthly_goal_text: settings.monthlyGoal ? settings.monthlyGoal.text : null,
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
