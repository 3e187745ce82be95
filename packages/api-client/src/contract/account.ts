// The Account page's calls (issue 19): the signed-in devices, the download of everything stored
// about the player, and deleting the account. The page is its own lazy chunk, so full zod is fine here.
import { z } from 'zod';
import { ledgerEntrySchema } from './admin-history.ts';
import { inventoryEntrySchema } from './catalogue.ts';
import { accountPreferencesSchema, itemLedgerEntrySchema, itemTransferViewSchema } from './economy.ts';
import { PASSWORD_MAX_LENGTH } from './limits.ts';
import { orderSchema, subscriptionInfoSchema } from './payments.ts';

/** The Profile section: who the player is on this store, and since when. */
export const accountProfileSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  /** When the account was made: "Member since". */
  createdAt: z.string(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;
export const accountProfileResponseSchema = z.object({ profile: accountProfileSchema });
export type AccountProfileResponse = z.infer<typeof accountProfileResponseSchema>;

/** One signed-in device: a session, named by its public id (never its token or the token's hash). */
export const accountSessionSchema = z.object({
  _id: z.string().describe('The session’s public id: what DELETE /api/account/sessions/{id} takes'),
  /** The browser and system in words, from its user agent: "Firefox on Windows". */
  device: z.string().describe('The browser and system in words, e.g. "Firefox on Windows"'),
  /** The client address at its last recorded use (null where none was recorded). */
  address: z.string().nullable(),
  /** The client address it signed in from. */
  signedInAddress: z.string().nullable(),
  createdAt: z.string(),
  /** Recorded at most once a minute. */
  lastUsedAt: z.string(),
  /** The device asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

/** How many sessions a sign-out ended. */
export const signOutDevicesResponseSchema = z.object({ signedOut: z.number().int() });
export type SignOutDevicesResponse = z.infer<typeof signOutDevicesResponseSchema>;

export const accountPageMessages = {
  deviceNotFound: 'No such signed-in device',
  passwordRequired: 'Password is required',
  wrongPassword: 'The password is not correct',
  confirmRequired: 'Type your username to confirm',
  confirmMismatch: 'The confirmation does not match your username',
  lastAdmin: 'You are the last administrator: make another player an administrator before deleting your account',
  tooManyAttempts: 'Too many attempts to delete this account.',
} as const;

export const deleteAccountRequestSchema = z.object({
  password: z
    .string({ error: accountPageMessages.passwordRequired })
    .min(1, accountPageMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, accountPageMessages.wrongPassword),
  /** The player's username, typed: the confirmation that they mean it. */
  confirm: z
    .string({ error: accountPageMessages.confirmRequired })
    .trim()
    .min(1, accountPageMessages.confirmRequired)
    .max(100, accountPageMessages.confirmMismatch),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

const exportedAccountSchema = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string(),
  credits: z.number().int(),
  isAdmin: z.boolean(),
  currentTier: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

const exportedDeliverySchema = z.object({
  inventoryEntryId: z.string(),
  itemName: z.string(),
  quantity: z.number().int(),
  deliveredToGame: z.boolean(),
  deliveredAt: z.string().nullable(),
  attempts: z.number().int(),
  revokedAt: z.string().nullable(),
});

const exportedMailSchema = z.object({
  _id: z.string(),
  senderName: z.string(),
  subject: z.string(),
  message: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  createdAt: z.string(),
});

const exportedSubscriptionSchema = subscriptionInfoSchema.extend({
  _id: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});

const exportedSessionSchema = accountSessionSchema.extend({ userAgent: z.string().nullable(), expiresAt: z.string() });

/** GET /api/account/export: everything stored about the player, and nothing secret (no hashes, no tokens). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: exportedAccountSchema,
  discord: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  /** What the player owns, as bought or sent (a purchase with credits is an entry and a ledger row). */
  inventory: z.array(inventoryEntrySchema),
  /** Each inventory entry's hand-over to the game. */
  deliveries: z.array(exportedDeliverySchema),
  /** Every change to the credit balance, oldest first. */
  creditLedger: z.array(ledgerEntrySchema),
  /** Card payments: items, credit packs, subscriptions and their renewals. */
  payments: z.array(orderSchema),
  subscriptions: z.array(exportedSubscriptionSchema),
  mails: z.array(exportedMailSchema),
  sessions: z.array(exportedSessionSchema),
  /** Gifts and trades sent and received, newest first (issue 20). */
  itemTransfers: z.array(itemTransferViewSchema),
  /** Every change to the quantity of an inventory entry, oldest first. */
  itemLedger: z.array(itemLedgerEntrySchema),
  /** The player's preferences. */
  preferences: accountPreferencesSchema,
  /** Months of a supporter tier given as a gift, sent and received (issue 20). */
  tierGifts: z.array(
    z.object({
      _id: z.string(),
      direction: z.enum(['sent', 'received']),
      otherPlayer: z.string(),
      tierId: z.string(),
      tier: z.string().nullable(),
      startsAt: z.string(),
      endsAt: z.string(),
      endedAt: z.string().nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
