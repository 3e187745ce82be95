// The caller's network address, for rate limits and logs.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * Behind a reverse proxy (TRUST_PROXY), the right-most X-Forwarded-For entry: the one our proxy
 * appended. Entries to its left come from the client and can say anything.
 */
export function getClientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

/** Expands an IPv6 address to its eight groups, or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  if (!address.includes(':')) return null;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array(Math.max(0, missing)).fill('0'), ...right];
}

/**
 * The key a per-address limit counts under: an IPv4 address as it is (also when IPv4-mapped),
 * an IPv6 address by its /64, since one subscriber is handed a whole /64 to rotate through.
 */
export function addressLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const groups = ipv6Groups(address.split('%')[0] ?? address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}
