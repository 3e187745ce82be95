// Request body size limit. A body with a Content-Length is judged by that header alone (Node's HTTP
// parser never reads past it), so the body stays unread for the handler's fast path; only a chunked
// body (or one handed in-process by app.request, with neither header) is counted as it streams, by
// Hono's own middleware. A GET or HEAD without either header passes untouched: looking at
// `c.req.raw.body` would build a full undici Request on each one, which a CPU profile of the bench
// found to be the largest cost of a small public answer.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestHeader } from './request-header.ts';
import type { AppEnv } from './types.ts';

export function limitBody(maxSize: number, onTooLarge: () => never): MiddlewareHandler<AppEnv> {
  const streamed = bodyLimit({ maxSize, onError: onTooLarge });
  return async (c, next) => {
    const length = requestHeader(c, 'content-length');
    if (requestHeader(c, 'transfer-encoding') === undefined) {
      if (length !== undefined) return Number.parseInt(length, 10) > maxSize ? onTooLarge() : next();
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    }
    return streamed(c, next);
  };
}
