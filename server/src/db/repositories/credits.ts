// Data access for balances and the credit ledger. A balance changes only here, by one conditional
// statement, and the caller writes the ledger row in the same transaction (ARCHITECTURE.md, Data).
import type { Executor, NewLedgerEntry } from '../database.ts';
import { type NewestFirstPage, newestFirst } from '../newest-first.ts';
import { prepared } from '../prepared.ts';

/**
 * Takes `amount` credits from a user if, and only if, they have that many. Returns the new balance,
 * or null when the balance was too low (or the user is gone): then nothing changed.
 */
const debitIfCovered = prepared((db: Executor, userId: string, amount: number, now: string) =>
  db
    .updateTable('users')
    .set((eb) => ({ credits: eb('credits', '-', amount), updated_at: now }))
    .where('id', '=', userId)
    .where('credits', '>=', amount)
    .returning('credits'),
);

export async function debitCredits(db: Executor, userId: string, amount: number, now: string): Promise<number | null> {
  const [row] = (await debitIfCovered(db, userId, amount, now)).rows;
  return row ? Number(row.credits) : null;
}

const insertLedgerRow = prepared((db: Executor, entry: NewLedgerEntry) => db.insertInto('credit_ledger').values(entry));

export async function insertLedgerEntry(db: Executor, entry: NewLedgerEntry): Promise<void> {
  await insertLedgerRow(db, entry);
}

/** The sum of a user's ledger deltas: what their balance must equal. */
export async function sumLedger(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('delta'), eb.val(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Adds credits to a user's balance if, and only if, it stays at most `max`. Returns the new balance,
 * or null when it would pass `max` (or the user is gone): then nothing changed.
 */
const addUpTo = prepared((db: Executor, userId: string, amount: number, ceiling: number, now: string) =>
  db
    .updateTable('users')
    .set((eb) => ({ credits: eb('credits', '+', amount), updated_at: now }))
    .where('id', '=', userId)
    // The balance before, at most max - amount: computed here, as a prepared query binds values only.
    .where('credits', '<=', ceiling)
    .returning('credits'),
);

export async function addCredits(
  db: Executor,
  userId: string,
  amount: number,
  max: number,
  now: string,
): Promise<number | null> {
  const [row] = (await addUpTo(db, userId, amount, max - amount, now)).rows;
  return row ? Number(row.credits) : null;
}

/** A page of a player's ledger, newest first. */
export async function pageLedgerOfUser(db: Executor, userId: string, page: NewestFirstPage) {
  const query = db.selectFrom('credit_ledger').selectAll().where('credit_ledger.user_id', '=', userId);
  return newestFirst(query, 'credit_ledger', page).execute();
}

/** A player's whole ledger, oldest first (the download of their data). */
export async function listLedgerOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The ledger rows that name any of these references (the credits a trade moved, say). */
export async function listLedgerByReferences(db: Executor, references: string[]) {
  if (references.length === 0) return [];
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('reference', 'in', references)
    .where('reason', '!=', 'admin_reversal')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
