// Data access for each order's history (migration 031): appended in the transaction of the change
// it records, read oldest first for the admin's order page.
import { newTimeOrderedId } from '../../lib/ids.ts';
import type { Executor } from '../database.ts';

export interface NewPaymentEvent {
  paymentId: string;
  type: string;
  amountCents?: number | null;
  /** A user id, or system:… (payment-records.ts PAYMENTS_ACTOR). */
  actor: string | null;
  note?: string | null;
  at: string;
}

export async function insertPaymentEvent(db: Executor, event: NewPaymentEvent): Promise<void> {
  await db
    .insertInto('payment_events')
    .values({
      // Time-ordered: events written in the same instant (a test's fixed clock) keep their order.
      id: newTimeOrderedId(),
      payment_id: event.paymentId,
      type: event.type,
      amount_cents: event.amountCents ?? null,
      actor: event.actor,
      note: event.note ?? null,
      created_at: event.at,
    })
    .execute();
}

/** An order's events oldest first, each with the username of the player or admin who caused it. */
export async function listPaymentEvents(db: Executor, paymentId: string) {
  return db
    .selectFrom('payment_events')
    .leftJoin('users', 'users.id', 'payment_events.actor')
    .selectAll('payment_events')
    .select('users.username as actor_name')
    .where('payment_events.payment_id', '=', paymentId)
    .orderBy('payment_events.created_at')
    .orderBy('payment_events.id')
    .execute();
}
