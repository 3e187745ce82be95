// Data access for the one-time tokens mailed to users (migration 018): stored as hashes, deleted when used.
import type { AccountTokenPurpose, AccountTokensTable, Executor } from '../database.ts';

export async function insertAccountToken(db: Executor, token: AccountTokensTable): Promise<void> {
  await db.insertInto('account_tokens').values(token).execute();
}

/** A token of this purpose not yet past its time, or undefined. */
export async function findLiveAccountToken(
  db: Executor,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<AccountTokensTable | undefined> {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Uses a token: deletes it if it is still there and live, and says whether this call did. Of two
 * calls with the same token at once, one gets true.
 */
export async function deleteLiveAccountToken(
  db: Executor,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('account_tokens')
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Ends every token of this purpose a user holds (a reset link once the password changed); no purpose: all. */
export async function deleteAccountTokensOfUser(
  db: Executor,
  userId: string,
  purpose?: AccountTokenPurpose,
): Promise<number> {
  let query = db.deleteFrom('account_tokens').where('user_id', '=', userId);
  if (purpose) query = query.where('purpose', '=', purpose);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The hourly purge: tokens past their time. */
export async function deleteExpiredAccountTokens(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('account_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
