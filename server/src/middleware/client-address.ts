// The caller's network address, for rate limits and logs (lib/client-address-key.ts turns it into a
// rate limit's key).
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * Behind a reverse proxy (TRUST_PROXY), the right-most X-Forwarded-For entry: the one our proxy
 * appended. Entries to its left come from the client and can say anything.
 */
export function getClientAddress(c: Context, trustProxy: boolean): string {
  return clientAddress(trustProxy, trustProxy ? c.req.header('x-forwarded-for') : undefined, () => {
    try {
      return getConnInfo(c).remote.address;
    } catch {
      // app.request() in tests has no socket.
      return undefined;
    }
  });
}

/** The same from the request's X-Forwarded-For header (read only behind a trusted proxy) and its socket's address. */
export function clientAddress(
  trustProxy: boolean,
  forwardedFor: string | undefined,
  socketAddress: () => string | undefined,
): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  return socketAddress() ?? 'unknown';
}
