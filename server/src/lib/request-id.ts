// The id of one call to the server: sent back as X-Request-Id, put in an error's envelope
// (`requestId`) and on every log line written while handling it, so a report finds its lines.
import { randomBytes } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a proxy's id may be: short, and nothing that could break a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._-]{1,100}$/;

// A random prefix per process and a counter: unique across instances and restarts without paying
// for randomness on every call.
const processPrefix = randomBytes(6).toString('base64url');
let counter = 0;

export function newRequestId(): string {
  counter += 1;
  return `${processPrefix}-${counter.toString(36)}`;
}

/**
 * The id a call gets: the one a proxy we run sent (TRUST_PROXY), when it is sane, so its logs and
 * ours agree; otherwise our own. Without a trusted proxy a client could choose ids to confuse logs.
 */
export function chooseRequestId(incoming: string | undefined, trustProxy: boolean): string {
  return trustProxy && incoming !== undefined && SANE_ID.test(incoming) ? incoming : newRequestId();
}
