// Electron checklist 1: a server reached over plain http carries the password and the session token
// in clear text. Only this machine's own addresses are exempt (nothing crosses a network there).
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for an http origin (as normalizeServerUrl returns) on another machine. */
export function isClearTextRemote(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === 'http:' && !localHosts.has(url.hostname);
}
