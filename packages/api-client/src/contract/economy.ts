// The player economy's calls (issue 20): keeping an entry on the site, gifts from the inventory,
// the player search for pickers and the player's preference for new items.
import { z } from 'zod';
import { inventoryEntrySchema } from './catalogue.ts';
import { economyMessages, GIFT_MESSAGE_MAX, MOVE_QUANTITY_MAX, PLAYER_SEARCH_MAX } from './economy-rules.ts';
import { USERNAME_MAX_LENGTH } from './limits.ts';

export const keepOnSiteRequestSchema = z.object({
  keepOnSite: z.boolean({ error: economyMessages.keepOnSiteRequired }),
});
export type KeepOnSiteRequest = z.infer<typeof keepOnSiteRequestSchema>;

/** One inventory entry as it is after a change. */
export const inventoryEntryResponseSchema = z.object({ entry: inventoryEntrySchema });
export type InventoryEntryResponse = z.infer<typeof inventoryEntryResponseSchema>;

export const moveQuantitySchema = z
  .number({ error: economyMessages.quantityWhole })
  .int(economyMessages.quantityWhole)
  .min(1, economyMessages.quantityMin)
  .max(MOVE_QUANTITY_MAX, economyMessages.quantityMax);

export const giftRequestSchema = z.object({
  recipient: z
    .string({ error: economyMessages.recipientRequired })
    .trim()
    .min(1, economyMessages.recipientRequired)
    // Longer than any username: nobody has it.
    .max(USERNAME_MAX_LENGTH * 5, economyMessages.recipientNotFound),
  quantity: moveQuantitySchema,
  message: z.string().trim().max(GIFT_MESSAGE_MAX, economyMessages.messageTooLong).optional(),
});
export type GiftRequest = z.input<typeof giftRequestSchema>;

/** The sender's entry after the gift (null when all of it went), and what the recipient now holds. */
export const giftResponseSchema = z.object({
  entry: inventoryEntrySchema.nullable(),
  gift: z.object({
    _id: z.string(),
    recipient: z.string(),
    quantity: z.number().int(),
    createdAt: z.string(),
  }),
});
export type GiftResponse = z.infer<typeof giftResponseSchema>;

export const playerSearchQuerySchema = z.object({
  search: z.string().trim().max(PLAYER_SEARCH_MAX, economyMessages.searchTooLong).default(''),
});

export const playersResponseSchema = z.object({
  /** Usernames only: names that start with the term first, then names that contain it. */
  players: z.array(z.object({ username: z.string() })),
});
export type PlayersResponse = z.infer<typeof playersResponseSchema>;

export const accountPreferencesSchema = z.object({
  /** New items stay on the site until sent (false: they go to the game at once). */
  keepNewItemsOnSite: z.boolean({ error: economyMessages.keepNewItemsRequired }),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;
export const accountPreferencesResponseSchema = z.object({ preferences: accountPreferencesSchema });
export type AccountPreferencesResponse = z.infer<typeof accountPreferencesResponseSchema>;

/** One move of items between players, as the player's data download lists it. */
export const itemTransferViewSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  direction: z.enum(['sent', 'received']),
  /** The other player's username. */
  otherPlayer: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
  reversedAt: z.string().nullable(),
});
export type ItemTransferView = z.infer<typeof itemTransferViewSchema>;

/** One row of the item ledger: a signed change of an entry's quantity. */
export const itemLedgerEntrySchema = z.object({
  _id: z.string(),
  entryId: z.string(),
  itemId: z.string().nullable(),
  delta: z.number().int(),
  reason: z.string(),
  transferId: z.string().nullable(),
  createdAt: z.string(),
});
export type ItemLedgerEntry = z.infer<typeof itemLedgerEntrySchema>;
