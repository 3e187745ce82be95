// The caller's network address, for rate limits and logs.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Behind a reverse proxy (TRUST_PROXY), the first X-Forwarded-For entry; otherwise the socket's peer. */
export function getClientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}
