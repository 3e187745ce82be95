// One structured line per request: method, path (never the query, which may carry secrets), status, time.
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logger.ts';
import { getClientAddress } from './client-address.ts';
import type { AppEnv } from './types.ts';

export interface RequestLine {
  method: string;
  path: string;
  status: number;
  /** performance.now() when the call began. */
  started: number;
  address: string;
  userId?: string;
}

/** Writes the line of one call (`logger` stamps its id). */
export function logRequest(logger: Logger, { method, path, status, started, address, userId }: RequestLine): void {
  logger.info('request', {
    method,
    path,
    status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    address,
    ...(userId ? { userId } : {}),
  });
}

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const ctx = c.get('ctx');
  // Below LOG_LEVEL=info nothing is written, so nothing is gathered (the peer address is a system call).
  if (!ctx.logger.enabled('info')) return next();
  const started = performance.now();
  await next();
  logRequest(ctx.logger, {
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    started,
    address: getClientAddress(c, ctx.config.trustProxy),
    userId: c.get('user')?.id,
  });
});
