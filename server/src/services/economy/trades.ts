// Trades between players (issue 20). An offer names entries and credits both ways and is frozen when
// sent (each entry checked with the economy's one rule, refusalOf / entryMoveRefusal, kind 'trade').
// Accepting re-checks everything in one transaction and swaps at once: items through moveItems (the
// item ledger), credits through the credit ledger; if anything changed nothing moves, and the offer
// is marked invalid with the reason. A status leaves `open` only by one conditional statement, so an
// accept racing a cancel, a decline or the expiry pass has exactly one winner.
import {
  type createTradeRequestSchema,
  DEFAULT_PAGE_SIZE,
  economyMessages,
  type PageQueryInput,
  pagingMessages,
  type ShopItem,
  TRADE_EXPIRY_DAYS,
  TRADE_OPEN_OFFERS_MAX,
  type TradeableResponse,
  type TradeHistoryResponse,
  type TradeOffer,
  type TradesResponse,
  tradeMessages,
} from '@starport/api-client/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Database, Executor, InventoryEntryRow } from '../../db/database.ts';
import { findEntryById, listInventoryEntries } from '../../db/repositories/inventory.ts';
import { findActivePlayerByUsername } from '../../db/repositories/players.ts';
import {
  countOpenOffersFrom,
  decideOffer,
  findTradeOffer,
  insertTradeOffer,
  listDecidedOffersOf,
  listExpiredOpenOffers,
  listLinesOf,
  listOpenOffersOf,
  type NewTradeLine,
  type TradeOfferWithNames,
} from '../../db/repositories/trades.ts';
import { findUserById, lockUserCredits } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, conflict, forbidden, invalid, notFound, rateLimited } from '../../errors.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/page-cursor.ts';
import { normalizeUsername } from '../accounts/normalize.ts';
import { toInventoryEntryView } from '../catalogue/catalogue-view.ts';
import { getSiteSettings } from '../catalogue/site-settings.ts';
import { notify } from '../notifications/notify.ts';
import { creditWithLedger, debitWithLedger } from '../purchases/credit-ledger.ts';
import { moveItems, refusalOf } from './item-moves.ts';

export type TradeInput = z.output<typeof createTradeRequestSchema>;

const DAY = 24 * 60 * 60 * 1000;
/** The history's name in its cursors. */
const HISTORY_LIST = 'trades';
/** Open offers shown each way: all sent ones (at most 20), and the newest received. */
const OPEN_SHOWN = 100;
/** The expiry pass's batch. */
const EXPIRY_BATCH = 100;

// --- Views ---------------------------------------------------------------------------------------

async function toViews(db: Executor, offers: TradeOfferWithNames[]): Promise<TradeOffer[]> {
  const lines = await listLinesOf(
    db,
    offers.map((offer) => offer.id),
  );
  return offers.map((offer) => {
    const own = lines.filter((line) => line.offer_id === offer.id);
    const side = (which: 'give' | 'get', credits: number) => ({
      items: own
        .filter((line) => line.side === which)
        .map((line) => ({
          entryId: line.entry_id,
          itemId: line.item_id,
          name: line.item_name,
          imageUrl: line.item_image,
          quantity: Number(line.quantity),
        })),
      credits: Number(credits),
    });
    return {
      _id: offer.id,
      status: offer.status,
      invalidReason: offer.invalid_reason,
      from: offer.from_name,
      to: offer.to_name,
      give: side('give', offer.give_credits),
      get: side('get', offer.get_credits),
      message: offer.message,
      createdAt: offer.created_at,
      expiresAt: offer.expires_at,
      decidedAt: offer.decided_at,
    };
  });
}

async function viewOf(db: Executor, id: string): Promise<TradeOffer> {
  const offer = await findTradeOffer(db, id);
  if (!offer) throw notFound(tradeMessages.notFound);
  const [view] = await toViews(db, [offer]);
  return view as TradeOffer;
}

export async function listTrades(ctx: AppContext, userId: string): Promise<TradesResponse> {
  const open = await toViews(ctx.db, await listOpenOffersOf(ctx.db, userId, OPEN_SHOWN * 2));
  const history = await listHistory(ctx, userId, {});
  const me = (await findTradeParty(ctx.db, userId)) ?? '';
  return {
    incoming: open.filter((offer) => offer.to === me).slice(0, OPEN_SHOWN),
    outgoing: open.filter((offer) => offer.from === me),
    history: history.trades,
    historyNextCursor: history.nextCursor,
    creditsInTrades: (await getSiteSettings(ctx)).creditsInTrades,
  };
}

/** A page of the player's decided offers, latest decided first. */
export async function listHistory(
  ctx: AppContext,
  userId: string,
  query: PageQueryInput,
): Promise<TradeHistoryResponse> {
  const pageSize = query.limit ?? DEFAULT_PAGE_SIZE;
  let after: { decidedAt: string; id: string } | undefined;
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, HISTORY_LIST, 'string');
    if (!cursor) throw invalid(pagingMessages.badCursor);
    after = { decidedAt: String(cursor.key), id: cursor.id };
  }
  const rows = await listDecidedOffersOf(ctx.db, userId, { ...(after ? { after } : {}), limit: pageSize + 1 });
  const page = toPage(rows, pageSize, (row) => ({ order: HISTORY_LIST, key: row.decided_at ?? '', id: row.id }));
  return { trades: await toViews(ctx.db, page.rows), nextCursor: page.nextCursor };
}

async function findTradeParty(db: Executor, userId: string): Promise<string | undefined> {
  return (await findUserById(db, userId))?.username;
}

// --- Composing -----------------------------------------------------------------------------------

/** What a player could put in an offer now (their own or another's): entries the trade rule lets move. */
export async function listTradeable(ctx: AppContext, askerId: string, username: string): Promise<TradeableResponse> {
  // Counted with the player searches: both are lookups of other players while picking one.
  const verdict = await ctx.limiters.playerSearchPerAccount.hit(askerId);
  if (!verdict.allowed) throw rateLimited(economyMessages.tooManySearches, verdict.retryAfterMs);
  const player = await findActivePlayerByUsername(ctx.db, normalizeUsername(username));
  if (!player) throw notFound(tradeMessages.recipientNotFound);
  const now = ctx.clock();
  const entries = (await listInventoryEntries(ctx.db, player.id))
    .map((row) => toInventoryEntryView(row, now))
    .filter((entry) => entry.tradeRefusal === null)
    .map((entry) => ({
      _id: entry._id,
      itemId: entry.shopItem._id,
      name: entry.shopItem.name,
      imageUrl: entry.shopItem.imageUrl,
      rarity: entry.shopItem.rarity,
      quantity: entry.quantity,
    }));
  return { player: player.username, entries };
}

const itemOf = (row: InventoryEntryRow) => JSON.parse(row.item_snapshot) as ShopItem;

/** One side's lines, each checked with the move rule as if it moved now; refusals name the item. */
async function freezeSide(
  trx: Executor,
  side: 'give' | 'get',
  owner: string,
  items: TradeInput['give']['items'],
  now: Date,
): Promise<NewTradeLine[]> {
  const lines: NewTradeLine[] = [];
  for (const [position, line] of items.entries()) {
    const row = await findEntryById(trx, line.entryId);
    const refusal = refusalOf(row, { kind: 'trade', from: owner, to: owner, lines: [] }, line.quantity, now);
    if (refusal) {
      throw row && row.user_id === owner
        ? new AppError(refusal.code, tradeMessages.entryRefused(itemOf(row).name, refusal.message))
        : refusal;
    }
    const item = itemOf(row as InventoryEntryRow);
    lines.push({
      id: newId(),
      side,
      position,
      entryId: line.entryId,
      itemId: (row as InventoryEntryRow).shop_item_id,
      itemName: item.name,
      itemImage: item.imageUrl,
      quantity: line.quantity,
    });
  }
  return lines;
}

export async function sendTrade(ctx: AppContext, senderId: string, input: TradeInput): Promise<TradeOffer> {
  const verdict = await ctx.limiters.tradeOffersPerPlayer.hit(senderId);
  if (!verdict.allowed) throw rateLimited(tradeMessages.tooManyOffers, verdict.retryAfterMs);
  const hasCredits = input.give.credits > 0 || input.get.credits > 0;
  if (input.give.items.length === 0 && input.get.items.length === 0 && !hasCredits) throw invalid(tradeMessages.empty);
  if (hasCredits && !(await getSiteSettings(ctx)).creditsInTrades) throw conflict(tradeMessages.creditsOff);
  const now = ctx.clock();
  const id = await inTransaction(ctx.db, async (trx) => {
    const recipient = await findActivePlayerByUsername(trx, normalizeUsername(input.to));
    if (!recipient) throw notFound(tradeMessages.recipientNotFound);
    if (recipient.id === senderId) throw invalid(tradeMessages.selfTrade);
    // The sender's row, locked: two offers sent at once are counted one after the other.
    const balance = await lockUserCredits(trx, senderId);
    if ((await countOpenOffersFrom(trx, senderId)) >= TRADE_OPEN_OFFERS_MAX) throw conflict(tradeMessages.tooManyOpen);
    if (balance === undefined || balance < input.give.credits) throw conflict(tradeMessages.notEnoughCreditsYou);
    const lines = [
      ...(await freezeSide(trx, 'give', senderId, input.give.items, now)),
      ...(await freezeSide(trx, 'get', recipient.id, input.get.items, now)),
    ];
    const offerId = newId();
    await insertTradeOffer(
      trx,
      {
        id: offerId,
        fromUserId: senderId,
        toUserId: recipient.id,
        giveCredits: input.give.credits,
        getCredits: input.get.credits,
        message: input.message || null,
        createdAt: toIso(now),
        expiresAt: toIso(addMs(now, TRADE_EXPIRY_DAYS * DAY)),
      },
      lines,
    );
    const from = (await findTradeParty(trx, senderId)) ?? '';
    await notify(trx, {
      userId: recipient.id,
      kind: 'trade_offer_received',
      data: { tradeId: offerId, from },
      at: now,
    });
    return offerId;
  });
  ctx.logger.info('trades.sent', { tradeId: id, senderId });
  return viewOf(ctx.db, id);
}

// --- Deciding ------------------------------------------------------------------------------------

/** Something the offer names changed since it was sent: nothing moves, the offer becomes invalid. */
class OfferNoLongerValid extends Error {}

/** The offer, if `userId` takes part in it (else 404: nobody learns of others' offers). */
async function offerFor(trx: Executor, id: string, userId: string) {
  const offer = await findTradeOffer(trx, id);
  if (!offer || (offer.from_user_id !== userId && offer.to_user_id !== userId)) throw notFound(tradeMessages.notFound);
  return offer;
}

/** The reason an accept gives when moveItems refused a line, naming the item and its owner. */
function reasonOf(error: AppError, owner: string, line: { item_name: string; quantity: number }): string {
  if (error.code === 'not_found') return tradeMessages.entryGone(owner, line.item_name);
  if (error.code === 'invalid_request') return tradeMessages.entryShort(owner, line.item_name, Number(line.quantity));
  return tradeMessages.entryRefused(line.item_name, error.message);
}

async function swap(ctx: AppContext, trx: Transaction<Database>, offer: TradeOfferWithNames, now: Date) {
  const nowIso = toIso(now);
  // Both players' rows locked in one order, so two accepts touching the same players (and so the same
  // entries) run one after the other instead of deadlocking.
  for (const userId of [offer.from_user_id, offer.to_user_id].sort()) await lockUserCredits(trx, userId);
  const lines = await listLinesOf(trx, [offer.id]);
  const legs = [
    {
      side: 'give',
      from: offer.from_user_id,
      to: offer.to_user_id,
      fromName: offer.from_name,
      credits: offer.give_credits,
    },
    {
      side: 'get',
      from: offer.to_user_id,
      to: offer.from_user_id,
      fromName: offer.to_name,
      credits: offer.get_credits,
    },
  ] as const;
  for (const leg of legs) {
    const credits = Number(leg.credits);
    if (credits === 0) continue;
    const change = { amount: credits, reason: 'trade', reference: offer.id, now: nowIso };
    if ((await debitWithLedger(trx, { ...change, userId: leg.from })) === null) {
      throw new OfferNoLongerValid(tradeMessages.notEnoughCreditsNow(leg.fromName));
    }
    if ((await creditWithLedger(trx, { ...change, userId: leg.to })) === null) {
      throw new OfferNoLongerValid(tradeMessages.notEnoughCreditsNow(leg.fromName));
    }
  }
  for (const leg of legs) {
    const own = lines.filter((line) => line.side === leg.side);
    if (own.length === 0) continue;
    const move = {
      kind: 'trade' as const,
      from: leg.from,
      to: leg.to,
      lines: own.map((line) => ({ entryId: line.entry_id, quantity: Number(line.quantity) })),
      reference: offer.id,
      actorId: offer.to_user_id,
    };
    // Each line checked first with the one rule, so the reason can name the item and its owner.
    for (const line of own) {
      const refusal = refusalOf(await findEntryById(trx, line.entry_id), move, Number(line.quantity), now);
      if (refusal) throw new OfferNoLongerValid(reasonOf(refusal, leg.fromName, line));
    }
    try {
      await moveItems(ctx, trx, move);
    } catch (error) {
      // A game server leased an entry between the check and the take.
      if (error instanceof AppError && ['conflict', 'not_found', 'invalid_request'].includes(error.code))
        throw new OfferNoLongerValid(error.message);
      throw error;
    }
  }
}

export async function acceptTrade(ctx: AppContext, userId: string, id: string): Promise<TradeOffer> {
  const now = ctx.clock();
  const nowIso = toIso(now);
  try {
    const outcome = await inTransaction(ctx.db, async (trx) => {
      const offer = await offerFor(trx, id, userId);
      if (offer.to_user_id !== userId) throw forbidden(tradeMessages.onlyRecipient);
      if (offer.status !== 'open') throw conflict(tradeMessages.notOpen);
      if (offer.expires_at <= nowIso) {
        if (await decideOffer(trx, { id, status: 'expired', now: nowIso })) await tellExpired(trx, offer, now);
        return 'expired' as const;
      }
      if (!(await decideOffer(trx, { id, status: 'accepted', now: nowIso }))) throw conflict(tradeMessages.notOpen);
      await swap(ctx, trx, offer, now);
      await notify(trx, {
        userId: offer.from_user_id,
        kind: 'trade_accepted',
        data: { tradeId: id, by: offer.to_name },
        at: now,
      });
      return 'accepted' as const;
    });
    if (outcome === 'expired') throw conflict(tradeMessages.notOpen);
  } catch (error) {
    if (!(error instanceof OfferNoLongerValid)) throw error;
    // Nothing moved (the swap's transaction rolled back); the offer says why, if no one decided it meanwhile.
    await inTransaction(ctx.db, (trx) =>
      decideOffer(trx, { id, status: 'invalid', reason: error.message, now: nowIso }),
    );
    ctx.logger.info('trades.invalid', { tradeId: id, reason: error.message });
    throw conflict(error.message);
  }
  ctx.logger.info('trades.accepted', { tradeId: id, by: userId });
  return viewOf(ctx.db, id);
}

export async function declineTrade(ctx: AppContext, userId: string, id: string): Promise<TradeOffer> {
  return decide(ctx, userId, id, 'declined');
}

export async function cancelTrade(ctx: AppContext, userId: string, id: string): Promise<TradeOffer> {
  return decide(ctx, userId, id, 'cancelled');
}

async function decide(ctx: AppContext, userId: string, id: string, status: 'declined' | 'cancelled') {
  const now = ctx.clock();
  await inTransaction(ctx.db, async (trx) => {
    const offer = await offerFor(trx, id, userId);
    if (status === 'declined' && offer.to_user_id !== userId) throw forbidden(tradeMessages.onlyRecipient);
    if (status === 'cancelled' && offer.from_user_id !== userId) throw forbidden(tradeMessages.onlySender);
    if (!(await decideOffer(trx, { id, status, now: toIso(now) }))) throw conflict(tradeMessages.notOpen);
    if (status === 'declined') {
      await notify(trx, {
        userId: offer.from_user_id,
        kind: 'trade_declined',
        data: { tradeId: id, by: offer.to_name },
        at: now,
      });
    } else {
      await notify(trx, {
        userId: offer.to_user_id,
        kind: 'trade_cancelled',
        data: { tradeId: id, by: offer.from_name },
        at: now,
      });
    }
  });
  ctx.logger.info(`trades.${status}`, { tradeId: id, by: userId });
  return viewOf(ctx.db, id);
}

// --- Expiry --------------------------------------------------------------------------------------

async function tellExpired(trx: Executor, offer: TradeOfferWithNames, now: Date): Promise<void> {
  await notify(trx, {
    userId: offer.from_user_id,
    kind: 'trade_expired',
    data: { tradeId: offer.id, with: offer.to_name },
    at: now,
  });
  await notify(trx, {
    userId: offer.to_user_id,
    kind: 'trade_expired',
    data: { tradeId: offer.id, with: offer.from_name },
    at: now,
  });
}

/** The scheduled pass: open offers past their 7 days become expired, and both players are told. */
export async function expireTrades(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  let expired = 0;
  for (;;) {
    const due = await listExpiredOpenOffers(ctx.db, toIso(now), EXPIRY_BATCH);
    for (const { id } of due) {
      const done = await inTransaction(ctx.db, async (trx) => {
        const offer = await findTradeOffer(trx, id);
        if (!offer || !(await decideOffer(trx, { id, status: 'expired', now: toIso(now) }))) return false;
        await tellExpired(trx, offer, now);
        return true;
      });
      if (done) expired += 1;
    }
    if (due.length < EXPIRY_BATCH) return expired;
  }
}
