// "Your data": everything stored about a player, as one JSON document they download (issue 19; GDPR
// art. 15 and 20). Read only by the player it is about, and never a secret: no password hash, no
// token or its hash, no payment provider's keys. Each part is written by the view the API already
// shows it with, so the download says what the site says.
import type { AccountExport } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { listAllTiers } from '../../db/repositories/catalogue.ts';
import { listLedgerOfUser } from '../../db/repositories/credits.ts';
import { listInventoryEntries } from '../../db/repositories/inventory.ts';
import { listItemLedgerOfUser, listTransfersOfUser } from '../../db/repositories/item-moves.ts';
import { listMailsOfUser } from '../../db/repositories/mails.ts';
import { listPaymentsOfUser } from '../../db/repositories/payments.ts';
import { findPreferences } from '../../db/repositories/players.ts';
import { listSessionsOfUser } from '../../db/repositories/sessions.ts';
import { listSubscriptionsOfUser } from '../../db/repositories/subscriptions.ts';
import { listTierGiftsOfUser } from '../../db/repositories/tier-gifts.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { authMessages, unauthorized } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { toLedgerEntryView } from '../admin/history.ts';
import { toInventoryEntryView } from '../catalogue/catalogue-view.ts';
import { toOrderView, toSubscriptionInfo } from '../payments/payment-records.ts';
import { toAccountSessionView } from './devices.ts';

/** The download's file name: the store's name and the day (UTC) it was made. */
export const exportFileName = (exportedAt: Date): string => `starport-data-${toIso(exportedAt).slice(0, 10)}.json`;

export async function exportAccountData(ctx: AppContext, userId: string, tokenHash: string): Promise<AccountExport> {
  const now = ctx.clock();
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized(authMessages.signInRequired);
  const [
    inventory,
    ledger,
    payments,
    subscriptions,
    mails,
    sessions,
    tiers,
    transfers,
    itemLedger,
    preferences,
    tierGifts,
  ] = await Promise.all([
    listInventoryEntries(ctx.db, userId),
    listLedgerOfUser(ctx.db, userId),
    listPaymentsOfUser(ctx.db, userId),
    listSubscriptionsOfUser(ctx.db, userId),
    listMailsOfUser(ctx.db, userId),
    listSessionsOfUser(ctx.db, userId, tokenHash),
    listAllTiers(ctx.db),
    listTransfersOfUser(ctx.db, userId),
    listItemLedgerOfUser(ctx.db, userId),
    findPreferences(ctx.db, userId),
    listTierGiftsOfUser(ctx.db, userId),
  ]);
  const tierById = new Map(tiers.map((tier) => [tier.id, tier]));
  const entries = inventory.map((row) => toInventoryEntryView(row, now));
  return {
    exportedAt: toIso(now),
    account: {
      _id: user.id,
      email: user.email,
      username: user.username,
      credits: Number(user.credits),
      isAdmin: user.is_admin === 1,
      currentTier: user.current_tier_id && user.tier_name ? { _id: user.current_tier_id, name: user.tier_name } : null,
      createdAt: user.created_at,
      updatedAt: user.updated_at,
      lastLoginAt: user.last_login_at,
    },
    discord: user.discord_id ? { id: user.discord_id, username: user.discord_username } : null,
    inventory: entries,
    deliveries: inventory.map((row, index) => ({
      inventoryEntryId: row.id,
      itemName: entries[index]?.shopItem.name ?? '',
      quantity: Number(row.quantity),
      deliveredToGame: row.delivered_to_game === 1,
      deliveredAt: row.delivered_at,
      attempts: Number(row.delivery_attempts),
      revokedAt: row.revoked_at,
    })),
    creditLedger: ledger.map(toLedgerEntryView),
    payments: payments.map(toOrderView),
    subscriptions: subscriptions.map((row) => ({
      _id: row.id,
      provider: row.provider,
      createdAt: row.created_at,
      endedAt: row.ended_at,
      ...toSubscriptionInfo(row, row.tier_id ? tierById.get(row.tier_id) : undefined),
    })),
    mails: mails.map((row) => ({
      _id: row.id,
      senderName: row.sender_name,
      subject: row.subject,
      message: row.message,
      items: JSON.parse(row.items) as { name: string; quantity: number }[],
      createdAt: row.created_at,
    })),
    sessions: sessions.map((row) => ({
      ...toAccountSessionView(row),
      userAgent: row.user_agent,
      expiresAt: row.expires_at,
    })),
    itemTransfers: transfers.map((row) => {
      const sent = row.from_user_id === userId;
      return {
        _id: row.id,
        kind: row.kind,
        direction: sent ? ('sent' as const) : ('received' as const),
        otherPlayer: sent ? row.to_username : row.from_username,
        message: row.message,
        createdAt: row.created_at,
        reversedAt: row.reversed_at,
      };
    }),
    itemLedger: itemLedger.map((row) => ({
      _id: row.id,
      entryId: row.entry_id,
      itemId: row.item_id,
      delta: Number(row.delta),
      reason: row.reason,
      transferId: row.transfer_id,
      createdAt: row.created_at,
    })),
    preferences: { keepNewItemsOnSite: preferences?.keep_new_items_on_site === 1 },
    tierGifts: tierGifts.map((row) => {
      const sent = row.buyer_id === userId;
      return {
        _id: row.id,
        direction: sent ? ('sent' as const) : ('received' as const),
        otherPlayer: sent ? row.recipient_name : row.buyer_name,
        tierId: row.tier_id,
        tier: row.tier_name ?? null,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        endedAt: row.ended_at,
      };
    }),
  };
}
