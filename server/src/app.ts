// Builds the Hono app: API routes, error envelope, images and the player site. Tests import this.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppContext } from './context.ts';
import { AppError, notFound } from './errors.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import type { AppEnv } from './middleware/types.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { imageRoutes, siteRoutes } from './routes/site.ts';

export const genericMessages = {
  notFound: 'Not found',
  tooLarge: 'Request body is too large',
  internal: 'Internal server error',
} as const;

function errorBody(message: string, code: string) {
  return { error: { message, code } };
}

export function createApp(ctx: AppContext) {
  const api = new Hono<AppEnv>()
    .use(
      '*',
      bodyLimit({
        maxSize: ctx.config.maxJsonBytes,
        onError: () => {
          throw new AppError('payload_too_large', genericMessages.tooLarge);
        },
      }),
    )
    .route('/health', healthRoutes)
    .route('/auth', authRoutes)
    .all('*', () => {
      throw notFound(genericMessages.notFound);
    });

  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('ctx', ctx);
    await next();
  });
  app.use('*', requestLog);
  app.use('*', securityHeaders);
  app.route('/api', api);
  app.route('/images', imageRoutes(ctx.config.dataDir));
  app.route('/', siteRoutes(ctx.config.siteDir));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(errorBody(error.message, error.code), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      return c.json(errorBody(error.message || genericMessages.notFound, 'invalid_request'), status);
    }
    ctx.logger.error('request.failed', {
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    });
    return c.json(errorBody(genericMessages.internal, 'internal_error'), 500);
  });
  app.notFound((c) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') {
      return c.json(errorBody(genericMessages.notFound, 'not_found'), 404);
    }
    return c.text('Not found', 404);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
