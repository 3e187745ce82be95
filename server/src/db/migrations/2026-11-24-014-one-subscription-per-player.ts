// One tier-giving subscription per player (issue 16), held by a unique partial index on both
// dialects. Only adds: two columns and two indexes; a build from before reads and writes the table as
// it did (a second active subscription it would write is refused by the index, its webhook answers
// 500, and Stripe retries it against this build).
//
// `hold` says why a subscription the provider may still bill gives no tier:
//   duplicate     a second paid subscription: cancelled at the provider, its latest payment refunded
//   refunded      a payment of it refunded in full: cancelled, so it does not charge again
//   disputed      a payment of it under dispute: no tier until the dispute closes
//   dispute_lost  the dispute lost: cancelled
//   superseded    a dispute won after the player had subscribed again: cancelled
// `hold_settled_at` is when what the hold asks of the provider (cancel, refund) was done.
//
// Existing data: where a player holds several active, trialing or past-due subscriptions, the oldest
// stays and the others are marked duplicate, so the server cancels them and refunds their latest
// payment as it does for a new duplicate (services/subscription-holds.ts), each in the audit log.
// Frozen once landed.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('hold', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('hold_settled_at', 'text').execute();
  await sql`update subscriptions set hold = 'duplicate'
    where status in ('active', 'trialing', 'past_due') and exists (
      select 1 from subscriptions older where older.user_id = subscriptions.user_id
        and older.status in ('active', 'trialing', 'past_due')
        and (older.created_at < subscriptions.created_at
          or (older.created_at = subscriptions.created_at and older.id < subscriptions.id)))`.execute(db);
  await sql`create unique index subscriptions_one_active_per_user on subscriptions (user_id)
    where status in ('active', 'trialing', 'past_due') and hold is null`.execute(db);
  // What the settling pass looks for on every webhook: kept small by the predicate.
  await sql`create index subscriptions_unsettled_holds on subscriptions (hold)
    where hold is not null and hold_settled_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index subscriptions_unsettled_holds`.execute(db);
  await sql`drop index subscriptions_one_active_per_user`.execute(db);
  await db.schema.alterTable('subscriptions').dropColumn('hold_settled_at').execute();
  await db.schema.alterTable('subscriptions').dropColumn('hold').execute();
}
