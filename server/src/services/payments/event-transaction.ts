// A provider event is applied once: its id is stored in the same transaction as its effects, so a
// replayed or concurrent second delivery changes nothing. Used by checkout completion, the subscription
// lifecycle's events and the reversals alike.
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { insertProcessedEvent, isEventProcessed } from '../../db/repositories/payments.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toIso } from '../../lib/clock.ts';

/** A provider event being applied: its id is stored in the same transaction as its effects. */
export interface EventRef {
  id: string;
  type: string;
}

/** `refused`: a sandbox subscription order while another subscription gives the player a tier. */
export type ApplyOutcome = 'applied' | 'already' | 'duplicate' | 'unknown' | 'refused';

/**
 * Runs `apply` in one transaction together with storing the event id. A second delivery of the same
 * event (replayed, or concurrent) meets the primary key and changes nothing.
 */
export async function inEventTransaction<T>(
  ctx: AppContext,
  event: EventRef | null,
  apply: (trx: Executor) => Promise<T>,
): Promise<T | 'duplicate'> {
  try {
    return await inTransaction(ctx.db, async (trx) => {
      if (event) await insertProcessedEvent(trx, event.id, event.type, toIso(ctx.clock()));
      return apply(trx);
    });
  } catch (error) {
    if (event && isUniqueViolation(error) && (await isEventProcessed(ctx.db, event.id))) return 'duplicate';
    throw error;
  }
}
