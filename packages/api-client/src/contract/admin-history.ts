// What administrators read of the past, newest first a page at a time (contract/paging.ts): the
// audit log of every admin change, and a player's credit ledger (every balance change).
import { z } from 'zod';
import { nextCursorSchema, pageCursorSchema, pageLimitSchema } from './paging.ts';

/**
 * Every change the audit log records, with what it is in words (the admin's Audit log screen shows
 * them, and offers them as its filter). The server records only these (services/admin/audit.ts).
 */
export const auditActionLabels = {
  'tier.create': 'Created a tier',
  'tier.update': 'Changed a tier',
  'tier.delete': 'Deleted a tier',
  'item.create': 'Created a shop item',
  'item.update': 'Changed a shop item',
  'item.delete': 'Deleted a shop item',
  'category.create': 'Created a category',
  'category.update': 'Changed a category',
  'category.delete': 'Deleted a category',
  'image.upload': 'Uploaded an image',
  'image.delete': 'Deleted an image',
  'user.credits': "Set a player's credits",
  'user.tier': "Set a player's tier",
  'user.admin_grant': 'Made a player an admin',
  'user.admin_revoke': "Took a player's admin rights",
  'user.reset_link': 'Made a password reset link for a player',
  'account.delete': 'Deleted their own account',
  'mail.send': 'Sent mail to a player',
  'site_settings.update': 'Changed the site settings',
  'game_key.create': 'Created a game server key',
  'game_key.revoke': 'Revoked a game server key',
  'delivery.requeue': 'Re-queued a delivery',
  'job.retry': 'Retried a failed job',
  'update.create': 'Created a news post',
  'update.update': 'Changed a news post',
  'update.delete': 'Deleted a news post',
  'update.publish': 'Published a scheduled news post',
  'discord.resync': "Re-synced a player's Discord roles",
  'payments.duplicate_subscription': 'Cancelled a duplicate subscription',
  'payments.duplicate_refunded': 'Refunded a duplicate subscription',
  'payments.subscription_cancelled': 'Cancelled a subscription',
  'payments.refund': 'Refunded a payment',
  'items.gift': 'Gave items to a player',
  'items.trade': 'Traded items with a player',
  'items.admin_reversal': 'Reversed a move of items',
  'items.purchase_gift': 'Bought items as a gift for a player',
  'tier.gift': 'Gave a month of a supporter tier as a gift',
  'tier.gift_end': 'A gifted month of a supporter tier ended',
  'leaderboard.metric_create': 'Created a leaderboard metric',
  'leaderboard.metric_update': 'Changed a leaderboard metric',
  'leaderboard.metric_delete': 'Deleted a leaderboard metric',
  'leaderboard.season_start': 'Started a new leaderboard season',
  'leaderboard.player_hide': 'Hid a player from the leaderboards',
  'leaderboard.player_unhide': 'Showed a player on the leaderboards again',
  'sale.create': 'Scheduled a sale',
  'sale.update': 'Changed a sale',
  'sale.delete': 'Deleted a sale',
  'sale.start': 'A scheduled sale started',
  'sale.end': 'A sale ended',
  'credit_codes.create': 'Made a batch of credit codes',
  'coupon.create': 'Created a coupon',
  'coupon.update': 'Changed a coupon',
  'coupon.delete': 'Deleted a coupon',
} as const;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

/** The longest audit search term. */
export const MAX_AUDIT_SEARCH = 200;

export const auditQueryMessages = {
  badAction: "action must be one of the audit log's actions (e.g. tier.create)",
  searchTooLong: `search must be at most ${MAX_AUDIT_SEARCH} characters`,
} as const;

/**
 * The query of `GET /api/admin/audit`, every parameter optional: `action` one action exactly;
 * `search` the administrator (their username or email, containing the term, or their id) or the
 * target (its id, or a player's username or email containing the term) or anything the change recorded (its
 * before and after, containing the term), ignoring case.
 */
export const auditQuerySchema = z.object({
  action: z.enum(auditActions as [AuditAction, ...AuditAction[]], { error: auditQueryMessages.badAction }).optional(),
  search: z.string().max(MAX_AUDIT_SEARCH, auditQueryMessages.searchTooLong).optional(),
  limit: pageLimitSchema,
  cursor: pageCursorSchema,
});
/** What a client passes. */
export interface AuditQuery {
  action?: AuditAction;
  search?: string;
  limit?: number;
  cursor?: string;
}

export const auditEntrySchema = z.object({
  _id: z.string(),
  /** The administrator (or `system:…` for a change the server made under a payment rule, `cli:…` from the admin CLI). */
  actorId: z.string(),
  /** The administrator's username; null for the server itself, the CLI, or an account since deleted. */
  actorName: z.string().nullable(),
  /** One of auditActionLabels. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** What the target is called: a player's username, or the name the change recorded; null if none. */
  targetName: z.string().nullable(),
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
