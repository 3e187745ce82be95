// /api/health/live and /api/health/ready (with /api/health as ready's alias). Both answer within a
// second even while the database stalls: the database check races a short timer.
import { healthMessages, type ReadinessChecks } from '@starport/api-client/contract';
import { type Context, Hono } from 'hono';
import type { AppContext } from '../context.ts';
import { isSchemaCurrent } from '../db/migrate.ts';
import { errorEnvelope, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.ts';
import type { AppEnv } from '../middleware/types.ts';

/** Under the one second a probe is promised, with room for the answer itself. */
export const READY_DATABASE_TIMEOUT_MS = 800;

/** The database answers and has every migration, or why not, within the timeout. */
async function checkDatabase(ctx: AppContext): Promise<Pick<ReadinessChecks, 'database' | 'migrations'>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), READY_DATABASE_TIMEOUT_MS);
  });
  // The schema read is the ping: it needs the database to answer, and says whether it is current.
  const answer = isSchemaCurrent(ctx.db).then(
    (current): 'current' | 'behind' => (current ? 'current' : 'behind'),
    (): 'failed' => 'failed',
  );
  const outcome = await Promise.race([answer, late]);
  clearTimeout(timer);
  if (outcome === 'late' || outcome === 'failed') return { database: 'unreachable', migrations: 'unknown' };
  return { database: 'ok', migrations: outcome };
}

async function ready(c: Context<AppEnv>) {
  const ctx = c.get('ctx');
  const background = ctx.runtime.background;
  const checks: ReadinessChecks = {
    ...(await checkDatabase(ctx)),
    background: !background ? 'not started' : background.running() ? 'running' : 'stopped',
    shuttingDown: ctx.runtime.draining,
  };
  const reasons = [
    checks.shuttingDown && healthMessages.shuttingDown,
    checks.database === 'unreachable' && healthMessages.databaseUnreachable(READY_DATABASE_TIMEOUT_MS),
    checks.migrations === 'behind' && healthMessages.migrationsBehind,
    checks.background === 'stopped' && healthMessages.backgroundStopped,
  ].filter((reason): reason is string => typeof reason === 'string');
  if (reasons.length > 0) {
    c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return c.json(
      { ...errorEnvelope(healthMessages.notReady(reasons), 'service_unavailable', c.get('requestId')), checks },
      503,
    );
  }
  return c.json({ status: 'ok' as const, database: ctx.dialect, time: ctx.clock().toISOString(), checks });
}

export const healthRoutes = new Hono<AppEnv>()
  .get('/live', (c) => c.json({ status: 'ok' as const, time: c.get('ctx').clock().toISOString() }))
  .get('/ready', ready)
  .get('/', ready);
