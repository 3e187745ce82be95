// Data access for the single-use states of Discord linking.
import type { Executor } from '../database.ts';

export async function insertLinkState(
  db: Executor,
  state: {
    stateHash: string;
    userId: string;
    browserHash: string;
    codeVerifier: string;
    expiresAt: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('discord_link_states')
    .values({
      state_hash: state.stateHash,
      user_id: state.userId,
      browser_hash: state.browserHash,
      code_verifier: state.codeVerifier,
      expires_at: state.expiresAt,
      created_at: state.now,
    })
    .execute();
}

/** Takes a state out: whoever deletes it uses it, so a replay finds nothing. */
export async function takeLinkState(db: Executor, stateHash: string) {
  return db.deleteFrom('discord_link_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}

export async function purgeLinkStates(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('discord_link_states').where('expires_at', '<', now).execute();
}

/** Forgets every Discord link a player had started (their account is deleted). */
export async function deleteLinkStatesOfUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('discord_link_states').where('user_id', '=', userId).execute();
}
