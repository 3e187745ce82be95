// Site Settings (SPEC.md §2/§3/§4): which navigation tabs show, and the thank-you message players see
// after a subscription payment. The admin tab's checkbox is disabled: admins always see it. And
// whether administrators must have two-factor sign-in (the server refuses turning it on for an
// administrator who has none, with its own message). And the monthly goal (issue 22): an amount in
// USD and its text, shown as a progress bar on the home page and dashboard; an empty amount removes it.

import type { AdminSiteSettings, TabKey, UpdateSiteSettingsRequest, VisibleTabs } from '@starport/api-client/contract';
import {
  MONTHLY_GOAL_TEXT_MAX_LENGTH,
  PLAY_LABEL_MAX_LENGTH,
  PLAY_URL_MAX_LENGTH,
  THANK_YOU_MESSAGE_MAX_LENGTH,
  tabKeys,
} from '@starport/api-client/contract';
import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi, useSiteSettingsSaved } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { messageOr } from '../shared/errors.ts';
import { CheckboxField, TextAreaField, TextField } from '../shared/fields.tsx';
import { ScreenHeader } from '../shared/screen-header.tsx';
import { useAdminMutation, useAdminQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';

export const settingsMessages = {
  saved: 'Settings saved successfully',
  fetchFailed: 'Failed to fetch site settings',
  saveFailed: 'Failed to save settings',
} as const;

/** The tabs as the navigation names them (support is the /tiers page). */
const tabLabels: Record<TabKey, string> = {
  dashboard: 'Dashboard',
  shop: 'Shop',
  inventory: 'Inventory',
  trade: 'Trade',
  support: 'Support',
  leaderboard: 'Leaderboard',
  updates: 'Updates',
  admin: 'Admin',
};

export function SiteSettingsScreen() {
  const api = useAdminApi();
  const toast = useToast();
  const notifyHost = useSiteSettingsSaved();
  useAdminTitle('Site Settings');
  const settings = useAdminQuery(adminQueries(api).siteSettings(), (error) =>
    toast.error(messageOr(error, settingsMessages.fetchFailed)),
  );
  const save = useAdminMutation('siteSettings', (input: UpdateSiteSettingsRequest) =>
    api.admin.siteSettings.update(input),
  );
  const [draft, setDraft] = useState<AdminSiteSettings | null>(null);
  // The goal's amount as typed (empty: no goal), and its text.
  const [goal, setGoal] = useState({ amount: '', text: '' });
  const busy = save.isPending;

  // Each fresh answer (the first load, and the refetch after a save) resets the form to it.
  useEffect(() => {
    if (!settings.data) return;
    setDraft(settings.data);
    const stored = settings.data.monthlyGoal;
    setGoal(stored ? { amount: String(stored.amountUSD), text: stored.text } : { amount: '', text: '' });
  }, [settings.data]);

  function setTab(tab: TabKey, visible: boolean) {
    setDraft((current) =>
      current ? { ...current, visibleTabs: { ...current.visibleTabs, [tab]: visible } } : current,
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft || busy) return;
    try {
      // The admin tab can never be hidden from admins, whatever was stored before.
      const visibleTabs: VisibleTabs = { ...draft.visibleTabs, admin: true };
      const { settings: saved } = await save.mutateAsync({
        visibleTabs,
        thankYouMessage: draft.thankYouMessage,
        requireAdminTwoFactor: draft.requireAdminTwoFactor,
        creditsInTrades: draft.creditsInTrades,
        playUrl: draft.playUrl ?? '',
        playLabel: draft.playLabel,
        newsWebhookUrl: draft.newsWebhookUrl ?? '',
        monthlyGoal: goal.amount.trim() === '' ? null : { amountUSD: Number(goal.amount), text: goal.text },
      });
      toast.success(settingsMessages.saved);
      notifyHost(saved);
    } catch (error) {
      toast.error(messageOr(error, settingsMessages.saveFailed));
    }
  }

  return (
    <>
      <ScreenHeader title="Site Settings">
        What every visitor's navigation shows, and what supporters read.
      </ScreenHeader>
      {settings.isPending ? (
        <Loading label="Loading site settings..." />
      ) : !draft ? (
        <div className="empty-state">
          <p>The site settings could not be loaded.</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void settings.refetch()}>
            Try Again
          </button>
        </div>
      ) : (
        <form className="card admin-form settings-form" onSubmit={handleSubmit} noValidate>
          <fieldset className="form-group">
            <legend>Visible tabs</legend>
            <p className="field-hint">Unticked tabs are hidden from the navigation for everyone.</p>
            <div className="check-grid">
              {tabKeys.map((tab) =>
                tab === 'admin' ? (
                  <CheckboxField
                    key={tab}
                    label={tabLabels[tab]}
                    name="visibleTabs.admin"
                    checked
                    disabled
                    hint="Always visible to admins."
                    onCheckedChange={() => {}}
                  />
                ) : (
                  <CheckboxField
                    key={tab}
                    label={tabLabels[tab]}
                    name={`visibleTabs.${tab}`}
                    checked={draft.visibleTabs[tab]}
                    onCheckedChange={(visible) => setTab(tab, visible)}
                  />
                ),
              )}
            </div>
          </fieldset>
          <TextAreaField
            label="Thank-you message"
            name="thankYouMessage"
            value={draft.thankYouMessage}
            onValueChange={(value) =>
              setDraft((current) => (current ? { ...current, thankYouMessage: value } : current))
            }
            maxLength={THANK_YOU_MESSAGE_MAX_LENGTH}
            rows={5}
            hint="Shown to players after a subscription payment; left empty, they see the default thank-you text."
          />
          <fieldset className="form-group">
            <legend>Play Game</legend>
            <TextField
              label="Play URL"
              name="playUrl"
              value={draft.playUrl ?? ''}
              onValueChange={(value) => setDraft((current) => (current ? { ...current, playUrl: value } : current))}
              maxLength={PLAY_URL_MAX_LENGTH}
              autoComplete="off"
              hint="A download page (https://…) or a launcher link such as starport://play. Left empty, players see no Play Game tile."
            />
            <TextField
              label="Play label"
              name="playLabel"
              value={draft.playLabel}
              onValueChange={(value) => setDraft((current) => (current ? { ...current, playLabel: value } : current))}
              maxLength={PLAY_LABEL_MAX_LENGTH}
              autoComplete="off"
              hint="The words on the dashboard's Play Game tile."
            />
          </fieldset>
          <fieldset className="form-group">
            <legend>Monthly goal</legend>
            <TextField
              label="Goal (USD)"
              name="monthlyGoal.amountUSD"
              value={goal.amount}
              onValueChange={(amount) => setGoal((current) => ({ ...current, amount }))}
              inputMode="decimal"
              autoComplete="off"
              hint="What this month's card payments should reach. The home page and dashboard show the month's progress (refunds subtracted) as a bar; left empty, there is no goal and no bar."
            />
            <TextField
              label="Goal text"
              name="monthlyGoal.text"
              value={goal.text}
              onValueChange={(text) => setGoal((current) => ({ ...current, text }))}
              maxLength={MONTHLY_GOAL_TEXT_MAX_LENGTH}
              autoComplete="off"
              hint="Shown above the bar, for example “Keep the servers running”."
            />
          </fieldset>
          <fieldset className="form-group">
            <legend>News</legend>
            <TextField
              label="News webhook URL"
              name="newsWebhookUrl"
              value={draft.newsWebhookUrl ?? ''}
              onValueChange={(value) =>
                setDraft((current) => (current ? { ...current, newsWebhookUrl: value } : current))
              }
              maxLength={PLAY_URL_MAX_LENGTH}
              autoComplete="off"
              hint="A Discord channel webhook (https://discord.com/api/webhooks/…): each published update is announced there."
            />
          </fieldset>
          <fieldset className="form-group">
            <legend>Trades</legend>
            <CheckboxField
              label="Allow credits in trades"
              name="creditsInTrades"
              checked={draft.creditsInTrades}
              hint="Players may add credits to either side of a trade offer. Off, offers carry items only."
              onCheckedChange={(on) => setDraft((current) => (current ? { ...current, creditsInTrades: on } : current))}
            />
          </fieldset>
          <fieldset className="form-group">
            <legend>Security</legend>
            <CheckboxField
              label="Require two-factor sign-in for administrators"
              name="requireAdminTwoFactor"
              checked={draft.requireAdminTwoFactor}
              hint="Administrators without it are refused by every admin screen until they turn it on in their Account page. Turn it on for your own account first."
              onCheckedChange={(on) =>
                setDraft((current) => (current ? { ...current, requireAdminTwoFactor: on } : current))
              }
            />
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save Settings'}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
