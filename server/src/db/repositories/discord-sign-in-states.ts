// Data access for the single-use states of "Sign in with Discord" (no account yet, unlike linking's).
import type { Executor } from '../database.ts';

export async function insertSignInState(
  db: Executor,
  state: { stateHash: string; browserHash: string; codeVerifier: string; expiresAt: string; now: string },
): Promise<void> {
  await db
    .insertInto('discord_sign_in_states')
    .values({
      state_hash: state.stateHash,
      browser_hash: state.browserHash,
      code_verifier: state.codeVerifier,
      expires_at: state.expiresAt,
      created_at: state.now,
    })
    .execute();
}

/** Takes a state out: whoever deletes it uses it, so a replay finds nothing. */
export async function takeSignInState(db: Executor, stateHash: string) {
  return db.deleteFrom('discord_sign_in_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}

export async function purgeSignInStates(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('discord_sign_in_states').where('expires_at', '<', now).execute();
}
