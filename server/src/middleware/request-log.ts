// One structured line per request: method, path (never the query, which may carry secrets), status, time.
import { createMiddleware } from 'hono/factory';
import { getClientAddress } from './client-address.ts';
import type { AppEnv } from './types.ts';

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const ctx = c.get('ctx');
  // Below LOG_LEVEL=info nothing is written, so nothing is gathered (the peer address is a system call).
  if (!ctx.logger.enabled('info')) return next();
  const started = performance.now();
  await next();
  const user = c.get('user');
  ctx.logger.info('request', {
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    address: getClientAddress(c, ctx.config.trustProxy),
    ...(user ? { userId: user.id } : {}),
  });
});
