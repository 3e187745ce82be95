// Data access for balances and the credit ledger. A balance changes only here, by one conditional
// statement, with its ledger row in the same transaction (ARCHITECTURE.md, Data): a debit writes the
// row itself (on PostgreSQL in the same statement), a credit's caller writes it.
import { sql } from 'kysely';
import type { Executor, NewLedgerEntry } from '../database.ts';
import { isPostgres } from '../dialect.ts';
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

const insertLedgerRow = prepared((db: Executor, entry: NewLedgerEntry) => db.insertInto('credit_ledger').values(entry));

export async function insertLedgerEntry(db: Executor, entry: NewLedgerEntry): Promise<void> {
  await insertLedgerRow(db, entry);
}

/** A ledger row but for what the debit decides: its delta (minus the amount) and the balance after. */
export type LedgerRowOfDebit = Omit<NewLedgerEntry, 'delta' | 'balance_after' | 'user_id' | 'created_at'>;

/**
 * PostgreSQL: the debit and its ledger row in one statement, a round trip fewer on every purchase.
 * The row is written only when the debit took place, with the balance the debit left.
 */
const debitWithLedgerRow = prepared(
  (db: Executor, userId: string, amount: number, now: string, row: Required<LedgerRowOfDebit>) =>
    db
      .with('debited', (qb) =>
        qb
          .updateTable('users')
          .set((eb) => ({ credits: eb('credits', '-', amount), updated_at: now }))
          .where('id', '=', userId)
          .where('credits', '>=', amount)
          .returning(['id', 'credits']),
      )
      .insertInto('credit_ledger')
      .columns(['id', 'user_id', 'delta', 'balance_after', 'reason', 'reference', 'actor_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('debited')
          .select([
            sql<string>`cast(${row.id} as text)`.as('id'),
            'debited.id as user_id',
            sql<number>`-cast(${amount} as bigint)`.as('delta'),
            'debited.credits as balance_after',
            sql<string>`cast(${row.reason} as text)`.as('reason'),
            sql<string | null>`cast(${row.reference} as text)`.as('reference'),
            sql<string | null>`cast(${row.actor_id} as text)`.as('actor_id'),
            sql<string>`cast(${now} as text)`.as('created_at'),
          ]),
      )
      .returning('balance_after'),
);

/**
 * Takes `amount` credits from a user if they have that many, and writes the ledger row of the debit
 * in the same transaction. Returns the new balance, or null when the balance was too low (or the user
 * is gone): then nothing changed and no row was written.
 */
export async function debitCreditsWithLedger(
  db: Executor,
  userId: string,
  amount: number,
  now: string,
  row: LedgerRowOfDebit,
): Promise<number | null> {
  if (isPostgres(db)) {
    const full = { id: row.id, reason: row.reason, reference: row.reference ?? null, actor_id: row.actor_id ?? null };
    const [written] = (await debitWithLedgerRow(db, userId, amount, now, full)).rows;
    return written ? Number(written.balance_after) : null;
  }
  const [debited] = (await debitIfCovered(db, userId, amount, now)).rows;
  if (!debited) return null;
  const balance = Number(debited.credits);
  await insertLedgerRow(db, { ...row, user_id: userId, delta: -amount, balance_after: balance, created_at: now });
  return balance;
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
