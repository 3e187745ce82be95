// The economy as administrators see it (issue 20, Admin): a player's item ledger, a page at a time
// and filtered by kind of move, and the reversal of a gift or trade.
import { z } from 'zod';
import { economyMessages, type ItemLedgerFilter, itemLedgerFilters } from './economy-rules.ts';
import { nextCursorSchema, pageCursorSchema, pageLimitSchema } from './paging.ts';

export const itemLedgerQuerySchema = z.object({
  kind: z
    .enum(Object.keys(itemLedgerFilters) as [ItemLedgerFilter, ...ItemLedgerFilter[]], {
      error: economyMessages.ledgerKindInvalid,
    })
    .optional(),
  limit: pageLimitSchema,
  cursor: pageCursorSchema,
});
export type ItemLedgerQuery = z.input<typeof itemLedgerQuerySchema>;

/** The move a ledger row belongs to: both players, and whether (and when) an admin reversed it. */
export const adminTransferSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  from: z.string(),
  to: z.string(),
  message: z.string().nullable(),
  /** What it belongs to: a trade's id, the transfer a reversal undid, the order that paid a gift. */
  reference: z.string().nullable(),
  createdAt: z.string(),
  reversedAt: z.string().nullable(),
  /** Not reversed yet and not itself a reversal. */
  reversible: z.boolean(),
});
export type AdminTransfer = z.infer<typeof adminTransferSchema>;

export const adminItemLedgerEntrySchema = z.object({
  _id: z.string(),
  entryId: z.string(),
  itemId: z.string().nullable(),
  /** The item's name now (null once it is deleted from the catalogue). */
  itemName: z.string().nullable(),
  delta: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  transfer: adminTransferSchema.nullable(),
});
export type AdminItemLedgerEntry = z.infer<typeof adminItemLedgerEntrySchema>;

export const adminItemLedgerResponseSchema = z.object({
  entries: z.array(adminItemLedgerEntrySchema),
  nextCursor: nextCursorSchema,
});
export type AdminItemLedgerResponse = z.infer<typeof adminItemLedgerResponseSchema>;

export const transferReversalResponseSchema = z.object({
  transfer: adminTransferSchema,
  /** The transfers that gave the items back (one per leg of a trade). */
  reversals: z.array(z.string()),
  /** Credits given back, per player (by username), signed. */
  credits: z.array(z.object({ player: z.string(), delta: z.number().int() })),
});
export type TransferReversalResponse = z.infer<typeof transferReversalResponseSchema>;
