// What the app's routes and services are given: the database, configuration, logger, clock, limiters,
// the image store, and the payment provider. During a call they get a copy whose logger stamps the
// call's id (middleware/request-id.ts): key per-instance state by a member the copies share (db,
// config), never by the context object itself.
import type { ImageStore } from './adapters/image-store.ts';
import type { Config, RateLimitRule } from './config.ts';
import type { DatabaseHandle } from './db/connect.ts';
import type { Db } from './db/database.ts';
import type { DialectName } from './db/dialect.ts';
import type { Clock } from './lib/clock.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import { createMemoryRateLimiter } from './lib/rate-limiter-memory.ts';
import { createPostgresRateLimiter } from './lib/rate-limiter-postgres.ts';
import type { Logger } from './logger.ts';
import type { PaymentProvider } from './services/payments/provider.ts';

export interface AppContext {
  db: Db;
  dialect: DialectName;
  config: Config;
  logger: Logger;
  clock: Clock;
  limiters: {
    loginPerAddress: RateLimiter;
    registerPerAddress: RateLimiter;
    failedLoginsPerAccountAddress: RateLimiter;
    /** Blocks only: an account and address pair that must wait before its next attempt. */
    failedLoginDelays: RateLimiter;
    failedLoginsPerAccount: RateLimiter;
    checkoutPerPlayer: RateLimiter;
    checkoutPerAddress: RateLimiter;
    forgotPasswordPerAddress: RateLimiter;
    forgotPasswordPerAccount: RateLimiter;
    verificationMailsPerAccount: RateLimiter;
    passwordChecksPerAccount: RateLimiter;
    gameHeartbeatsPerKey: RateLimiter;
    playerSearchPerAccount: RateLimiter;
    tradeOffersPerPlayer: RateLimiter;
    gameStatsPerKey: RateLimiter;
    creditCodesPerAccount: RateLimiter;
    creditCodesPerAddress: RateLimiter;
  };
  /** The image library's pictures: on disk with SQLite, in the database with PostgreSQL. */
  images: ImageStore;
  /** Stripe, or the sandbox (which answers "not configured" with card payments off): chosen once in boot.ts. */
  payments: PaymentProvider;
  /** What readiness reports about this process (routes/health.ts). */
  runtime: Runtime;
}

export interface Runtime {
  /** Set at SIGTERM: readiness answers 503 so a load balancer sends no new work while requests drain. */
  draining: boolean;
  /** The job runner and the schedule (services/jobs/background.ts) once started; tests and the CLI run none. */
  background: { running(): boolean } | null;
}

/**
 * The store is chosen once, here: on PostgreSQL the database, so every instance counts against one
 * limit; on SQLite (one process) memory. Counters live by the library's clock (Date.now()), not ours.
 */
export function createLimiters(config: Config, database: Pick<DatabaseHandle, 'pgPool'>): AppContext['limiters'] {
  const { pgPool } = database;
  const limiter = (name: string, rule: RateLimitRule): RateLimiter =>
    pgPool ? createPostgresRateLimiter(pgPool, name, rule) : createMemoryRateLimiter(name, rule);
  const { rateLimits } = config;
  return {
    loginPerAddress: limiter('login', rateLimits.loginPerAddress),
    registerPerAddress: limiter('register', rateLimits.registerPerAddress),
    failedLoginsPerAccountAddress: limiter('failed-login-pair', rateLimits.failedLoginsPerAccountAddress),
    failedLoginDelays: limiter('failed-login-delay', { ...rateLimits.failedLoginsPerAccountAddress, limit: 1 }),
    failedLoginsPerAccount: limiter('failed-login-account', rateLimits.failedLoginsPerAccount),
    checkoutPerPlayer: limiter('checkout-player', rateLimits.checkoutPerPlayer),
    checkoutPerAddress: limiter('checkout-address', rateLimits.checkoutPerAddress),
    forgotPasswordPerAddress: limiter('forgot-password-address', rateLimits.forgotPasswordPerAddress),
    forgotPasswordPerAccount: limiter('forgot-password-account', rateLimits.forgotPasswordPerAccount),
    verificationMailsPerAccount: limiter('verification-mail-account', rateLimits.verificationMailsPerAccount),
    passwordChecksPerAccount: limiter('password-check-account', rateLimits.passwordChecksPerAccount),
    gameHeartbeatsPerKey: limiter('game-heartbeat-key', rateLimits.gameHeartbeatsPerKey),
    playerSearchPerAccount: limiter('player-search-account', rateLimits.playerSearchPerAccount),
    tradeOffersPerPlayer: limiter('trade-offer-player', rateLimits.tradeOffersPerPlayer),
    gameStatsPerKey: limiter('game-stats-key', rateLimits.gameStatsPerKey),
    creditCodesPerAccount: limiter('credit-code-account', rateLimits.creditCodesPerAccount),
    creditCodesPerAddress: limiter('credit-code-address', rateLimits.creditCodesPerAddress),
  };
}
