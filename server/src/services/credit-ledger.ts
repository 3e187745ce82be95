// Every change to a balance goes through here: one conditional statement plus its ledger row, in
// the caller's transaction, so a balance can always be explained by its history.
import type { Executor } from '../db/database.ts';
import { addCredits, debitCredits, insertLedgerEntry } from '../db/repositories/credits.ts';
import { newId } from '../lib/ids.ts';

export interface LedgerChange {
  userId: string;
  /** Credits, a whole number of at least 0. */
  amount: number;
  /** What moved the balance, e.g. credit_purchase, admin_adjustment. */
  reason: string;
  /** The record behind it (an inventory entry, a payment), if any. */
  reference?: string | null;
  /** Who made the change, when not the user themself (an admin). */
  actorId?: string | null;
  now: string;
}

function assertWholeAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new Error(`credit amount must be a whole number ≥ 0, got ${amount}`);
}

async function recordChange(trx: Executor, change: LedgerChange, delta: number, balance: number): Promise<void> {
  await insertLedgerEntry(trx, {
    id: newId(),
    user_id: change.userId,
    delta,
    balance_after: balance,
    reason: change.reason,
    reference: change.reference ?? null,
    actor_id: change.actorId ?? null,
    created_at: change.now,
  });
}

/** Takes credits if the balance covers them. Returns the new balance, or null (nothing changed). */
export async function debitWithLedger(trx: Executor, change: LedgerChange): Promise<number | null> {
  assertWholeAmount(change.amount);
  const balance = await debitCredits(trx, change.userId, change.amount, change.now);
  if (balance !== null) await recordChange(trx, change, -change.amount, balance);
  return balance;
}

/** Adds credits. Returns the new balance, or null when the user does not exist. */
export async function creditWithLedger(trx: Executor, change: LedgerChange): Promise<number | null> {
  assertWholeAmount(change.amount);
  const balance = await addCredits(trx, change.userId, change.amount, change.now);
  if (balance !== null) await recordChange(trx, change, change.amount, balance);
  return balance;
}
