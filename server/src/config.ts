// Reads the server's configuration from environment variables (ARCHITECTURE.md, Runtime).
import fs from 'node:fs';
import path from 'node:path';

export interface RateLimitRule {
  /** How many attempts fit in one window. */
  limit: number;
  windowMs: number;
}

/** A memory cache's bounds: past either one, the least recently used entry is dropped. */
export interface CacheBounds {
  maxEntries: number;
  /** Keys and values, counted as the bytes of their (JSON) text. */
  maxBytes: number;
}

/**
 * The wait between failed sign-ins to one account from one address: none for the first `after`
 * failures, then `firstMs`, multiplied by `growth` after each further failure (never past the
 * window of failedLoginsPerAccountAddress).
 */
export interface FailedLoginDelay {
  after: number;
  firstMs: number;
  growth: number;
}

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  /** Where the built player site is (a page saying so is served until it is built). */
  siteDir: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** How long the public catalogue's answers are served from memory, in ms (0: never cached). */
  catalogueCacheMs: number;
  /** How long the top page of each leaderboard is answered from memory; 0 turns it off. */
  leaderboardCacheMs: number;
  /**
   * How old the ranks of a signed-in player's own row and of a name search may be: each board's rank
   * index (services/leaderboard/rank-index.ts) is read again once it is half that old; 0 reads it
   * for every such request (tests, never at scale).
   */
  leaderboardRanksMs: number;
  /** How much that cache holds at most. */
  catalogueCacheBounds: CacheBounds;
  /** How much the sessions signed-in calls read from memory may take (db/read-cache.ts). */
  sessionCacheBounds: CacheBounds;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy you run). */
  trustProxy: boolean;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  rateLimits: {
    loginPerAddress: RateLimitRule;
    registerPerAddress: RateLimitRule;
    /** Failed sign-ins to one account from one address: the limit a guesser meets first. */
    failedLoginsPerAccountAddress: RateLimitRule;
    failedLoginDelay: FailedLoginDelay;
    /**
     * Failed sign-ins to one account from everywhere: over it, an address that has failed against
     * the account waits for the window to end, while one that has not still has its password checked.
     */
    failedLoginsPerAccount: RateLimitRule;
    /** Checkout, subscribe, change tier, portal and sandbox orders by one player: each may open a session at Stripe. */
    checkoutPerPlayer: RateLimitRule;
    /** The same from one address, whichever players it signs in as. */
    checkoutPerAddress: RateLimitRule;
    /** Forgot-password requests from one address (beyond it, 429). */
    forgotPasswordPerAddress: RateLimitRule;
    /** Reset mails to one address, whoever asks (beyond it, the same answer and no mail). */
    forgotPasswordPerAccount: RateLimitRule;
    /** Verification mails one account asks for again. */
    verificationMailsPerAccount: RateLimitRule;
    /** Wrong current passwords given to change a password or an email, per account. */
    passwordChecksPerAccount: RateLimitRule;
    /** Heartbeats from one game server key (each server sends one a minute). */
    gameHeartbeatsPerKey: RateLimitRule;
    /** Player searches (the pickers' search as you type) by one account. */
    playerSearchPerAccount: RateLimitRule;
    /** Trade offers one player may send. */
    tradeOffersPerPlayer: RateLimitRule;
    /** Stat batches (POST /api/game/stats) one game server key may send. */
    gameStatsPerKey: RateLimitRule;
    /** Credit codes one account may try that were not redeemed (unknown, used, expired). */
    creditCodesPerAccount: RateLimitRule;
    /** The same from one client address, whichever accounts it signs in as. */
    creditCodesPerAddress: RateLimitRule;
  };
  /** How long a purchased item stays trade-locked (0: not at all). */
  tradeLockMs: number;
  /** Largest JSON body the API accepts. */
  maxJsonBytes: number;
  seedCatalogue: boolean;
  database: DatabaseConfig;
  /** How long SIGTERM waits for requests in flight and job leases to finish before the process exits. */
  shutdownTimeoutMs: number;
  /**
   * How long SIGTERM keeps serving as usual, readiness already 503, before it stops accepting: the
   * time a load balancer needs to see the instance is not ready and send nothing new to it.
   */
  shutdownDelayMs: number;
  discord: DiscordConfig;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  payments: PaymentsConfig;
  mail: MailConfig;
}

/**
 * Outgoing mail (services/mail/): through SMTP when SMTP_URL is set; without it, written to the log
 * in development and not sent at all where NODE_ENV looks like production (a warning at start).
 */
export interface MailConfig {
  mode: 'smtp' | 'log' | 'off';
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's connection URL); null unless mode is smtp. */
  smtpUrl: string | null;
  /** The From header: `Starport <no-reply@your-host>` unless MAIL_FROM says otherwise. */
  from: string;
}

/**
 * Real card payments through Stripe, the sandbox (the site's own checkout page, where no money
 * moves), or none. The sandbox runs only when PAYMENTS=sandbox asks for it, and never where NODE_ENV
 * looks like production: it hands out what is bought without payment. Keys mean Stripe; no keys and no
 * PAYMENTS mean no card payments at all (the payment calls answer 503), so a forgotten key cannot
 * give anything away.
 */
export type PaymentsConfig =
  | {
      mode: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** Tests only: the fake Stripe API the package talks to instead of api.stripe.com. */
      apiBase: { protocol: 'http' | 'https'; host: string; port: number } | null;
    }
  | { mode: 'sandbox' }
  | { mode: 'off' };

/** PostgreSQL connection limits (SQLite waits on its own lock, busy_timeout, instead). */
export interface DatabaseConfig {
  poolMax: number;
  /** The longest a statement may run; 0 turns the limit off. */
  statementTimeoutMs: number;
  /** The longest to wait for a connection to open or for a free one in the pool. */
  connectTimeoutMs: number;
}

export interface DiscordConfig {
  /** Linking works when both are set. */
  clientId: string | null;
  clientSecret: string | null;
  /** Joining the guild and supporter roles work when both are set. */
  botToken: string | null;
  guildId: string | null;
  /** Discord's REST API (tests point it at a local fake). */
  apiBase: string;
  /** Where the browser is sent to authorise (tests point it at a local fake). */
  authorizeUrl: string;
}

type Env = Record<string, string | undefined>;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function readInt(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  }
  return value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false (got "${env[name]}")`);
}

function readText(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

function readLogLevel(env: Env): Config['logLevel'] {
  const raw = (env.LOG_LEVEL ?? 'info').trim().toLowerCase();
  if (raw === 'debug' || raw === 'info' || raw === 'warn' || raw === 'error' || raw === 'silent') return raw;
  throw new Error(`LOG_LEVEL must be one of debug, info, warn, error, silent (got "${env.LOG_LEVEL}")`);
}

/** The repository root, found from this module's place (src/ in tests, dist/ when built). */
export function repoRoot(): string {
  return path.resolve(import.meta.dirname, '..', '..');
}

/** Reads `.env` from the working directory into process.env, if there is one; real variables win. */
export function loadDotEnv(file = path.resolve('.env')): void {
  if (!fs.existsSync(file)) return;
  const saved = { ...process.env };
  process.loadEnvFile(file);
  Object.assign(process.env, saved);
}

function readApiBase(env: Env): Extract<PaymentsConfig, { mode: 'stripe' }>['apiBase'] {
  const raw = readText(env, 'STRIPE_API_BASE');
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111 (got "${raw}")`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : url.protocol === 'https:' ? 'https' : null;
  if (!protocol) throw new Error(`STRIPE_API_BASE must be an http:// or https:// URL (got "${raw}")`);
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  return { protocol, host: url.hostname, port };
}

export const paymentsConfigMessages = {
  sandboxInProduction: (nodeEnv: string) =>
    `PAYMENTS=sandbox is refused when NODE_ENV is "${nodeEnv}": the sandbox hands out purchases without payment. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for real payments, or unset PAYMENTS to run without card payments`,
  stripeWithoutKeys: 'PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
  webhookSecretRequired:
    'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: without it no payment would ever be fulfilled',
  sandboxVariableReplaced:
    'PAYMENTS_SANDBOX was replaced by PAYMENTS=sandbox: remove PAYMENTS_SANDBOX, and set PAYMENTS=sandbox where you want test-mode payments (never in production)',
  unknownMode: (raw: string) => `PAYMENTS must be stripe, sandbox or off (got "${raw}")`,
} as const;

/**
 * Whether NODE_ENV names production in any of the ways people write it: production, Prod, PRD, live,
 * production-eu, prod_2… (a word of it, whatever the case). Staging and pre-production do not count.
 */
export function looksLikeProduction(nodeEnv: string | undefined): boolean {
  const words = (nodeEnv ?? '')
    .trim()
    .toLowerCase()
    .split(/[^a-z]+/);
  return words.some((word) => word.startsWith('prod') || word === 'prd' || word === 'live');
}

function readPayments(env: Env): PaymentsConfig {
  if (readText(env, 'PAYMENTS_SANDBOX')) throw new Error(paymentsConfigMessages.sandboxVariableReplaced);
  const raw = readText(env, 'PAYMENTS');
  const chosen = raw?.toLowerCase() ?? null;
  if (chosen !== null && chosen !== 'stripe' && chosen !== 'sandbox' && chosen !== 'off') {
    throw new Error(paymentsConfigMessages.unknownMode(raw ?? ''));
  }
  if (chosen === 'off') return { mode: 'off' };
  if (chosen === 'sandbox') {
    if (looksLikeProduction(env.NODE_ENV)) {
      throw new Error(paymentsConfigMessages.sandboxInProduction(env.NODE_ENV?.trim() ?? ''));
    }
    return { mode: 'sandbox' };
  }
  const secretKey = readText(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = readText(env, 'STRIPE_WEBHOOK_SECRET');
  if (!secretKey) {
    if (chosen === 'stripe') throw new Error(paymentsConfigMessages.stripeWithoutKeys);
    return { mode: 'off' };
  }
  if (!webhookSecret) throw new Error(paymentsConfigMessages.webhookSecretRequired);
  return { mode: 'stripe', secretKey, webhookSecret, apiBase: readApiBase(env) };
}

function readMail(env: Env, publicUrl: string): MailConfig {
  const smtpUrl = readText(env, 'SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587');
  }
  const from = readText(env, 'MAIL_FROM') ?? `Starport <no-reply@${new URL(publicUrl).hostname}>`;
  const mode = smtpUrl ? 'smtp' : looksLikeProduction(env.NODE_ENV) ? 'off' : 'log';
  return { mode, smtpUrl, from };
}

export function loadConfig(env: Env = process.env): Config {
  const port = readInt(env, 'PORT', 3000);
  const databaseUrl = readText(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL; leave it unset to use SQLite in DATA_DIR');
  }
  const publicUrl = (readText(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    publicUrl,
    siteDir: path.resolve(env.SITE_DIR?.trim() || path.join(repoRoot(), 'apps', 'site', 'dist')),
    adminEmail: readText(env, 'ADMIN_EMAIL'),
    adminPassword: env.ADMIN_PASSWORD || null,
    catalogueCacheMs: readInt(env, 'CATALOGUE_CACHE_MS', 1000),
    leaderboardCacheMs: readInt(env, 'LEADERBOARD_CACHE_MS', 1000),
    leaderboardRanksMs: readInt(env, 'LEADERBOARD_RANKS_MS', 10_000),
    catalogueCacheBounds: {
      maxEntries: readInt(env, 'CATALOGUE_CACHE_MAX_ENTRIES', 1000, 1),
      maxBytes: readInt(env, 'CATALOGUE_CACHE_MAX_BYTES', 32 * 1024 * 1024, 1),
    },
    sessionCacheBounds: {
      maxEntries: readInt(env, 'SESSION_CACHE_MAX_ENTRIES', 10_000, 1),
      maxBytes: readInt(env, 'SESSION_CACHE_MAX_BYTES', 16 * 1024 * 1024, 1),
    },
    trustProxy: readBool(env, 'TRUST_PROXY', false),
    sessionIdleMs: readInt(env, 'SESSION_IDLE_DAYS', 7, 1) * DAY,
    sessionAbsoluteMs: readInt(env, 'SESSION_MAX_DAYS', 30, 1) * DAY,
    rateLimits: {
      loginPerAddress: { limit: readInt(env, 'LOGIN_LIMIT_PER_ADDRESS', 20, 1), windowMs: 5 * MINUTE },
      registerPerAddress: { limit: readInt(env, 'REGISTER_LIMIT_PER_ADDRESS', 10, 1), windowMs: HOUR },
      failedLoginsPerAccountAddress: {
        limit: readInt(env, 'FAILED_LOGIN_LIMIT_PER_ACCOUNT_ADDRESS', 10, 1),
        windowMs: 15 * MINUTE,
      },
      failedLoginDelay: {
        after: readInt(env, 'FAILED_LOGIN_DELAY_AFTER', 3, 1),
        firstMs: readInt(env, 'FAILED_LOGIN_FIRST_DELAY_SECONDS', 2, 0) * SECOND,
        growth: readInt(env, 'FAILED_LOGIN_DELAY_GROWTH', 2, 1),
      },
      failedLoginsPerAccount: { limit: readInt(env, 'FAILED_LOGIN_LIMIT_PER_ACCOUNT', 100, 1), windowMs: HOUR },
      checkoutPerPlayer: { limit: readInt(env, 'CHECKOUT_LIMIT_PER_PLAYER', 10, 1), windowMs: MINUTE },
      checkoutPerAddress: { limit: readInt(env, 'CHECKOUT_LIMIT_PER_ADDRESS', 30, 1), windowMs: MINUTE },
      forgotPasswordPerAddress: { limit: readInt(env, 'FORGOT_PASSWORD_LIMIT_PER_ADDRESS', 10, 1), windowMs: HOUR },
      forgotPasswordPerAccount: { limit: readInt(env, 'FORGOT_PASSWORD_LIMIT_PER_ACCOUNT', 3, 1), windowMs: HOUR },
      verificationMailsPerAccount: {
        limit: readInt(env, 'VERIFICATION_MAIL_LIMIT_PER_ACCOUNT', 3, 1),
        windowMs: HOUR,
      },
      gameStatsPerKey: { limit: readInt(env, 'GAME_STATS_LIMIT_PER_KEY', 600, 1), windowMs: MINUTE },
      passwordChecksPerAccount: {
        limit: readInt(env, 'PASSWORD_CHECK_LIMIT_PER_ACCOUNT', 5, 1),
        windowMs: 15 * MINUTE,
      },
      gameHeartbeatsPerKey: { limit: readInt(env, 'GAME_HEARTBEAT_LIMIT_PER_KEY', 30, 1), windowMs: MINUTE },
      playerSearchPerAccount: { limit: readInt(env, 'PLAYER_SEARCH_LIMIT_PER_ACCOUNT', 60, 1), windowMs: MINUTE },
      tradeOffersPerPlayer: { limit: readInt(env, 'TRADE_OFFER_LIMIT_PER_PLAYER', 30, 1), windowMs: HOUR },
      creditCodesPerAccount: { limit: readInt(env, 'CREDIT_CODE_LIMIT_PER_ACCOUNT', 10, 1), windowMs: HOUR },
      creditCodesPerAddress: { limit: readInt(env, 'CREDIT_CODE_LIMIT_PER_ADDRESS', 30, 1), windowMs: HOUR },
    },
    tradeLockMs: readInt(env, 'TRADE_LOCK_DAYS', 7, 0) * DAY,
    maxJsonBytes: 100 * 1024,
    seedCatalogue: readBool(env, 'SEED_CATALOGUE', true),
    database: {
      poolMax: readInt(env, 'DATABASE_POOL_MAX', 10, 1),
      statementTimeoutMs: readInt(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 5000, 0),
      connectTimeoutMs: readInt(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3000, 100),
    },
    shutdownTimeoutMs: readInt(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0),
    shutdownDelayMs: readInt(env, 'SHUTDOWN_DELAY_MS', 0, 0),
    discord: {
      clientId: readText(env, 'DISCORD_CLIENT_ID'),
      clientSecret: readText(env, 'DISCORD_CLIENT_SECRET'),
      botToken: readText(env, 'DISCORD_BOT_TOKEN'),
      guildId: readText(env, 'DISCORD_GUILD_ID'),
      apiBase: (readText(env, 'DISCORD_API_BASE') ?? 'https://discord.com/api/v10').replace(/\/+$/, ''),
      authorizeUrl: readText(env, 'DISCORD_AUTHORIZE_URL') ?? 'https://discord.com/oauth2/authorize',
    },
    logLevel: readLogLevel(env),
    payments: readPayments(env),
    mail: readMail(env, publicUrl),
  };
}
