// Public site settings (SPEC.md §2, §3): which navigation tabs show, the thank-you message, the
// Play Game tile's address and words (issue 21), and what Discord can do on this server (issue 23).

import type { ApiClient } from '@starport/api-client/client';
import {
  type DiscordAvailability,
  defaultSiteSettings,
  type SiteSettings,
  tabKeys,
} from '@starport/api-client/contract';
import type { ReactNode } from 'react';
import { createContext, startTransition, useCallback, useContext, useEffect, useState } from 'react';

/** What the answer may hold: read defensively, since an older or newer server may differ. */
interface SiteSettingsAnswer {
  settings?: {
    visibleTabs?: Partial<Record<string, unknown>>;
    thankYouMessage?: unknown;
    requireAdminTwoFactor?: unknown;
    playUrl?: unknown;
    playLabel?: unknown;
    creditsInTrades?: unknown;
    monthlyGoal?: unknown;
  };
  discord?: Partial<Record<keyof DiscordAvailability, unknown>>;
}

/** The settings, and what the server's configuration allows of Discord. */
export interface SiteSettingsView extends SiteSettings {
  discord: DiscordAvailability;
}

// Until the answer says otherwise Discord is taken to work: a click then meets the server's own refusal.
const defaultView: SiteSettingsView = { ...defaultSiteSettings, discord: { linking: true, roles: true } };

const SiteSettingsContext = createContext<SiteSettingsView | null>(null);
/** Asks for the settings again (the admin's Site Settings screen calls it after saving). */
const ReloadContext = createContext<(() => void) | null>(null);

// Only an explicit false hides a tab, so a partial or older answer never hides more than it says; the
// same for Discord, which an older server does not mention.
function readSettings(answer: SiteSettingsAnswer): SiteSettingsView {
  const visibleTabs = { ...defaultSiteSettings.visibleTabs };
  for (const key of tabKeys) {
    if (answer.settings?.visibleTabs?.[key] === false) visibleTabs[key] = false;
  }
  const message = answer.settings?.thankYouMessage;
  return {
    visibleTabs,
    thankYouMessage: typeof message === 'string' ? message : '',
    requireAdminTwoFactor: answer.settings?.requireAdminTwoFactor === true,
    playUrl: typeof answer.settings?.playUrl === 'string' && answer.settings.playUrl ? answer.settings.playUrl : null,
    playLabel:
      typeof answer.settings?.playLabel === 'string' && answer.settings.playLabel
        ? answer.settings.playLabel
        : defaultSiteSettings.playLabel,
    // Only an explicit false turns credits in trades off.
    creditsInTrades: answer.settings?.creditsInTrades !== false,
    monthlyGoal: readMonthlyGoal(answer.settings?.monthlyGoal),
    discord: { linking: answer.discord?.linking !== false, roles: answer.discord?.roles !== false },
  };
}

/** The goal when the answer holds a whole one; anything else is no goal. */
function readMonthlyGoal(value: unknown): SiteSettings['monthlyGoal'] {
  const goal = value as { amountUSD?: unknown; text?: unknown } | null | undefined;
  return typeof goal?.amountUSD === 'number' && typeof goal.text === 'string'
    ? { amountUSD: goal.amountUSD, text: goal.text }
    : null;
}

export function SiteSettingsProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  const [settings, setSettings] = useState<SiteSettingsView>(defaultView);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the request to load again
  useEffect(() => {
    let current = true;
    client
      .request<SiteSettingsAnswer>('GET', '/shop/site-settings')
      .then((answer) => {
        // A transition: the navigation it may change renders in slices, not in one long task.
        if (current) startTransition(() => setSettings(readSettings(answer)));
      })
      .catch((error) => {
        // SPEC.md §8: a silent failure; the site carries on with every tab visible.
        console.error('Failed to load site settings', error);
      });
    return () => {
      current = false;
    };
  }, [client, version]);

  return (
    <ReloadContext.Provider value={reload}>
      <SiteSettingsContext.Provider value={settings}>{children}</SiteSettingsContext.Provider>
    </ReloadContext.Provider>
  );
}

export function useSiteSettings(): SiteSettingsView {
  const value = useContext(SiteSettingsContext);
  if (!value) throw new Error('useSiteSettings must be used inside <SiteSettingsProvider>');
  return value;
}

export function useReloadSiteSettings(): () => void {
  const reload = useContext(ReloadContext);
  if (!reload) throw new Error('useReloadSiteSettings must be used inside <SiteSettingsProvider>');
  return reload;
}
