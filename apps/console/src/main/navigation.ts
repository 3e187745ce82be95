// Where the console's web contents may go: nowhere but the app's own pages. Every other navigation
// and every new window is refused, its address handed to the link opener (external-links.ts),
// which opens it in the system browser or refuses it; webviews are refused.
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

export function guardWebContents(contents: WebContents, openExternal: (url: string) => void): void {
  const refuseNavigation = (event: Event, url: string) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    openExternal(url);
  };
  contents.on('will-navigate', refuseNavigation);
  contents.on('will-redirect', refuseNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
}
