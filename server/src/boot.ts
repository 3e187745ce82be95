// Opens what the server needs at start: configuration, database (migrated), administrator, seed.
import path from 'node:path';
import type { ImageStore } from './adapters/image-store.ts';
import { createDatabaseImageStore } from './adapters/image-store-database.ts';
import { createDiskImageStore } from './adapters/image-store-disk.ts';
import { type Config, repoRoot } from './config.ts';
import { type AppContext, createLimiters } from './context.ts';
import { connectDatabase, type DatabaseHandle, type PoolLimits } from './db/connect.ts';
import type { Db } from './db/database.ts';
import type { DialectName } from './db/dialect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureIndexes } from './db/online-indexes.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createLogger, type Logger } from './logger.ts';
import { getDummyHash } from './services/accounts/passwords.ts';
import { ensureConfiguredAdmin } from './services/admin/administrators.ts';
import { seedCatalogueIfEmpty } from './services/catalogue/seed-catalogue.ts';
import type { PaymentProvider } from './services/payments/provider.ts';
import { createSandboxProvider } from './services/payments/providers/sandbox.ts';
import { createStripeProvider } from './services/payments/providers/stripe.ts';

export const SEED_IMAGES_DIR = path.join(repoRoot(), 'server', 'assets', 'seed-images');

export const sqliteFile = (config: Config): string => path.join(config.dataDir, 'starport.sqlite');

/** The disk image store's folder, and where `images migrate` finds a library to move. */
export const imagesDir = (config: Config): string => path.join(config.dataDir, 'images');

/** Where this start keeps pictures: one folder for one SQLite process, the shared database for many. */
export function chooseImageStore(config: Config, db: Db, dialect: DialectName): ImageStore {
  return dialect === 'postgres' ? createDatabaseImageStore(db) : createDiskImageStore(imagesDir(config));
}

/** Who takes card payments on this start: Stripe with keys, otherwise the sandbox, taking new payments only when PAYMENTS=sandbox. */
export function choosePaymentProvider(config: Config): PaymentProvider {
  const { payments } = config;
  if (payments.mode === 'stripe') return createStripeProvider(payments);
  return createSandboxProvider({ cardPayments: payments.mode === 'sandbox' });
}

export interface OpenedContext {
  ctx: AppContext;
  database: DatabaseHandle;
}

export async function openContext(
  config: Config,
  options: { logger?: Logger; clock?: Clock; pgSchema?: string } = {},
): Promise<OpenedContext> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const connect = (limits: Partial<PoolLimits>) =>
    connectDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: sqliteFile(config),
      pgSchema: options.pgSchema,
      limits,
      onConnectionError: (error) =>
        logger.warn('db.connection_lost', {
          error: { code: (error as { code?: unknown }).code, message: error.message },
        }),
      onCheckpointerError: (error) =>
        logger.warn('db.checkpoints_on_server_thread', { error: { message: error.message } }),
    });
  // Migrations run without the statement timeout: adding a column or widening one on a large table
  // may take longer than any request should. On SQLite there is no such timeout to lift.
  const migrator = config.databaseUrl ? connect({ poolMax: 3, statementTimeoutMs: 0 }) : null;
  const database = connect(config.database);
  try {
    const applied = await migrateToLatest((migrator ?? database).db, database.dialect, logger);
    if (applied.length > 0) logger.info('db.migrated', { dialect: database.dialect, applied });
    // Built here, like the migrations, without the statement timeout.
    await ensureIndexes((migrator ?? database).db, database.dialect, logger);
  } catch (error) {
    await database.close();
    throw error;
  } finally {
    await migrator?.close();
  }
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    logger,
    clock,
    limiters: createLimiters(config, database),
    images: chooseImageStore(config, database.db, database.dialect),
    payments: choosePaymentProvider(config),
    runtime: { draining: false, background: null },
  };
  return { ctx, database };
}

/** Everything start-up does after the schema is current. */
export async function prepareData(ctx: AppContext): Promise<void> {
  // Made now, so the first sign-in with an unknown email takes no longer than any other.
  await getDummyHash();
  await ensureConfiguredAdmin(ctx);
  if (ctx.config.seedCatalogue) await seedCatalogueIfEmpty(ctx, SEED_IMAGES_DIR);
}
