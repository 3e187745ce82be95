// Gives each call its id (lib/request-id.ts): sent back as X-Request-Id, kept as `requestId` for the
// error envelope, and stamped on every log line of the call: the routes and services get a copy of
// the app's context whose logger adds it (so per-instance state must not be keyed by the context
// object itself; see context.ts).
import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../context.ts';
import { chooseRequestId, REQUEST_ID_HEADER } from '../lib/request-id.ts';
import { withRequestId } from '../logger.ts';
import { defaultHeaders } from './default-headers.ts';
import { requestHeader } from './request-header.ts';
import type { AppEnv } from './types.ts';

const sendRequestId = defaultHeaders((c) => ({ [REQUEST_ID_HEADER]: c.get('requestId') }));

/** The id of a call: `header` reads the request's (lower-case) headers, asked only when a proxy's id may be used. */
export function requestIdOf(
  config: Pick<AppContext['config'], 'trustProxy'>,
  header: (name: string) => string | undefined,
) {
  // The header is read only when it may be used: reading headers costs every call (the bench).
  return chooseRequestId(config.trustProxy ? header('x-request-id') : undefined, config.trustProxy);
}

export function identifyRequests(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const requestId = requestIdOf(ctx.config, (name) => requestHeader(c, name));
    c.set('requestId', requestId);
    c.set('ctx', { ...ctx, logger: withRequestId(ctx.logger, requestId) });
    return sendRequestId(c, next);
  };
}
