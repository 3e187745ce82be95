// Data access for tiers given as a gift (migration 027).
import type { Executor } from '../database.ts';

export interface NewTierGift {
  id: string;
  buyerId: string;
  recipientId: string;
  tierId: string;
  orderRef: string;
  startsAt: string;
  endsAt: string;
}

export async function insertTierGift(db: Executor, gift: NewTierGift): Promise<void> {
  await db
    .insertInto('tier_gifts')
    .values({
      id: gift.id,
      buyer_id: gift.buyerId,
      recipient_id: gift.recipientId,
      tier_id: gift.tierId,
      order_ref: gift.orderRef,
      starts_at: gift.startsAt,
      ends_at: gift.endsAt,
    })
    .execute();
}

/** Gifts still running whose month is over at `now`, oldest end first (at most `limit`). */
export async function listDueTierGifts(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('tier_gifts')
    .selectAll()
    .where('ended_at', 'is', null)
    .where('ends_at', '<=', now)
    .orderBy('ends_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks a gift ended; false when it already was (another run got there first). */
export async function endTierGift(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tier_gifts')
    .set({ ended_at: now })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The gift an order paid for, if any (order_ref is unique). */
export async function findTierGiftByOrder(db: Executor, paymentId: string) {
  return db.selectFrom('tier_gifts').selectAll().where('order_ref', '=', paymentId).executeTakeFirst();
}

/** The recipient's other gift still running at `now`, the one ending last, if any. */
export async function findRunningTierGift(db: Executor, recipientId: string, now: string) {
  return db
    .selectFrom('tier_gifts')
    .selectAll()
    .where('recipient_id', '=', recipientId)
    .where('ended_at', 'is', null)
    .where('ends_at', '>', now)
    .orderBy('ends_at', 'desc')
    .executeTakeFirst();
}

/** Every gift a player paid for or received, with the other player's name (their data download). */
export async function listTierGiftsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('tier_gifts')
    .innerJoin('users as buyer', 'buyer.id', 'tier_gifts.buyer_id')
    .innerJoin('users as recipient', 'recipient.id', 'tier_gifts.recipient_id')
    .leftJoin('tiers', 'tiers.id', 'tier_gifts.tier_id')
    .selectAll('tier_gifts')
    .select(['buyer.username as buyer_name', 'recipient.username as recipient_name', 'tiers.name as tier_name'])
    .where((eb) => eb.or([eb('tier_gifts.buyer_id', '=', userId), eb('tier_gifts.recipient_id', '=', userId)]))
    .orderBy('tier_gifts.starts_at')
    .orderBy('tier_gifts.id')
    .execute();
}

/** Ends now the gifts a player is receiving (their account is being deleted); those they gave run on. */
export async function endTierGiftsReceivedBy(db: Executor, userId: string, now: string): Promise<void> {
  await db
    .updateTable('tier_gifts')
    .set({ ended_at: now })
    .where('recipient_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}
