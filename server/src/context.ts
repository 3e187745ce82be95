// What the app's routes and services are given: the database, configuration, logger, clock, limiters,
// the image store, and Stripe when real payments are configured.
import type { ImageStore } from './adapters/image-store.ts';
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
  /** The image library's pictures: on disk with SQLite, in the database with PostgreSQL. */
  images: ImageStore;
  /** Null in the sandbox (no STRIPE_SECRET_KEY): payments then go through the site's own checkout page. */
  stripe: StripeGateway | null;
}

export function createLimiters(config: Config, clock: Clock): AppContext['limiters'] {
  return {
    loginPerAddress: new RateLimiter(config.rateLimits.loginPerAddress, clock),
    registerPerAddress: new RateLimiter(config.rateLimits.registerPerAddress, clock),
    failedLoginsPerAccountAddress: new RateLimiter(config.rateLimits.failedLoginsPerAccountAddress, clock),
    failedLoginsPerAccount: new RateLimiter(config.rateLimits.failedLoginsPerAccount, clock),
  };
}
