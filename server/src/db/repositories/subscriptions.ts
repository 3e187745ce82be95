// Data access for supporter subscriptions (Stripe's, and the sandbox's own).
import type { Executor, NewSubscription, SubscriptionHold, SubscriptionRow } from '../database.ts';

/**
 * Statuses in which a subscription holds its tier: past_due too, while the card is retried. A held one
 * (column `hold`) gives none whatever its status; a unique index allows one that gives a tier per player.
 */
export const HOLDING_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** Holds that ask something of the provider (cancel, and for a duplicate a refund): a dispute only waits. */
export const HOLDS_TO_SETTLE: readonly SubscriptionHold[] = [
  'duplicate',
  'refunded',
  'dispute_lost',
  'superseded',
  'account_deleted',
];

const byProviderId = (db: Executor, providerSubscriptionId: string) =>
  db.selectFrom('subscriptions').selectAll().where('provider_subscription_id', '=', providerSubscriptionId);

/** The subscription, locked against concurrent change (where the dialect has row locks). */
export async function lockSubscriptionByProviderId(
  db: Executor,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  return byProviderId(db, providerSubscriptionId).forUpdate().executeTakeFirst();
}

/** The subscription, read without a lock. */
export async function findSubscriptionByProviderId(
  db: Executor,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  return byProviderId(db, providerSubscriptionId).executeTakeFirst();
}

export async function insertSubscription(db: Executor, row: NewSubscription): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

/** Stores a subscription unless one with its provider id is there already (made by a concurrent event). */
export async function insertSubscriptionIfNew(db: Executor, row: NewSubscription): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('provider_subscription_id').doNothing())
    .execute();
}

export async function updateSubscription(
  db: Executor,
  id: string,
  changes: Partial<Omit<SubscriptionRow, 'id' | 'user_id' | 'provider' | 'provider_subscription_id'>>,
): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).execute();
}

/** The player's subscription that gives their tier now (one at most: the unique index of migration 014). */
export async function findHoldingSubscription(db: Executor, userId: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', HOLDING_STATUSES)
    .where('hold', 'is', null)
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
    .where('hold', 'is', null)
    .where('current_period_end', '<=', nowIso)
    .orderBy('current_period_end')
    .execute();
}

/** Subscriptions whose hold still asks the provider for something: cancelling, refunding. */
export async function listUnsettledHolds(db: Executor): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('hold', 'is not', null)
    .where('hold_settled_at', 'is', null)
    .where('hold', 'in', HOLDS_TO_SETTLE)
    .orderBy('updated_at')
    .execute();
}

/** Records a hold as settled, once: false when another pass got there first. */
export async function markHoldSettled(db: Executor, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ hold_settled_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('hold_settled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every subscription of a player, oldest first (the download of their data). */
export async function listSubscriptionsOfUser(db: Executor, userId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Holds every subscription of the player that the provider may still bill, so it gives no tier and
 * the settling pass cancels it at the provider (subscription-holds.ts). An open dispute's hold is
 * replaced (the dispute is settled on the payment, not the subscription); a duplicate stays one, as
 * it is cancelled anyway. Returns how many.
 */
export async function holdSubscriptionsOfUser(
  db: Executor,
  userId: string,
  hold: SubscriptionHold,
  nowIso: string,
): Promise<number> {
  const result = await db
    .updateTable('subscriptions')
    .set({ hold, hold_settled_at: null, updated_at: nowIso })
    .where('user_id', '=', userId)
    .where('status', 'in', HOLDING_STATUSES)
    .where((eb) => eb.or([eb('hold', 'is', null), eb('hold', '=', 'disputed')]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
