// Headers an answer carries unless it sets its own. Served by Node (@hono/node-server), they are
// put on Node's response before the route runs: Node merges them with the answer's headers when it
// writes them, and the answer's own win. Changing the answer's Headers afterwards instead would
// turn @hono/node-server's plain header record into a full Headers object and back on every call,
// a tenth of the time of a small API answer in the bench profile. In-process (app.request in
// tests) there is no Node response, so they are added to the answer afterwards, with the same rule.
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.ts';

export type HeaderRecord = Record<string, string>;

function nodeResponse(c: Context) {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  return outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent ? outgoing : null;
}

function addMissing(c: Context, headers: HeaderRecord): void {
  const missing = Object.keys(headers).filter((name) => !c.res.headers.has(name));
  if (missing.length === 0) return;
  try {
    for (const name of missing) c.res.headers.set(name, headers[name] as string);
  } catch {
    // Immutable headers (Response.redirect, a fetched answer): copy the answer, as c.header() would.
    c.res = new Response(c.res.body, c.res);
    for (const name of missing) c.res.headers.set(name, headers[name] as string);
  }
}

/** Adds the headers `pick` chooses for this request to its answer, unless the answer has its own. */
export function defaultHeaders(pick: (c: Context<AppEnv>) => HeaderRecord): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const headers = pick(c);
    const outgoing = nodeResponse(c);
    if (outgoing) {
      for (const name in headers) outgoing.setHeader(name, headers[name] as string);
      return next();
    }
    await next();
    addMissing(c, headers);
  };
}
