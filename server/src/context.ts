// What the app's routes and services are given: the database, configuration, logger, clock, limiters,
// and Stripe when real payments are configured.
import type { StripeGateway } from './adapters/stripe.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { DialectName } from './db/dialect.ts';
import type { Clock } from './lib/clock.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import type { Logger } from './logger.ts';

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
    failedLoginsPerAccount: RateLimiter;
  };
  /** Null in the sandbox (no STRIPE_SECRET_KEY): payments then go through the site's own checkout page. */
  stripe: StripeGateway | null;
  /** What readiness reports about this process (routes/health.ts). */
  runtime: Runtime;
}

export interface Runtime {
  /** Set at SIGTERM: readiness answers 503 so a load balancer sends no new work while requests drain. */
  draining: boolean;
  /** The recurring work (background.ts), once the server has started it; tests and the CLI run none. */
  background: { running(): boolean } | null;
}

export function createLimiters(config: Config, clock: Clock): AppContext['limiters'] {
  return {
    loginPerAddress: new RateLimiter(config.rateLimits.loginPerAddress, clock),
    registerPerAddress: new RateLimiter(config.rateLimits.registerPerAddress, clock),
    failedLoginsPerAccountAddress: new RateLimiter(config.rateLimits.failedLoginsPerAccountAddress, clock),
    failedLoginsPerAccount: new RateLimiter(config.rateLimits.failedLoginsPerAccount, clock),
  };
}
