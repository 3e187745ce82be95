// Starts the Starport server: one process for /api, /images and the player site, and its drain on
// SIGTERM or SIGINT.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { openContext, prepareData } from './boot.ts';
import { loadConfig, loadDotEnv } from './config.ts';
import { startBackground } from './services/jobs/background.ts';
import { announceMailMode } from './services/mail/mail.ts';
import { closeNotificationStreams } from './services/notifications/notice-hub.ts';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const { ctx, database } = await openContext(config);
  await prepareData(ctx);
  announceMailMode(ctx);
  const app = createApp(ctx);
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    ctx.logger.info('server.listening', { port: info.port, url: config.publicUrl, database: database.dialect });
  }) as Server;
  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT)` : error.message;
    process.stderr.write(`Starport could not start: ${reason}\n`);
    process.exit(1);
  });
  const background = startBackground(ctx);
  ctx.runtime.background = background;

  // Requests in flight, so a drain knows when the last one has been answered.
  let inFlight = 0;
  let drained: (() => void) | null = null;
  /** Set once the listener closes (after SHUTDOWN_DELAY_MS): from then on idle connections are closed. */
  let closing = false;
  // First among the listeners: a hot read (hot-reads.ts) is answered synchronously by the app's own
  // listener, and a header can only be set before that.
  server.prependListener('request', (_req, res) => {
    inFlight += 1;
    // While draining, a keep-alive connection is closed once its answer is sent.
    if (ctx.runtime.draining && !res.headersSent) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight -= 1;
      // Not during the delay: a client may already be sending its next request on this connection.
      if (closing) server.closeIdleConnections();
      if (inFlight === 0) drained?.();
    });
  });

  const stop = async (signal: string) => {
    if (ctx.runtime.draining) return;
    // Readiness answers 503 from now on: a load balancer stops sending new work here.
    ctx.runtime.draining = true;
    // Open notification streams end now (their pages open one on another instance): an answer that
    // never ends would hold the drain until its timeout.
    closeNotificationStreams(ctx.db);
    ctx.logger.info('server.stopping', {
      signal,
      inFlight,
      delayMs: config.shutdownDelayMs,
      timeoutMs: config.shutdownTimeoutMs,
    });
    // Still serving while the load balancer notices readiness is 503 (SHUTDOWN_DELAY_MS, 0 by default).
    if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    const timedOut = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), config.shutdownTimeoutMs).unref(),
    );
    // No new connections; idle keep-alive connections are closed now, busy ones after their answer.
    closing = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const requestsDone = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve));
    const outcome = await Promise.race([
      Promise.all([requestsDone, closed, background.stop()]).then(() => 'clean' as const),
      timedOut,
    ]);
    if (outcome === 'timeout') {
      ctx.logger.error('server.drain_timeout', { inFlight, timeoutMs: config.shutdownTimeoutMs });
      server.closeAllConnections();
    }
    await database.close().catch((error) => ctx.logger.error('db.close_failed', { error: String(error) }));
    ctx.logger.info('server.stopped', { signal, clean: outcome === 'clean', inFlight });
    process.exit(outcome === 'clean' ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  // One line, the cause in words: a schema newer than this build, a port in use, a bad setting.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Starport could not start: ${message}\n`);
  process.exit(1);
});
