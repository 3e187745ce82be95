// Buying for a friend (issue 20, "Buy as a gift"): the buyer pays (credits or card), the item goes
// straight to the recipient. The recipient is checked before any money moves (exists, not deleted,
// not the buyer; for a tier-exclusive item they must hold its tier, since they are the one who will
// own it). The delivery is an item_transfers row of kind `purchase_gift` from the buyer, the
// recipient's new entry acquired as `gift` naming the buyer and trade-locked for TRADE_LOCK_DAYS,
// its item-ledger row on that transfer, the audit entry and the recipient's gift_received notice,
// all in the caller's transaction.
import { economyMessages } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor, NewInventoryEntry, ShopItemRow } from '../../db/database.ts';
import { findTierById } from '../../db/repositories/catalogue.ts';
import { insertInventoryEntry } from '../../db/repositories/inventory.ts';
import { insertItemTransfer } from '../../db/repositories/item-moves.ts';
import { findActivePlayerByUsername } from '../../db/repositories/players.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { normalizeUsername } from '../accounts/normalize.ts';
import { insertAudit } from '../admin/audit.ts';
import { tradeLockedUntil } from '../catalogue/trade-lock.ts';
import { notify } from '../notifications/notify.ts';

export const PURCHASE_GIFT = 'purchase_gift';

export interface GiftRecipient {
  id: string;
  username: string;
  currentTierId: string | null;
}

/** The player `giftTo` names, refused when nobody (not deleted) has that name or it is the buyer. */
export async function findGiftRecipient(db: Executor, buyerId: string, giftTo: string): Promise<GiftRecipient> {
  const found = await findActivePlayerByUsername(db, normalizeUsername(giftTo));
  if (!found) throw notFound(economyMessages.recipientNotFound);
  if (found.id === buyerId) throw invalid(economyMessages.selfGift);
  const user = await findUserById(db, found.id);
  if (!user) throw notFound(economyMessages.recipientNotFound);
  return { id: found.id, username: found.username, currentTierId: user.current_tier_id };
}

/** A tier-exclusive item may be given only to a player holding its tier (403, naming both). */
export async function refuseGiftOfExclusiveItem(
  db: Executor,
  item: Pick<ShopItemRow, 'tier_exclusive_id'>,
  recipient: GiftRecipient,
): Promise<void> {
  if (!item.tier_exclusive_id || item.tier_exclusive_id === recipient.currentTierId) return;
  const tier = await findTierById(db, item.tier_exclusive_id);
  throw forbidden(economyMessages.giftTierExclusive(recipient.username, tier?.name ?? 'required'));
}

export interface BoughtGift {
  buyerId: string;
  recipientId: string;
  /** The recipient's new entry, as a purchase would make it for the buyer. */
  entry: Omit<NewInventoryEntry, 'user_id' | 'acquired_method' | 'acquired_from' | 'trade_locked_until'>;
  itemName: string;
  /** What paid for it: the credit ledger's reference or the card payment's id. */
  reference: string;
}

/** Gives a bought item to its recipient (see the header). Answers the transfer's id and the entry's keptOnSite. */
export async function deliverBoughtGift(
  ctx: AppContext,
  trx: Executor,
  gift: BoughtGift,
): Promise<{ transferId: string; keptOnSite: boolean; entry: NewInventoryEntry }> {
  const now = ctx.clock();
  const nowIso = toIso(now);
  const transferId = newId();
  await insertItemTransfer(trx, {
    id: transferId,
    kind: PURCHASE_GIFT,
    fromUserId: gift.buyerId,
    toUserId: gift.recipientId,
    message: null,
    reference: gift.reference,
    now: nowIso,
  });
  const entry: NewInventoryEntry = {
    ...gift.entry,
    user_id: gift.recipientId,
    acquired_method: 'gift',
    acquired_from: gift.buyerId,
    trade_locked_until: tradeLockedUntil(now, ctx.config.tradeLockMs),
  };
  const { keptOnSite } = await insertInventoryEntry(trx, entry, { transferId });
  const quantity = Number(gift.entry.quantity);
  await insertAudit(trx, ctx, gift.buyerId, {
    action: 'items.purchase_gift',
    targetType: 'item_transfer',
    targetId: transferId,
    after: { from: gift.buyerId, to: gift.recipientId, entryId: entry.id, quantity, reference: gift.reference },
  });
  await tellGiftReceived(trx, gift.buyerId, gift.recipientId, { name: gift.itemName, quantity }, now);
  return { transferId, keptOnSite, entry };
}

/** The recipient's gift_received notice, naming the buyer. */
export async function tellGiftReceived(
  trx: Executor,
  fromId: string,
  toId: string,
  item: { name: string; quantity: number },
  at: Date,
): Promise<void> {
  const from = (await findUserById(trx, fromId))?.username ?? '';
  await notify(trx, { userId: toId, kind: 'gift_received', data: { from, item, message: null }, at });
}
