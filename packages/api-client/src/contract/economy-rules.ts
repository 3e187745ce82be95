// The player economy's rules that both sides apply (issue 20): where an inventory entry is, and
// whether it may move to another player now. The server refuses a move with these words, and the
// inventory shows the very same words beside a disabled Gift or Trade button.

import { calendarDay } from './calendar-day.ts';

/** Where an entry is: kept or waiting on the site, queued for the game, or handed over. */
export const entryLocations = ['on_site', 'pending', 'in_game'] as const;
export type EntryLocation = (typeof entryLocations)[number];

/** How items move between players; each has its audit action `items.<kind>`. */
export const itemMoveKinds = ['gift', 'trade', 'admin_reversal'] as const;
export type ItemMoveKind = (typeof itemMoveKinds)[number];

/**
 * Every kind of item_transfers row: the moves above, and a purchase made for another player (the
 * buyer never held the item, so it is no move of an entry).
 */
export const itemTransferKinds = [...itemMoveKinds, 'purchase_gift'] as const;
export type ItemTransferKind = (typeof itemTransferKinds)[number];

/** The admin's item-ledger filter (GET /api/admin/users/{id}/item-ledger?kind=) and the transfers each shows. */
export const itemLedgerFilters = {
  gift: 'gift',
  trade: 'trade',
  'purchase-gift': 'purchase_gift',
  reversal: 'admin_reversal',
} as const satisfies Record<string, ItemTransferKind>;
export type ItemLedgerFilter = keyof typeof itemLedgerFilters;

/** The longest message a gift may carry. */
export const GIFT_MESSAGE_MAX = 200;
/** The most of one entry a single move may take (an entry never holds more). */
export const MOVE_QUANTITY_MAX = 1_000_000;
/** The most usernames a player search answers. */
export const PLAYER_SEARCH_LIMIT = 10;
/** The longest player search term (a username is at most 20 characters). */
export const PLAYER_SEARCH_MAX = 20;

/** A trade lock's end as the refusals say it ("Dec 1, 2026", UTC: the same on server and site). */
export function formatLockDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : calendarDay(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

export const economyMessages = {
  entryNotFound: 'Inventory entry not found',
  notGiftable: 'This item cannot be gifted',
  notTradeable: 'This item cannot be traded',
  lockedUntil: (iso: string) => `Trade locked until ${formatLockDate(iso)}`,
  inGame: 'This item is already in the game',
  leased: 'This item is being handed to the game right now; try again in a minute',
  revoked: 'This item was revoked',
  recipientRequired: 'Choose a player to send it to',
  recipientNotFound: 'No player has that username',
  selfGift: 'You cannot send a gift to yourself',
  quantityWhole: 'Quantity must be a whole number',
  quantityMin: 'Quantity must be at least 1',
  quantityMax: `Quantity must be at most ${MOVE_QUANTITY_MAX}`,
  quantityMoreThanHeld: (held: number) => `You only have ${held} of this item`,
  messageTooLong: `Message must be at most ${GIFT_MESSAGE_MAX} characters`,
  keepOnSiteRequired: 'keepOnSite must be true or false',
  keepNewItemsRequired: 'keepNewItemsOnSite must be true or false',
  searchTooLong: `Search must be at most ${PLAYER_SEARCH_MAX} characters`,
  tooManySearches: 'Too many player searches.',
  creditPackGift: 'Credit packs cannot be bought as a gift',
  giftTierExclusive: (player: string, tier: string) =>
    `${player} does not hold the ${tier} tier this item is exclusive to`,
  recipientHasTier: (player: string) => `${player} already has a supporter tier`,
  transferNotFound: 'Transfer not found',
  alreadyReversed: 'This transfer was already reversed',
  reversalNotReversible: 'A reversal cannot be reversed',
  itemsGone: (player: string) => `${player} no longer holds these items (given or traded onward)`,
  itemsNotReturnable: (reason: string) => `The items cannot be taken back: ${reason}`,
  creditsGone: (player: string) => `${player} no longer has the credits to give back`,
  ledgerKindInvalid: `kind must be one of ${Object.keys(itemLedgerFilters).join(', ')}`,
} as const;

/** What the rule reads of an entry: its item's flags, where it is, its lease, revocation and lock. */
export interface EntryMoveFacts {
  isGiftable: boolean;
  isTradeable: boolean;
  location: EntryLocation;
  /** A game server holds it right now. */
  leased: boolean;
  revoked: boolean;
  tradeLockedUntil: string | null;
}

/**
 * Why this entry may not move to another player as `kind` now, in the words the player sees; null
 * when it may. An admin's reversal takes back what was moved, whatever the item's flags and lock.
 */
export function entryMoveRefusal(entry: EntryMoveFacts, kind: ItemMoveKind, now: Date): string | null {
  if (entry.revoked) return economyMessages.revoked;
  if (kind === 'gift' && !entry.isGiftable) return economyMessages.notGiftable;
  if (kind === 'trade' && !entry.isTradeable) return economyMessages.notTradeable;
  if (entry.location === 'in_game') return economyMessages.inGame;
  if (entry.leased) return economyMessages.leased;
  if (kind !== 'admin_reversal' && entry.tradeLockedUntil && Date.parse(entry.tradeLockedUntil) > now.getTime()) {
    return economyMessages.lockedUntil(entry.tradeLockedUntil);
  }
  return null;
}
