// Data access for two-factor sign-in: an account's authenticator secret, its recovery codes, and the
// sign-in challenges between a correct password and its code.
import type { Executor } from '../database.ts';

export async function findTwoFactor(db: Executor, userId: string) {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Whether the account has two-factor sign-in on (one indexed read, for the admin rule). */
export async function hasTwoFactorEnabled(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return Boolean(row);
}

/** A new secret awaiting its first code; replaces a setup left unfinished, never one that is on. */
export async function savePendingSecret(db: Executor, userId: string, secret: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('two_factor')
    .values({ user_id: userId, secret, enabled_at: null, last_used_step: null, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret, created_at: now, updated_at: now, last_used_step: null })
        .where('two_factor.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Turns it on, if it was waiting, with the step of the code that confirmed it. */
export async function enableTwoFactor(db: Executor, userId: string, step: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ enabled_at: now, last_used_step: step, updated_at: now })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes a time step for the account: only a step later than the last one taken succeeds, so the
 * same code (or an older one) sent twice, even at the same moment, is accepted once.
 */
export async function takeTimeStep(db: Executor, userId: string, step: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_used_step: step, updated_at: now })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The sign-in steps and Discord tickets an account has open (its deletion ends them). */
export async function deleteLoginChallengesOfUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
}

export async function deleteTwoFactor(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Executor, userId: string, codeHashes: string[], now: string) {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(codeHashes.map((codeHash) => ({ code_hash: codeHash, user_id: userId, used_at: null, created_at: now })))
    .execute();
}

/** Uses a recovery code up: whoever marks it used has it, so a replay finds nothing. */
export async function takeRecoveryCode(db: Executor, userId: string, codeHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertLoginChallenge(
  db: Executor,
  challenge: {
    challengeHash: string;
    userId: string;
    kind: 'code' | 'discord';
    attempts: number;
    expiresAt: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      challenge_hash: challenge.challengeHash,
      user_id: challenge.userId,
      kind: challenge.kind,
      attempts_left: challenge.attempts,
      expires_at: challenge.expiresAt,
      created_at: challenge.now,
    })
    .execute();
}

/**
 * Spends one attempt of a live challenge and answers it (with what is left), or nothing when it is
 * unknown, expired or out of attempts: attempts sent at once each take their own.
 */
export async function spendChallengeAttempt(db: Executor, challengeHash: string, now: string) {
  return db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts_left: eb('attempts_left', '-', 1) }))
    .where('challenge_hash', '=', challengeHash)
    .where('kind', '=', 'code')
    .where('attempts_left', '>', 0)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Takes a Discord sign-in's ticket out, if it is live: whoever deletes it uses it. */
export async function takeDiscordTicket(db: Executor, ticketHash: string, now: string) {
  return db
    .deleteFrom('login_challenges')
    .where('challenge_hash', '=', ticketHash)
    .where('kind', '=', 'discord')
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteLoginChallenge(db: Executor, challengeHash: string): Promise<number> {
  const result = await db.deleteFrom('login_challenges').where('challenge_hash', '=', challengeHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function purgeLoginChallenges(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('login_challenges').where('expires_at', '<', now).execute();
}
