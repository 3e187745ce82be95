// The key a per-address rate limit counts a client under. Here, below the HTTP layer, because the
// services that apply the limits (sign-ins, sign-ups, payment sessions) use it as well as the routes.

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
