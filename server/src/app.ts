// Builds the Hono app: API routes, error envelope, images and the player site. Tests import this.
import type { ErrorCode } from '@starport/api-client/contract';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppContext } from './context.ts';
import { isDatabaseUnavailable, isUnstorableText } from './db/dialect.ts';
import { AppError, errorEnvelope, notFound, statusByCode, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors.ts';
import { withHotReads } from './hot-reads.ts';
import { newRequestId } from './lib/request-id.ts';
import { limitBody } from './middleware/body-limit.ts';
import { compressJson } from './middleware/compression.ts';
import { consoleCors } from './middleware/console-cors.ts';
import { defaultHeaders } from './middleware/default-headers.ts';
import { identifyRequests } from './middleware/request-id.ts';
import { requestLog } from './middleware/request-log.ts';
import { API_NO_STORE, securityHeaders } from './middleware/security-headers.ts';
import type { AppEnv } from './middleware/types.ts';
import { accountDataRoutes } from './routes/account-data.ts';
import { accountDeviceRoutes } from './routes/account-devices.ts';
import { accountPreferenceRoutes } from './routes/account-preferences.ts';
import { adminRoutes } from './routes/admin.ts';
import { apiDocsRoutes } from './routes/api-docs.ts';
import { authRoutes } from './routes/auth.ts';
import { adminCouponRoutes } from './routes/coupons.ts';
import { crawlerRoutes } from './routes/crawlers.ts';
import { accountCredentialRoutes, passwordRecoveryRoutes } from './routes/credentials.ts';
import { discordRoutes } from './routes/discord.ts';
import { emojiRoutes } from './routes/emoji.ts';
import { gameRoutes, STATS_MAX_BYTES, STATS_PATH } from './routes/game.ts';
import { healthRoutes } from './routes/health.ts';
import { imageRoutes } from './routes/images.ts';
import { inventoryRoutes } from './routes/inventory.ts';
import { leaderboardRoutes } from './routes/leaderboard.ts';
import { leaderboardAdminRoutes } from './routes/leaderboard-admin.ts';
import { newsFeedRoutes } from './routes/news-feed.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { paymentRoutes } from './routes/payments.ts';
import { playerRoutes } from './routes/players.ts';
import { adminCreditCodeRoutes, adminSaleRoutes, creditCodeRoutes } from './routes/promotions.ts';
import { purchaseRoutes } from './routes/purchases.ts';
import { shopRoutes } from './routes/shop.ts';
import { IMAGE_UPLOAD_PATH, shopAdminRoutes } from './routes/shop-admin.ts';
import { siteRoutes } from './routes/site.ts';
import { statusRoutes } from './routes/status.ts';
import { tierRoutes } from './routes/tiers.ts';
import { tradeRoutes } from './routes/trades.ts';
import { twoFactorRoutes } from './routes/two-factor.ts';
import { adminUpdateRoutes, updateRoutes } from './routes/updates.ts';

export const genericMessages = {
  notFound: 'Not found',
  tooLarge: 'Request body is too large',
  internal: 'Internal server error',
  unstorableText: 'Request contains characters that cannot be stored (such as a NUL byte)',
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;

// Each status by its first code: 403 is 'forbidden' (not the admin two-factor rule's own code).
const codeByStatus = new Map(
  Object.entries(statusByCode)
    .reverse()
    .map(([code, status]) => [status as number, code as ErrorCode]),
);

/** The one error handler: AppError by its code, Hono's own refusals by their status, anything else a bare 500. */
export function handleError(ctx: AppContext) {
  return (error: Error, c: Context<AppEnv>) => {
    // An app built without identifyRequests (a test's) still answers with an id.
    const requestId = c.get('requestId') ?? newRequestId();
    const errorBody = (message: string, code: ErrorCode) => errorEnvelope(message, code, requestId);
    const logger = c.get('ctx')?.logger ?? ctx.logger;
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(errorBody(error.message, error.code), error.status);
    }
    if (isUnstorableText(error)) {
      return c.json(errorBody(genericMessages.unstorableText, 'invalid_request'), 400);
    }
    if (isDatabaseUnavailable(error)) {
      // The real cause (a full disk, a refused connection, a statement timeout) goes to the log; the
      // caller learns only that it may try again.
      logger.warn('db.unavailable', {
        method: c.req.method,
        path: c.req.path,
        error: { name: error.name, code: (error as { code?: unknown }).code, message: error.message },
      });
      c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return c.json(errorBody(genericMessages.unavailable, 'service_unavailable'), 503);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const code = codeByStatus.get(error.status) ?? 'invalid_request';
      return c.json(errorBody(error.message || 'Request refused', code), error.status);
    }
    logger.error('request.failed', {
      method: c.req.method,
      path: c.req.path,
      error: { name: error.name, message: error.message, stack: error.stack },
    });
    return c.json(errorBody(genericMessages.internal, 'internal_error'), 500);
  };
}

const PLAIN_SPELLING_OF_API = /^\/api(?:\/|$)/i;

/**
 * `//api/x`, `/api%2Fx` or `/API/x` must not reach the site (a 200 HTML page) or, later, slip past a guard
 * mounted on `/api/...`: any spelling that means /api but is not its plain form is a JSON 404.
 */
function isDisguisedApiPath(path: string): boolean {
  if (path === '/api' || path.startsWith('/api/')) return false;
  // Without an escape, a backslash, a doubled slash or another case of "api" at its start, a path
  // can only mean what it says (the site's pages and files): nothing to decode.
  if (!PLAIN_SPELLING_OF_API.test(path) && !/[%\\]|\/\//.test(path)) return false;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is not an API path either way.
  }
  const collapsed = decoded.replace(/[/\\]+/g, '/').toLowerCase();
  return collapsed === '/api' || collapsed.startsWith('/api/');
}

export function createApp(ctx: AppContext) {
  const jsonBodyLimit = limitBody(ctx.config.maxJsonBytes, () => {
    throw new AppError('payload_too_large', genericMessages.tooLarge);
  });
  const statsBodyLimit = limitBody(STATS_MAX_BYTES, () => {
    throw new AppError('payload_too_large', genericMessages.tooLarge);
  });
  const noStore = defaultHeaders(() => API_NO_STORE);
  const api = new Hono<AppEnv>({ strict: false })
    .use('*', (c, next) => noStore(c, () => compressJson(c, next) as Promise<void>))
    .use('*', (c, next) =>
      // The image upload sets its own, larger limit, a batch of stats has room for its 1,000 events;
      // every other call gets the JSON one.
      c.req.path === IMAGE_UPLOAD_PATH
        ? next()
        : c.req.path === STATS_PATH
          ? statsBodyLimit(c, next)
          : jsonBodyLimit(c, next),
    )
    .route('/health', healthRoutes)
    .route('/auth', authRoutes)
    .route('/auth', passwordRecoveryRoutes)
    .route('/account/2fa', twoFactorRoutes)
    .route('/account', accountCredentialRoutes)
    .route('/account', accountDeviceRoutes)
    .route('/account', accountDataRoutes)
    .route('/account', accountPreferenceRoutes)
    .route('/inventory', inventoryRoutes)
    .route('/purchases', purchaseRoutes)
    .route('/players', playerRoutes)
    .route('/trades', tradeRoutes)
    .route('/shop/admin', shopAdminRoutes)
    .route('/shop', shopRoutes)
    .route('/tiers', tierRoutes)
    .route('/updates', updateRoutes)
    .route('/status', statusRoutes)
    .route('/admin/updates', adminUpdateRoutes)
    .route('/admin/coupons', adminCouponRoutes)
    .route('/admin/leaderboard', leaderboardAdminRoutes)
    .route('/admin/sales', adminSaleRoutes)
    .route('/admin/credit-codes', adminCreditCodeRoutes)
    .route('/credit-codes', creditCodeRoutes)
    .route('/admin', adminRoutes)
    .route('/leaderboard', leaderboardRoutes)
    .route('/stripe', paymentRoutes)
    .route('/discord', discordRoutes)
    .route('/game', gameRoutes)
    .route('/notifications', notificationRoutes)
    .route('/', apiDocsRoutes)
    .all('*', () => {
      throw notFound(genericMessages.notFound);
    });

  const app = new Hono<AppEnv>({ strict: false });
  const identifyRequest = identifyRequests(ctx);
  const answerError = handleError(ctx);
  // Answered here rather than thrown, so the middleware around it still sees the answer (in-process,
  // the security headers are added to it on the way out).
  const refuseDisguisedApi: MiddlewareHandler<AppEnv> = (c, next) => {
    if (!isDisguisedApiPath(c.req.path)) return next();
    c.res = answerError(notFound(genericMessages.notFound), c);
    return Promise.resolve();
  };
  // Nested rather than app.use levels of their own: each level of middleware costs every call (the bench).
  app.use('*', (c, next) =>
    identifyRequest(
      c,
      () =>
        requestLog(
          c,
          () => securityHeaders(c, () => refuseDisguisedApi(c, next) as Promise<void>) as Promise<void>,
        ) as Promise<void>,
    ),
  );
  app.use('/api/*', consoleCors);
  app.route('/api', api);
  app.route('/images', imageRoutes(ctx.images));
  app.route('/emoji', emojiRoutes());
  app.route('/', crawlerRoutes);
  app.route('/', newsFeedRoutes);
  app.route('/', siteRoutes(ctx.config.siteDir));
  app.onError(answerError);
  // The public catalogue's kept answers go out before the router (hot-reads.ts); app.request (tests)
  // goes through it too.
  app.fetch = withHotReads(ctx, app.fetch) as typeof app.fetch;
  return app;
}

export type App = ReturnType<typeof createApp>;
