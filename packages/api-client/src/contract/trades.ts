// Trades between players (issue 20): an offer of items and credits both ways, frozen when sent, that
// the recipient accepts or declines and the sender may cancel. Each entry on either side must pass the
// economy's one rule (entryMoveRefusal, kind 'trade') when the offer is sent and again at acceptance.
import { z } from 'zod';
import { moveQuantitySchema } from './economy.ts';
import { economyMessages } from './economy-rules.ts';
import { formatLimit, MAX_BALANCE, USERNAME_MAX_LENGTH } from './limits.ts';
import { nextCursorSchema } from './paging.ts';

/** The most open offers one player may have sent at once. */
export const TRADE_OPEN_OFFERS_MAX = 20;
/** The most entries on each side of one offer. */
export const TRADE_LINES_MAX = 20;
/** How long an offer waits for an answer. */
export const TRADE_EXPIRY_DAYS = 7;
/** The longest message an offer may carry. */
export const TRADE_MESSAGE_MAX = 200;

export const tradeStatuses = ['open', 'accepted', 'declined', 'cancelled', 'expired', 'invalid'] as const;
export type TradeStatus = (typeof tradeStatuses)[number];

export const tradeMessages = {
  recipientRequired: 'Choose a player to trade with',
  recipientNotFound: economyMessages.recipientNotFound,
  selfTrade: 'You cannot trade with yourself',
  empty: 'Add at least one item or some credits to the offer',
  oneSided: 'Add what you give or what you ask for',
  tooManyLines: `An offer can hold at most ${TRADE_LINES_MAX} entries on each side`,
  duplicateEntry: 'Each inventory entry can be in an offer only once',
  creditsWhole: 'Credits must be a whole number of at least 0',
  creditsMax: `Credits must be at most ${formatLimit(MAX_BALANCE)}`,
  creditsOff: 'Credits cannot be part of a trade on this site',
  messageTooLong: `Message must be at most ${TRADE_MESSAGE_MAX} characters`,
  tooManyOpen: `You already have ${TRADE_OPEN_OFFERS_MAX} open trade offers; cancel one or wait for an answer`,
  tooManyOffers: 'Too many trade offers; try again later.',
  notEnoughCreditsYou: 'You do not have enough credits for this offer',
  notEnoughCreditsThem: (username: string) => `${username} does not have enough credits for this offer`,
  notFound: 'Trade offer not found',
  notOpen: 'This trade offer is no longer open',
  onlyRecipient: 'Only the player the offer was made to can accept or decline it',
  onlySender: 'Only the player who made the offer can cancel it',
  /** An entry an offer names, refused at sending or acceptance: "Scout Corvette: Trade locked until Dec 1, 2026". */
  entryRefused: (itemName: string, reason: string) => `${itemName}: ${reason}`,
  entryGone: (username: string, itemName: string) => `${username} no longer has ${itemName}`,
  entryShort: (username: string, itemName: string, quantity: number) =>
    `${username} no longer has ${quantity} × ${itemName}`,
  notEnoughCreditsNow: (username: string) => `${username} no longer has enough credits`,
} as const;

export const tradeLineRequestSchema = z.object({
  entryId: z.string().min(1).max(100),
  quantity: moveQuantitySchema,
});

const tradeCreditsSchema = z
  .number({ error: tradeMessages.creditsWhole })
  .int(tradeMessages.creditsWhole)
  .min(0, tradeMessages.creditsWhole)
  .max(MAX_BALANCE, tradeMessages.creditsMax);

export const tradeSideRequestSchema = z.object({
  items: z
    .array(tradeLineRequestSchema)
    .max(TRADE_LINES_MAX, tradeMessages.tooManyLines)
    .refine((lines) => new Set(lines.map((line) => line.entryId)).size === lines.length, tradeMessages.duplicateEntry)
    .default([]),
  credits: tradeCreditsSchema.default(0),
});

/** POST /api/trades: `give` leaves the sender, `get` leaves the recipient. */
export const createTradeRequestSchema = z.object({
  to: z
    .string({ error: tradeMessages.recipientRequired })
    .trim()
    .min(1, tradeMessages.recipientRequired)
    .max(USERNAME_MAX_LENGTH * 5, tradeMessages.recipientNotFound),
  give: tradeSideRequestSchema.default({ items: [], credits: 0 }),
  get: tradeSideRequestSchema.default({ items: [], credits: 0 }),
  message: z.string().trim().max(TRADE_MESSAGE_MAX, tradeMessages.messageTooLong).optional(),
});
export type CreateTradeRequest = z.input<typeof createTradeRequestSchema>;

/** One entry of an offer, as it was when the offer was sent. */
export const tradeLineSchema = z.object({
  entryId: z.string(),
  itemId: z.string().nullable(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
});
export type TradeLine = z.infer<typeof tradeLineSchema>;

export const tradeSideSchema = z.object({ items: z.array(tradeLineSchema), credits: z.number().int() });
export type TradeSide = z.infer<typeof tradeSideSchema>;

export const tradeOfferSchema = z.object({
  _id: z.string(),
  status: z.enum(tradeStatuses),
  /** Why the offer could not be accepted (status invalid). */
  invalidReason: z.string().nullable(),
  /** The sender's and the recipient's usernames. */
  from: z.string(),
  to: z.string(),
  /** What the sender gives. */
  give: tradeSideSchema,
  /** What the sender asks of the recipient. */
  get: tradeSideSchema,
  message: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TradeOffer = z.infer<typeof tradeOfferSchema>;

export const tradeResponseSchema = z.object({ trade: tradeOfferSchema });
export type TradeResponse = z.infer<typeof tradeResponseSchema>;

/** The player's open offers both ways, and the first page of the decided ones (latest decided first). */
export const tradesResponseSchema = z.object({
  incoming: z.array(tradeOfferSchema),
  outgoing: z.array(tradeOfferSchema),
  history: z.array(tradeOfferSchema),
  /** The cursor of the history's next page (GET /api/trades/history), null when that was all. */
  historyNextCursor: nextCursorSchema,
  /** Whether offers may carry credits on this site now. */
  creditsInTrades: z.boolean(),
});
export type TradesResponse = z.infer<typeof tradesResponseSchema>;

/** A page of the player's decided offers, latest decided first. */
export const tradeHistoryResponseSchema = z.object({ trades: z.array(tradeOfferSchema), nextCursor: nextCursorSchema });
export type TradeHistoryResponse = z.infer<typeof tradeHistoryResponseSchema>;

/** An entry a player could trade now (on the site or pending, not leased, tradeable, not locked). */
export const tradeableEntrySchema = z.object({
  _id: z.string(),
  itemId: z.string().nullable(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  rarity: z.string(),
  quantity: z.number().int(),
});
export type TradeableEntry = z.infer<typeof tradeableEntrySchema>;
export const tradeableResponseSchema = z.object({ player: z.string(), entries: z.array(tradeableEntrySchema) });
export type TradeableResponse = z.infer<typeof tradeableResponseSchema>;
