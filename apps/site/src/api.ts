// The browser's API client and token store: one of each for the whole site (SPEC.md §4, §8, §9).
import { createApiClient } from '@starport/api-client/client';
import type { TokenStore } from '@starport/ui/session';

/** SPEC.md §9: the token lives in local storage under the key "token". */
export const TOKEN_STORAGE_KEY = 'token';

// Storage can throw (disabled cookies, private modes); the site then simply behaves as signed out.
export const browserTokenStore: TokenStore = {
  get() {
    try {
      return window.localStorage.getItem(TOKEN_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set(token) {
    try {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    } catch (error) {
      console.error('Could not store the session token', error);
    }
  },
  clear() {
    try {
      window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // nothing stored, nothing to clear
    }
  },
};

/** SPEC.md §8: any 401 drops the token and sends the browser to /login (a full load resets all state). */
function handleUnauthorized() {
  browserTokenStore.clear();
  if (window.location.pathname === '/login') return;
  window.location.assign('/login');
}

// The client's base URL is /api unless told otherwise.
export const api = createApiClient({ getToken: browserTokenStore.get, onUnauthorized: handleUnauthorized });

/**
 * The client of the reads begun before the site first renders (main.tsx, components/use-loaded.ts):
 * a 401 there is not acted on, since the session check answers for the stored token and the page's
 * guard sends a signed-out player to sign in; the page makes a read that failed again with `api`.
 */
export const earlyApi = createApiClient({ getToken: browserTokenStore.get });
