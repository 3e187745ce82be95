// What every admin screen is handed by its host (the site or the desktop console): the API client,
// and a way to tell the host that the site settings changed so its navigation can follow; and the
// panel's data cache.

import { type AdminApiClient, withAdminCalls } from '@starport/api-client/admin-client';
import type { ApiClient } from '@starport/api-client/client';
import { ApiError } from '@starport/api-client/client';
import { type SiteSettings, TWO_FACTOR_REQUIRED_CODE } from '@starport/api-client/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createContext, useContext, useMemo, useState } from 'react';
import { createAdminQueryClient } from './use-admin-query.ts';

export interface AdminHost {
  /** The host's own client; the screens are handed it with the admin calls (`client.admin`). */
  client: ApiClient;
  /** Called with the saved settings after Site Settings saves them. */
  onSiteSettingsSaved?: ((settings: SiteSettings) => void) | undefined;
  /** The desktop console: image files dropped anywhere on the window upload while a form is open. */
  windowDrop?: boolean | undefined;
}

/** Whether the server refused this administrator for want of two-factor sign-in (the site's setting). */
const TwoFactorRefusalContext = createContext(false);

export const isTwoFactorRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.code === TWO_FACTOR_REQUIRED_CODE;

/** What the screens are handed: the host's settings, and its client with the admin calls. */
type HeldHost = AdminHost & { client: AdminApiClient };

const AdminHostContext = createContext<HeldHost | null>(null);

export function AdminHostProvider({
  client,
  onSiteSettingsSaved,
  windowDrop,
  children,
}: AdminHost & { children: ReactNode }) {
  const value = useMemo(
    () => ({ client: withAdminCalls(client), onSiteSettingsSaved, windowDrop }),
    [client, onSiteSettingsSaved, windowDrop],
  );
  const [twoFactorRefused, setTwoFactorRefused] = useState(false);
  // The panel's own cache of what it read (use-admin-query.ts), for as long as it is mounted.
  const [queryClient] = useState(() =>
    createAdminQueryClient((error) => {
      if (isTwoFactorRefusal(error)) setTwoFactorRefused(true);
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AdminHostContext.Provider value={value}>
        <TwoFactorRefusalContext.Provider value={twoFactorRefused}>{children}</TwoFactorRefusalContext.Provider>
      </AdminHostContext.Provider>
    </QueryClientProvider>
  );
}

/** True once an admin call was refused because this administrator has no two-factor sign-in. */
export function useTwoFactorRefused(): boolean {
  return useContext(TwoFactorRefusalContext);
}

function useAdminHost(): HeldHost {
  const host = useContext(AdminHostContext);
  if (!host) throw new Error('The admin screens must be rendered inside <AdminApp>');
  return host;
}

/** The API client the host injected, with the admin calls: packages never reach for an app's own client. */
export function useAdminApi(): AdminApiClient {
  return useAdminHost().client;
}

export function useSiteSettingsSaved(): (settings: SiteSettings) => void {
  const { onSiteSettingsSaved } = useAdminHost();
  return onSiteSettingsSaved ?? noop;
}

function noop() {}

/** Whether the host wants window-wide drops of image files (the console yes, the site no). */
export function useAdminWindowDrop(): boolean {
  return useAdminHost().windowDrop === true;
}
