// Where the console's web contents may go: nowhere but the app's own pages. Links to other sites
// open in the system browser; every other navigation, new window and webview is refused.
import type { Event, WebContents } from 'electron';
import { APP_SCHEME } from '../shared/bridge.ts';

/** A page of the console itself (app://console/...). */
export function isAppUrl(url: string): boolean {
  try {
    // Not URL.origin: for a scheme WHATWG does not know, Node answers "null" whatever the host.
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === 'console';
  } catch {
    return false;
  }
}

/** An address the system browser may open: http and https only, never file:, javascript: or others. */
export function isExternalUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export function guardWebContents(contents: WebContents, openExternal: (url: string) => void): void {
  const refuseNavigation = (event: Event, url: string) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    if (isExternalUrl(url)) openExternal(url);
  };
  contents.on('will-navigate', refuseNavigation);
  contents.on('will-redirect', refuseNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalUrl(url)) openExternal(url);
    return { action: 'deny' };
  });
}
