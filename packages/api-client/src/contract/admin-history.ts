// What administrators read of the past, newest first a page at a time (contract/paging.ts): the
// audit log of every admin change, and a player's credit ledger (every balance change).
import { z } from 'zod';
import { nextCursorSchema } from './paging.ts';

export const auditEntrySchema = z.object({
  _id: z.string(),
  /** The administrator (or `system` for a change the server made under a payment rule). */
  actorId: z.string(),
  /** e.g. tier.create, item.update, user.credits. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The record before and after the change; null where there was none. */
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: nextCursorSchema });
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

export const ledgerEntrySchema = z.object({
  _id: z.string(),
  /** Credits added (positive) or taken (negative). */
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** e.g. purchase, admin_adjustment, credit_pack. */
  reason: z.string(),
  reference: z.string().nullable(),
  /** The administrator behind an adjustment; null for the player's own doing. */
  actorId: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerResponseSchema = z.object({ entries: z.array(ledgerEntrySchema), nextCursor: nextCursorSchema });
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;
