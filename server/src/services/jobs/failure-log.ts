// How background work logs a failure: the database away (a stall, a restart, a cut connection) is an
// outage the next round outlasts, as calls answer 503 with a warning meanwhile; anything else is a fault.
import type { AppContext } from '../../context.ts';
import { isDatabaseUnavailable } from '../../db/dialect.ts';

export function logBackgroundFailure(
  ctx: AppContext,
  event: string,
  error: unknown,
  fields: Record<string, unknown> = {},
) {
  const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
  ctx.logger[level](event, { ...fields, error: String(error) });
}
