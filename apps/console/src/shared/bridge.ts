// The contract between the renderer and the main process: the IPC channel names and the small API
// the preload exposes as window.starportConsole. Nothing else crosses the context bridge.

export const channels = {
  getState: 'console:get-state',
  setServerUrl: 'console:set-server-url',
  setToken: 'console:set-token',
  clearToken: 'console:clear-token',
  /** main → renderer: a menu command (Sign Out). */
  menu: 'console:menu',
} as const;

export interface ConsoleState {
  /** The server address last signed in to ('' the first time). */
  serverUrl: string;
  /** The session token, decrypted by the main process; null when signed out. */
  token: string | null;
  /** False where the OS has no secure key store: the token is kept in memory only, for this run. */
  remembersSignIn: boolean;
}

export type MenuCommand = 'sign-out';

export interface ConsoleBridge {
  getState(): Promise<ConsoleState>;
  setServerUrl(url: string): Promise<void>;
  setToken(token: string): Promise<void>;
  clearToken(): Promise<void>;
  /** Listens for menu commands; returns the function that stops listening. */
  onMenu(listener: (command: MenuCommand) => void): () => void;
}

/** The address the renderer is served from in the app: a privileged custom scheme, see main/protocol.ts. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://console';

/** A server address as the user typed it, reduced to an http(s) origin; null if it is not one. */
export function normalizeServerUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin;
}
