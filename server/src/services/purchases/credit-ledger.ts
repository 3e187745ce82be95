// Every change to a balance goes through here: one conditional statement plus its ledger row, in
// the caller's transaction, so a balance can always be explained by its history. No balance goes
// below zero or past MAX_BALANCE (the contract's bound, which keeps it a safe integer).
import { MAX_BALANCE } from '@starport/api-client/contract';
import type { Executor } from '../../db/database.ts';
import { addCredits, debitCreditsWithLedger, insertLedgerEntry } from '../../db/repositories/credits.ts';
import { lockUserCredits } from '../../db/repositories/users.ts';
import { newId } from '../../lib/ids.ts';

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
  return debitCreditsWithLedger(trx, change.userId, change.amount, change.now, {
    id: newId(),
    reason: change.reason,
    reference: change.reference ?? null,
    actor_id: change.actorId ?? null,
  });
}

/**
 * Adds credits if the balance stays at most MAX_BALANCE. Returns the new balance, or null when the
 * user does not exist or the balance would pass the maximum: then nothing changed.
 */
export async function creditWithLedger(trx: Executor, change: LedgerChange): Promise<number | null> {
  assertWholeAmount(change.amount);
  const balance = await addCredits(trx, change.userId, change.amount, MAX_BALANCE, change.now);
  if (balance !== null) await recordChange(trx, change, change.amount, balance);
  return balance;
}

/** Whether `amount` more credits would take a balance past MAX_BALANCE (checked before a charge). */
export const wouldPassMaximum = (balance: number, amount: number): boolean => balance + amount > MAX_BALANCE;

/**
 * For credits already paid for (a credit pack, a dispute won): adds as many as fit under
 * MAX_BALANCE, which is all of them unless the balance grew since the checkout was checked.
 * Returns how many were added and the new balance, or null when the user is gone.
 */
export async function creditUpToMaximum(
  trx: Executor,
  change: LedgerChange,
): Promise<{ added: number; balance: number } | null> {
  const balance = await creditWithLedger(trx, change);
  if (balance !== null) return { added: change.amount, balance };
  // Locked, so the room measured is the room there is when it is filled.
  const current = await lockUserCredits(trx, change.userId);
  if (current === undefined) return null;
  const room = Math.max(0, MAX_BALANCE - current);
  if (room === 0) return { added: 0, balance: current };
  const filled = await creditWithLedger(trx, { ...change, amount: Math.min(room, change.amount) });
  if (filled === null) throw new Error(`balance of ${change.userId} changed under a row lock`);
  return { added: Math.min(room, change.amount), balance: filled };
}
