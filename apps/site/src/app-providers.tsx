// Everything the pages share, in one wrapper: the API client, toasts, the session, site settings and
// the way out of the site (to the payment provider or Discord).

import type { ApiClient } from '@starport/api-client/client';
import type { SessionCheck, TokenStore } from '@starport/ui/session';
import { SessionProvider } from '@starport/ui/session';
import { ToastProvider } from '@starport/ui/toast';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { type SiteSettingsLoad, SiteSettingsProvider } from './site-settings.tsx';

const ApiContext = createContext<ApiClient | null>(null);

/** Loads another address in place of the site: a full page load, not a router navigation. */
export type NavigateAway = (url: string) => void;

const assignLocation: NavigateAway = (url) => window.location.assign(url);

const NavigateAwayContext = createContext<NavigateAway>(assignLocation);

export interface AppProvidersProps {
  client: ApiClient;
  tokenStore: TokenStore;
  /** window.location.assign unless given; jsdom cannot follow it, so tests pass a recorder. */
  navigateAway?: NavigateAway;
  /** The site settings' request when the caller began it already (main.tsx); else it is made on mounting. */
  siteSettings?: SiteSettingsLoad;
  /** The stored session's check when the caller began it already (main.tsx); else it is made on mounting. */
  sessionCheck?: SessionCheck;
  children: ReactNode;
}

export function AppProviders({
  client,
  tokenStore,
  navigateAway = assignLocation,
  siteSettings,
  sessionCheck,
  children,
}: AppProvidersProps) {
  return (
    <ApiContext.Provider value={client}>
      <NavigateAwayContext.Provider value={navigateAway}>
        <ToastProvider>
          <SessionProvider client={client} tokenStore={tokenStore} firstCheck={sessionCheck}>
            <SiteSettingsProvider client={client} firstLoad={siteSettings}>
              {children}
            </SiteSettingsProvider>
          </SessionProvider>
        </ToastProvider>
      </NavigateAwayContext.Provider>
    </ApiContext.Provider>
  );
}

/** The API client, injected so tests can hand the pages a client over a fake fetch. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside <AppProviders>');
  return client;
}

/** Sends the browser to an address outside the site: a payment page, Discord's consent screen. */
export function useNavigateAway(): NavigateAway {
  return useContext(NavigateAwayContext);
}
