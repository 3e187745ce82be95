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

/**
 * One request for the settings: its view once answered, null when it failed (SPEC.md §8: logged only).
 * `settled` is set when it is done, so a first render that comes after it starts from the answer.
 */
export interface SiteSettingsLoad {
  answer: Promise<SiteSettingsView | null>;
  settled?: SiteSettingsView | null;
}

/**
 * Asks for the settings now. main.tsx calls it before the page's code has loaded, so the answer
 * usually arrives with that code, and a page whose tab may be hidden waits for nothing more.
 */
export function loadSiteSettings(client: ApiClient): SiteSettingsLoad {
  const load: SiteSettingsLoad = {
    answer: client.request<SiteSettingsAnswer>('GET', '/shop/site-settings').then(readSettings, (error: unknown) => {
      // SPEC.md §8: a silent failure; the site carries on with every tab visible.
      console.error('Failed to load site settings', error);
      return null;
    }),
  };
  void load.answer.then((view) => {
    load.settled = view;
  });
  return load;
}

interface SettingsState {
  view: SiteSettingsView;
  /** An answer (or a failure) has come: until then which tabs are hidden is not known. */
  known: boolean;
}

const KnownContext = createContext(false);

export function SiteSettingsProvider({
  client,
  firstLoad,
  children,
}: {
  client: ApiClient;
  /** The first request, begun before rendering (main.tsx); made here when not given. */
  firstLoad?: SiteSettingsLoad;
  children: ReactNode;
}) {
  const [state, setState] = useState<SettingsState>(() =>
    firstLoad?.settled === undefined
      ? { view: defaultView, known: false }
      : { view: firstLoad.settled ?? defaultView, known: true },
  );
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  // version is the request to load again (the first load is the one begun before rendering, if any).
  useEffect(() => {
    let current = true;
    const load = version === 0 && firstLoad ? firstLoad : loadSiteSettings(client);
    void load.answer.then((view) => {
      if (!current) return;
      // A transition: the navigation it may change renders in slices, not in one long task. A
      // failure keeps what is shown (every tab, before any answer).
      startTransition(() =>
        setState((previous) =>
          previous.known && (view === null || view === previous.view)
            ? previous
            : { view: view ?? previous.view, known: true },
        ),
      );
    });
    return () => {
      current = false;
    };
  }, [client, version, firstLoad]);

  return (
    <ReloadContext.Provider value={reload}>
      <KnownContext.Provider value={state.known}>
        <SiteSettingsContext.Provider value={state.view}>{children}</SiteSettingsContext.Provider>
      </KnownContext.Provider>
    </ReloadContext.Provider>
  );
}

/**
 * Whether the settings have come (or failed to): until then the tabs read as all visible, and a page
 * a tab may hide waits (routing/visible-route.tsx) rather than show itself to a player it is hidden from.
 */
export function useSiteSettingsKnown(): boolean {
  return useContext(KnownContext);
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
