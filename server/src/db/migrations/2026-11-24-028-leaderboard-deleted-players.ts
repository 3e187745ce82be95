// Scores of deleted accounts (issue 21): deleting an account now deletes its leaderboard scores in
// the same transaction (services/accounts/account-deletion.ts), so a deleted player is on no board,
// current or archived, and counts in no one's rank. Accounts deleted before that kept their scores
// and were shown as "Deleted player …": their scores go here, and so does the hidden mark an admin
// may have put on them (nothing is left to hide).
//
// Only deletes rows of deleted accounts. Frozen once landed.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from leaderboard_scores
    where user_id in (select id from users where deleted_at is not null)`.execute(db);
  await sql`delete from leaderboard_hidden_players
    where user_id in (select id from users where deleted_at is not null)`.execute(db);
}

export async function down(): Promise<void> {
  // The deleted scores are gone with the accounts: nothing to put back.
}
