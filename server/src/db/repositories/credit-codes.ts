// Data access for credit codes (issue 22): batches and their codes (by hash), the admins' lists, and
// the one conditional statement that redeems a code once.

import type { CreditCodeBatchRow, CreditCodeRow, Executor } from '../database.ts';
import { type NewestFirstPage, newestFirst } from '../newest-first.ts';

export async function insertCreditCodeBatch(
  db: Executor,
  batch: CreditCodeBatchRow,
  codes: CreditCodeRow[],
): Promise<void> {
  await db.insertInto('credit_code_batches').values(batch).execute();
  // In chunks: SQLite allows at most 32,766 parameters a statement, 7 a row.
  for (let start = 0; start < codes.length; start += 500) {
    await db
      .insertInto('credit_codes')
      .values(codes.slice(start, start + 500))
      .execute();
  }
}

/** A batch with how many of its codes were redeemed and its maker's username. */
function selectBatches(db: Executor) {
  return db
    .selectFrom('credit_code_batches')
    .leftJoin('users', 'users.id', 'credit_code_batches.created_by')
    .selectAll('credit_code_batches')
    .select('users.username as created_by_name')
    .select((eb) =>
      eb
        .selectFrom('credit_codes')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('credit_codes.batch_id', '=', 'credit_code_batches.id')
        .where('credit_codes.redeemed_at', 'is not', null)
        .as('redeemed_count'),
    );
}

export type CreditCodeBatchWithCounts = Awaited<ReturnType<typeof listCreditCodeBatchesNewestFirst>>[number];

export async function listCreditCodeBatchesNewestFirst(db: Executor, page: NewestFirstPage) {
  return newestFirst(selectBatches(db), 'credit_code_batches', page).execute();
}

export async function findCreditCodeBatch(db: Executor, id: string) {
  return selectBatches(db).where('credit_code_batches.id', '=', id).executeTakeFirst();
}

/** A batch's codes in their order, after the cursor's number, with who redeemed each. */
export async function listCreditCodesOfBatch(db: Executor, batchId: string, page: { after?: number; limit: number }) {
  let query = db
    .selectFrom('credit_codes')
    .leftJoin('users', 'users.id', 'credit_codes.redeemed_by')
    .select([
      'credit_codes.id',
      'credit_codes.number',
      'credit_codes.hint',
      'credit_codes.redeemed_by',
      'credit_codes.redeemed_at',
      'users.username as redeemed_by_name',
    ])
    .where('credit_codes.batch_id', '=', batchId);
  if (page.after !== undefined) query = query.where('credit_codes.number', '>', page.after);
  return query.orderBy('credit_codes.number').limit(page.limit).execute();
}

/** The code with this hash and its batch's credits and expiry, locked for the redemption. */
export async function findCreditCodeForRedemption(db: Executor, codeHash: string) {
  return db
    .selectFrom('credit_codes')
    .innerJoin('credit_code_batches', 'credit_code_batches.id', 'credit_codes.batch_id')
    .select([
      'credit_codes.id',
      'credit_codes.batch_id',
      'credit_codes.redeemed_at',
      'credit_code_batches.credits',
      'credit_code_batches.expires_at',
    ])
    .where('credit_codes.code_hash', '=', codeHash)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks the code redeemed if nobody has: true when this call did (exactly one of racing calls). */
export async function markCreditCodeRedeemed(db: Executor, id: string, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('credit_codes')
    .set({ redeemed_by: userId, redeemed_at: now })
    .where('id', '=', id)
    .where('redeemed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
