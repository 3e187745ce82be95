// Data access for trade offers and their lines (migration 026). A status changes only from open, in
// one conditional statement, so an accept, a decline, a cancel and the expiry pass can never both win.
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Executor, TradeStatus } from '../database.ts';

export interface NewTradeLine {
  id: string;
  side: 'give' | 'get';
  position: number;
  entryId: string;
  itemId: string | null;
  itemName: string;
  itemImage: string | null;
  quantity: number;
}

export async function insertTradeOffer(
  db: Executor,
  offer: {
    id: string;
    fromUserId: string;
    toUserId: string;
    giveCredits: number;
    getCredits: number;
    message: string | null;
    createdAt: string;
    expiresAt: string;
  },
  lines: NewTradeLine[],
): Promise<void> {
  await db
    .insertInto('trade_offers')
    .values({
      id: offer.id,
      from_user_id: offer.fromUserId,
      to_user_id: offer.toUserId,
      status: 'open',
      invalid_reason: null,
      give_credits: offer.giveCredits,
      get_credits: offer.getCredits,
      message: offer.message,
      created_at: offer.createdAt,
      expires_at: offer.expiresAt,
      decided_at: null,
    })
    .execute();
  if (lines.length === 0) return;
  await db
    .insertInto('trade_offer_lines')
    .values(
      lines.map((line) => ({
        id: line.id,
        offer_id: offer.id,
        side: line.side,
        position: line.position,
        entry_id: line.entryId,
        item_id: line.itemId,
        item_name: line.itemName,
        item_image: line.itemImage,
        quantity: line.quantity,
      })),
    )
    .execute();
}

/** How many offers a player has sent that still wait for an answer. */
export async function countOpenOffersFrom(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('trade_offers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('from_user_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const offerColumns = [
  'trade_offers.id',
  'trade_offers.from_user_id',
  'trade_offers.to_user_id',
  'trade_offers.status',
  'trade_offers.invalid_reason',
  'trade_offers.give_credits',
  'trade_offers.get_credits',
  'trade_offers.message',
  'trade_offers.created_at',
  'trade_offers.expires_at',
  'trade_offers.decided_at',
] as const;

function offersWithNames(db: Executor) {
  return db
    .selectFrom('trade_offers')
    .innerJoin('users as sender', 'sender.id', 'trade_offers.from_user_id')
    .innerJoin('users as recipient', 'recipient.id', 'trade_offers.to_user_id')
    .select(offerColumns)
    .select(['sender.username as from_name', 'recipient.username as to_name']);
}

export type TradeOfferWithNames = Awaited<ReturnType<typeof findTradeOffer>> & {};

export async function findTradeOffer(db: Executor, id: string) {
  return offersWithNames(db).where('trade_offers.id', '=', id).executeTakeFirst();
}

const involving = (userId: string) => (eb: ExpressionBuilder<Database, 'trade_offers'>) =>
  eb.or([eb('trade_offers.from_user_id', '=', userId), eb('trade_offers.to_user_id', '=', userId)]);

/** A player's open offers both ways, newest first. */
export async function listOpenOffersOf(db: Executor, userId: string, limit: number) {
  return offersWithNames(db)
    .where(involving(userId))
    .where('trade_offers.status', '=', 'open')
    .orderBy('trade_offers.created_at', 'desc')
    .orderBy('trade_offers.id', 'desc')
    .limit(limit)
    .execute();
}

/** A page of a player's decided offers both ways, latest decided first, after the last row of the page before. */
export async function listDecidedOffersOf(
  db: Executor,
  userId: string,
  page: { after?: { decidedAt: string; id: string }; limit: number },
) {
  const { after } = page;
  const query = offersWithNames(db).where(involving(userId)).where('trade_offers.decided_at', 'is not', null);
  return (
    after
      ? query.where(sql<boolean>`(trade_offers.decided_at, trade_offers.id) < (${after.decidedAt}, ${after.id})`)
      : query
  )
    .orderBy('trade_offers.decided_at', 'desc')
    .orderBy('trade_offers.id', 'desc')
    .limit(page.limit)
    .execute();
}

export async function listLinesOf(db: Executor, offerIds: string[]) {
  if (offerIds.length === 0) return [];
  return db
    .selectFrom('trade_offer_lines')
    .selectAll()
    .where('offer_id', 'in', offerIds)
    .orderBy('offer_id')
    .orderBy('position')
    .execute();
}

/** Moves an open offer to `status`; whether it was still open (only then did anything change). */
export async function decideOffer(
  db: Executor,
  decision: { id: string; status: Exclude<TradeStatus, 'open'>; reason?: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('trade_offers')
    .set({ status: decision.status, invalid_reason: decision.reason ?? null, decided_at: decision.now })
    .where('id', '=', decision.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Open offers whose time ran out, oldest first, a batch at a time. */
export async function listExpiredOpenOffers(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('trade_offers')
    .select(['id', 'from_user_id', 'to_user_id'])
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}
