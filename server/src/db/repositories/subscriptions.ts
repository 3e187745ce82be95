// Data access for supporter subscriptions (Stripe's, and the sandbox's own).
import type { Executor, NewSubscription, SubscriptionRow } from '../database.ts';

/** Statuses in which a subscription holds its tier: past_due too, while the card is retried. */
export const HOLDING_STATUSES = ['active', 'trialing', 'past_due'] as const;

export async function lockSubscriptionByProviderId(
  db: Executor,
  providerSubscriptionId: string,
  rowLocks: boolean,
): Promise<SubscriptionRow | undefined> {
  const query = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider_subscription_id', '=', providerSubscriptionId);
  return (rowLocks ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertSubscription(db: Executor, row: NewSubscription): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

export async function updateSubscription(
  db: Executor,
  id: string,
  changes: Partial<Omit<SubscriptionRow, 'id' | 'user_id' | 'provider' | 'provider_subscription_id'>>,
): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).execute();
}

/** The player's subscription that holds a tier now, the newest if (unexpectedly) several do. */
export async function findHoldingSubscription(db: Executor, userId: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', HOLDING_STATUSES)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Every tier any of the player's subscriptions has carried: those a subscription may take away. */
export async function listSubscriptionTierIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('tier_id')
    .where('user_id', '=', userId)
    .where('tier_id', 'is not', null)
    .execute();
  return rows.map((row) => row.tier_id as string);
}

/** Sandbox subscriptions whose paid month is over: renew or end them. */
export async function listDueSandboxSubscriptions(db: Executor, nowIso: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider', '=', 'sandbox')
    .where('status', 'in', HOLDING_STATUSES)
    .where('current_period_end', '<=', nowIso)
    .orderBy('current_period_end')
    .execute();
}
