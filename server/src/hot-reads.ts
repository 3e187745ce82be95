// Hot reads: a GET of the public catalogue (site settings, categories, tiers, every item) whose answer
// the public cache holds now (services/catalogue/public-cache.ts), and a player's GET /api/auth/me
// whose session the session read cache holds as the database has it and that needs no write now
// (services/accounts/sessions.ts keptSessionUser), is answered here, before Hono's
// router and middleware chain, which cost such a small answer a third of the server's CPU (bench
// profile: 20 µs per answer through the chain, 13 µs here, 12 µs for bare Hono). What the chain does
// to it is done here with its own functions: the call's id (request-id.ts), the security headers and
// no-store (security-headers.ts), the form the client accepts (compression.ts keptForm) and, at
// LOG_LEVEL=info, the call's log line (request-log.ts). A call the chain could treat otherwise goes on
// to the app: another method or path, a query, a body (body-limit.ts), the console's origin
// (console-cors.ts), or no answer kept now (the route makes it, and the cache keeps it).
import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { AppContext } from './context.ts';
import { seeIncomingRequest } from './db/read-cache.ts';
import type { UserWithTier } from './db/repositories/users.ts';
import { COMPRESS_THRESHOLD_BYTES } from './lib/compress.ts';
import { REQUEST_ID_HEADER } from './lib/request-id.ts';
import { withRequestId } from './logger.ts';
import { readBearerToken } from './middleware/auth.ts';
import { clientAddress } from './middleware/client-address.ts';
import { keptForm } from './middleware/compression.ts';
import { CONSOLE_ORIGIN } from './middleware/console-cors.ts';
import type { HeaderRecord } from './middleware/default-headers.ts';
import { requestIdOf } from './middleware/request-id.ts';
import { logRequest } from './middleware/request-log.ts';
import { API_NO_STORE, securityHeadersFor } from './middleware/security-headers.ts';
import { keptSessionUser } from './services/accounts/sessions.ts';
import { toUserView } from './services/accounts/user-view.ts';
import { publicItemsKey } from './services/catalogue/catalogue.ts';
import { type JsonAnswer, keptAnswer, PUBLIC_KEYS } from './services/catalogue/public-cache.ts';

export type Fetch = (request: Request, env?: unknown, executionCtx?: never) => Response | Promise<Response>;

/** The paths answered here, exactly as asked (no query, no other spelling), and their answers' keys. */
const HOT_PATHS = new Map<string, string>([
  ['/api/shop/site-settings', PUBLIC_KEYS.settings],
  ['/api/shop/categories', PUBLIC_KEYS.categories],
  ['/api/shop/items', publicItemsKey()],
  ['/api/tiers', PUBLIC_KEYS.tiers],
]);

/** The signed-in player's own account, answered here when the session read cache holds the session. */
const ME_PATH = '/api/auth/me';

/** A request's header by its lower-case name. */
type HeaderOf = (name: string) => string | undefined;

/** Served by Node, its own request (cheap to read); in-process (app.request in tests) none. */
function nodeRequest(env: unknown): IncomingMessage | undefined {
  const incoming = (env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming?.headers ? incoming : undefined;
}

function nodeHeader(incoming: IncomingMessage): HeaderOf {
  return (name) => {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

/** Each form's headers with the security headers and no-store, made once per pair (a few of each). */
const headerSets = new Map<HeaderRecord, Map<HeaderRecord, HeaderRecord>>();

function headersOf(form: HeaderRecord, security: HeaderRecord): HeaderRecord {
  let bySecurity = headerSets.get(form);
  if (!bySecurity) {
    bySecurity = new Map();
    headerSets.set(form, bySecurity);
  }
  let headers = bySecurity.get(security);
  if (!headers) {
    headers = { ...security, ...API_NO_STORE, ...form };
    bySecurity.set(security, headers);
  }
  return headers;
}

/**
 * GET /api/auth/me's answer for a user (routes/auth.ts: `{user: toUserView(user)}`), made once per
 * user read the session cache keeps (each read is a new frozen object); null when over 1 KB, which the
 * app compresses on the way out.
 */
const meAnswers = new WeakMap<Readonly<UserWithTier>, JsonAnswer | null>();

function meAnswerOf(user: Readonly<UserWithTier>): JsonAnswer | null {
  let answer = meAnswers.get(user);
  if (answer === undefined) {
    const json = JSON.stringify({ user: toUserView(user) });
    answer = Buffer.byteLength(json) > COMPRESS_THRESHOLD_BYTES ? null : { json, compressed: null, small: true };
    meAnswers.set(user, answer);
  }
  return answer;
}

/**
 * The answer kept for `path` now, if any, and whose it is: a public catalogue answer
 * (services/catalogue/public-cache.ts), or the signed-in player's own account while the session
 * cache holds the session as it is (keptSessionUser: unexpired, no touch due, nothing it was read
 * from changed since).
 */
function keptAnswerFor(
  ctx: AppContext,
  path: string,
  header: HeaderOf,
): { answer: JsonAnswer; userId?: string } | undefined {
  if (path === ME_PATH) {
    const token = readBearerToken(header('authorization'));
    const user = token ? keptSessionUser(ctx, token) : undefined;
    const answer = user && meAnswerOf(user);
    return answer ? { answer, userId: user.id } : undefined;
  }
  const key = HOT_PATHS.get(path);
  const answer = key === undefined ? undefined : keptAnswer(ctx, key);
  return answer && { answer };
}

/** `fetch` (the app's), with the hot reads answered before it. */
export function withHotReads(ctx: AppContext, fetch: Fetch): Fetch {
  const { config, logger } = ctx;
  return (request, env, executionCtx) => {
    const incoming = nodeRequest(env);
    let path: string;
    if (incoming) {
      if (incoming.method !== 'GET') return fetch(request, env, executionCtx);
      path = incoming.url ?? '';
    } else {
      if (request.method !== 'GET') return fetch(request, env, executionCtx);
      const url = new URL(request.url);
      path = url.search ? '' : url.pathname;
    }
    if (path !== ME_PATH && !HOT_PATHS.has(path)) return fetch(request, env, executionCtx);
    const header: HeaderOf = incoming ? nodeHeader(incoming) : (name) => request.headers.get(name) ?? undefined;
    // Read off its socket just now (this runs in the same synchronous run): whether another process
    // committed may be known already for this turn (db/read-cache.ts).
    if (incoming) seeIncomingRequest(ctx.db);
    const kept = keptAnswerFor(ctx, path, header);
    if (!kept) return fetch(request, env, executionCtx);
    if (
      header('content-length') !== undefined ||
      header('transfer-encoding') !== undefined ||
      header('origin') === CONSOLE_ORIGIN
    ) {
      return fetch(request, env, executionCtx);
    }
    const form = keptForm(kept.answer, header('accept-encoding'));
    if (!form) return fetch(request, env, executionCtx);
    const started = performance.now();
    const requestId = requestIdOf(config, header);
    const headers = {
      [REQUEST_ID_HEADER]: requestId,
      ...headersOf(form.headers, securityHeadersFor(config, path, header)),
    };
    if (logger.enabled('info')) {
      const forwardedFor = config.trustProxy ? header('x-forwarded-for') : undefined;
      logRequest(withRequestId(logger, requestId), {
        method: 'GET',
        path,
        status: 200,
        started,
        address: clientAddress(config.trustProxy, forwardedFor, () => incoming?.socket?.remoteAddress),
        userId: kept.userId,
      });
    }
    return new Response(form.body, { headers });
  };
}
