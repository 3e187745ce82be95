// Electron checklist 15: what may open in the system browser (shell.openExternal). Only the server
// the admin signed in to, and the sites the console's own pages link to, each matched on its whole
// origin (scheme, host and port); never another scheme, never credentials in the address. One
// function decides; the opener logs what it refuses.
import { normalizeServerUrl } from '../shared/bridge.ts';
import { logRefusal, type RefusalLog } from './refusal-log.ts';

/**
 * The sites (https origins) the console's pages link to, besides its server. None: the admin
 * screens link only within the console. A link to a new site needs its origin here.
 */
export const linkedSites: readonly string[] = [];

export type ExternalLink = { href: string } | { refusal: string };

/** The address to hand the system browser (as parsed, so it reads it as checked), or why not. */
export function checkExternalLink(url: string, allowedOrigins: readonly string[]): ExternalLink {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refusal: 'not an address' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { refusal: 'not an http(s) address' };
  if (parsed.username || parsed.password) return { refusal: 'carries credentials' };
  if (!allowedOrigins.includes(parsed.origin)) return { refusal: 'not the server or a site the console links to' };
  return { href: parsed.href };
}

export interface LinkOpenerDeps {
  /** The server address signed in to ('' before the first sign-in). */
  serverUrl: () => string;
  open: (url: string) => Promise<void>;
  log?: RefusalLog;
}

/** Opens an outside address in the system browser when checkExternalLink allows it; logs it otherwise. */
export function createLinkOpener({ serverUrl, open, log = logRefusal }: LinkOpenerDeps): (url: string) => void {
  return (url) => {
    const server = normalizeServerUrl(serverUrl());
    const link = checkExternalLink(url, server ? [server, ...linkedSites] : linkedSites);
    if ('refusal' in link) return log('external link', `${url} (${link.refusal})`);
    open(link.href).catch(() => undefined);
  };
}
