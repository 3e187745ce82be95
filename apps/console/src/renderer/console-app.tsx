// The console's screens: sign-in until an administrator is signed in, then the web admin's own
// screens (@starport/ui/admin) with window-wide image drops. The token lives in the main process;
// here it is only held in memory for the API client, written through the bridge on every change.

import { createApiClient } from '@starport/api-client/client';
import { AdminApp } from '@starport/ui/admin';
import type { TokenStore } from '@starport/ui/session';
import { SessionProvider, useSession } from '@starport/ui/session';
import { ToastProvider } from '@starport/ui/toast';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { HashRouter } from 'react-router-dom';
import type { ConsoleBridge, ConsoleState } from '../shared/bridge.ts';
import { SignIn } from './sign-in.tsx';

export interface ConsoleAppProps {
  bridge: ConsoleBridge;
  initial: ConsoleState;
}

/** The TokenStore the session needs, over a value in memory that the main process persists. */
function bridgeTokenStore(bridge: ConsoleBridge, initial: string | null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (value) => {
      token = value;
      void bridge.setToken(value);
    },
    clear: () => {
      token = null;
      void bridge.clearToken();
    },
  };
}

export function ConsoleApp({ bridge, initial }: ConsoleAppProps) {
  const [serverUrl, setServerUrl] = useState(initial.serverUrl);
  const tokenStore = useMemo(() => bridgeTokenStore(bridge, initial.token), [bridge, initial.token]);
  // Bumped when the server refuses the token: the session starts over, signed out.
  const [sessionKey, setSessionKey] = useState(0);

  const onUnauthorized = useCallback(() => {
    if (tokenStore.get() === null) return;
    tokenStore.clear();
    setSessionKey((key) => key + 1);
  }, [tokenStore]);

  const client = useMemo(
    () =>
      createApiClient({ baseUrl: `${serverUrl || 'http://localhost'}/api`, getToken: tokenStore.get, onUnauthorized }),
    [serverUrl, tokenStore, onUnauthorized],
  );

  return (
    <ToastProvider>
      <SessionProvider key={sessionKey} client={client} tokenStore={tokenStore}>
        <HashRouter>
          <ConsoleShell
            bridge={bridge}
            client={client}
            serverUrl={serverUrl}
            remembersSignIn={initial.remembersSignIn}
            onSignedIn={async (url, token) => {
              await bridge.setServerUrl(url);
              tokenStore.set(token);
              setServerUrl(url);
              // A fresh session reads the new token's user from the new server.
              setSessionKey((key) => key + 1);
            }}
          />
        </HashRouter>
      </SessionProvider>
    </ToastProvider>
  );
}

interface ConsoleShellProps {
  bridge: ConsoleBridge;
  client: ReturnType<typeof createApiClient>;
  serverUrl: string;
  remembersSignIn: boolean;
  onSignedIn: (serverUrl: string, token: string) => Promise<void>;
}

function ConsoleShell({ bridge, client, serverUrl, remembersSignIn, onSignedIn }: ConsoleShellProps) {
  const { user, loading, logout } = useSession();

  // The menu's Sign Out revokes the token (POST /api/auth/logout) like the button does.
  useEffect(() => bridge.onMenu((command) => command === 'sign-out' && void logout()), [bridge, logout]);

  if (loading) return <p className="console-loading">Loading...</p>;
  if (!user?.isAdmin) return <SignIn serverUrl={serverUrl} remembersSignIn={remembersSignIn} onSignedIn={onSignedIn} />;

  return (
    <div className="console">
      <header className="console-bar">
        <span className="console-brand">Starport Console</span>
        <span className="console-server text-muted">
          {user.username} · {serverUrl}
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void logout()}>
          Sign Out
        </button>
      </header>
      {/* Opened in the browser: the one outside address the console allows is the server it signed in to. */}
      <AdminApp client={client} windowDrop accountUrl={`${serverUrl}/account`} />
    </div>
  );
}
