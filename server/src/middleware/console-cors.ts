// The one CORS grant of SECURITY.md: the desktop console's renderer runs at app://console (a custom
// scheme, see apps/console), so its calls to /api are cross-origin. That exact origin, and no other,
// may call the API with a bearer token; cookies are never involved, so no credentials flag.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './types.ts';

export const CONSOLE_ORIGIN = 'app://console';

export const consoleCors = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header('origin') !== CONSOLE_ORIGIN) {
    await next();
    return;
  }
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
});
