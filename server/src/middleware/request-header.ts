// A request header read the cheap way. Served by Node (@hono/node-server), c.req.header() builds a
// Headers object of every header of the request the first time it is called; Node's own parsed
// record answers one name for nothing. In-process (app.request in tests) there is no Node request.
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/** The header `name` (lower case) of the request, or undefined. */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming?.headers) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return c.req.header(name);
}
