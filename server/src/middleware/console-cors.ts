// The one CORS grant of SECURITY.md: the desktop console's renderer runs at app://console (a custom
// scheme, see apps/console), so its calls to /api are cross-origin. That exact origin, and no other,
// may call the API with a bearer token; cookies are never involved, so no credentials flag.
import type { MiddlewareHandler } from 'hono';
import { requestHeader } from './request-header.ts';
import type { AppEnv } from './types.ts';

export const CONSOLE_ORIGIN = 'app://console';

async function answerConsole(...[c, next]: Parameters<MiddlewareHandler<AppEnv>>) {
  if (c.req.method === 'OPTIONS') {
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': CONSOLE_ORIGIN,
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    });
  }
  await next();
  c.header('Access-Control-Allow-Origin', CONSOLE_ORIGIN);
  c.header('Vary', 'Origin', { append: true });
}

/** Any other origin (or none: the site, a game server) passes straight on, at no cost. */
export const consoleCors: MiddlewareHandler<AppEnv> = (c, next) =>
  requestHeader(c, 'origin') === CONSOLE_ORIGIN ? answerConsole(c, next) : next();
