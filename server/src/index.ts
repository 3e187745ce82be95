// Starts the Starport server: one process for /api, /images and the player site.
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { openContext, prepareData } from './boot.ts';
import { loadConfig, loadDotEnv } from './config.ts';
import { deleteEndedRateLimits } from './db/repositories/rate-limits.ts';
import { startRoleSyncWorker } from './services/discord-roles.ts';
import { renewDueSandboxSubscriptions } from './services/payment-sandbox.ts';
import { purgeExpiredSessions } from './services/sessions.ts';

const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;
const SANDBOX_RENEWAL_INTERVAL_MS = 60 * 60 * 1000;

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const { ctx, database } = await openContext(config);
  await prepareData(ctx);
  const app = createApp(ctx);
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    ctx.logger.info('server.listening', { port: info.port, url: config.publicUrl, database: database.dialect });
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT)` : error.message;
    process.stderr.write(`Starport could not start: ${reason}\n`);
    process.exit(1);
  });
  const purge = setInterval(() => {
    purgeExpiredSessions(ctx).catch((error) => ctx.logger.error('sessions.purge_failed', { error: String(error) }));
    deleteEndedRateLimits(ctx.db, ctx.dialect, Date.now()).catch((error) =>
      ctx.logger.error('rate_limits.purge_failed', { error: String(error) }),
    );
  }, SESSION_PURGE_INTERVAL_MS);
  purge.unref();
  // The sandbox has no Stripe to bill each month: it renews (or ends) due subscriptions itself.
  const renewSandbox = () => {
    renewDueSandboxSubscriptions(ctx).catch((error) =>
      ctx.logger.error('payments.sandbox_renewals_failed', { error: String(error) }),
    );
  };
  const renewals = ctx.stripe ? null : setInterval(renewSandbox, SANDBOX_RENEWAL_INTERVAL_MS);
  renewals?.unref();
  if (!ctx.stripe) renewSandbox();
  // Discord role syncs left unfinished by an earlier process are picked up on the first tick.
  const roleSync = startRoleSyncWorker(ctx);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info('server.stopping', { signal });
    clearInterval(purge);
    if (renewals) clearInterval(renewals);
    roleSync.stop();
    server.close(() => {
      database.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  process.stderr.write(`Starport could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
