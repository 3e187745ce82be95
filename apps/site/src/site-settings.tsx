// Public site settings (SPEC.md §2, §3): which navigation tabs show, and the thank-you message.

import type { ApiClient } from '@starport/api-client/client';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export const tabKeys = ['dashboard', 'shop', 'inventory', 'trade', 'support', 'leaderboard', 'admin'] as const;
export type TabKey = (typeof tabKeys)[number];
export type VisibleTabs = Record<TabKey, boolean>;

// TODO(contract): replace with the contract's site-settings type once GET /shop/site-settings lands.
export interface SiteSettings {
  visibleTabs: VisibleTabs;
  thankYouMessage: string;
}

interface SiteSettingsResponse {
  settings?: { visibleTabs?: Partial<Record<string, unknown>>; thankYouMessage?: unknown };
}

/** SPEC.md §2: every tab is visible unless the settings say otherwise. */
export const defaultSiteSettings: SiteSettings = {
  visibleTabs: {
    dashboard: true,
    shop: true,
    inventory: true,
    trade: true,
    support: true,
    leaderboard: true,
    admin: true,
  },
  thankYouMessage: '',
};

interface SiteSettingsValue extends SiteSettings {
  loaded: boolean;
  /** Reloads the settings, for instance after an administrator saved new ones. */
  refresh(): Promise<void>;
}

const SiteSettingsContext = createContext<SiteSettingsValue | null>(null);

// Only an explicit false hides a tab, so a partial or older answer never hides more than it says.
function readSettings(answer: SiteSettingsResponse): SiteSettings {
  const visibleTabs = { ...defaultSiteSettings.visibleTabs };
  for (const key of tabKeys) {
    if (answer.settings?.visibleTabs?.[key] === false) visibleTabs[key] = false;
  }
  const message = answer.settings?.thankYouMessage;
  return { visibleTabs, thankYouMessage: typeof message === 'string' ? message : '' };
}

export function SiteSettingsProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  const [settings, setSettings] = useState<SiteSettings>(defaultSiteSettings);
  const [loaded, setLoaded] = useState(false);

  const refresh = useCallback(async () => {
    try {
      const answer = await client.request<SiteSettingsResponse>('GET', '/shop/site-settings');
      setSettings(readSettings(answer));
    } catch (error) {
      // SPEC.md §8: a silent failure; the site carries on with every tab visible.
      console.error('Failed to load site settings', error);
      setSettings(defaultSiteSettings);
    } finally {
      setLoaded(true);
    }
  }, [client]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo<SiteSettingsValue>(() => ({ ...settings, loaded, refresh }), [settings, loaded, refresh]);
  return <SiteSettingsContext.Provider value={value}>{children}</SiteSettingsContext.Provider>;
}

export function useSiteSettings(): SiteSettingsValue {
  const value = useContext(SiteSettingsContext);
  if (!value) throw new Error('useSiteSettings must be used inside <SiteSettingsProvider>');
  return value;
}
