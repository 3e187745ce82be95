// Everything the pages share, in one wrapper: the API client, toasts, the session and site settings.

import type { ApiClient } from '@starport/api-client/client';
import type { TokenStore } from '@starport/ui/session';
import { SessionProvider } from '@starport/ui/session';
import { ToastProvider } from '@starport/ui/toast';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { SiteSettingsProvider } from './site-settings.tsx';

const ApiContext = createContext<ApiClient | null>(null);

export interface AppProvidersProps {
  client: ApiClient;
  tokenStore: TokenStore;
  children: ReactNode;
}

export function AppProviders({ client, tokenStore, children }: AppProvidersProps) {
  return (
    <ApiContext.Provider value={client}>
      <ToastProvider>
        <SessionProvider client={client} tokenStore={tokenStore}>
          <SiteSettingsProvider client={client}>{children}</SiteSettingsProvider>
        </SessionProvider>
      </ToastProvider>
    </ApiContext.Provider>
  );
}

/** The API client, injected so tests can hand the pages a client over a fake fetch. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside <AppProviders>');
  return client;
}
