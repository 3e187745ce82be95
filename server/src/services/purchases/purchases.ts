// Buying a shop item with credits (SPEC.md §5, §7): the rules, then the debit, the inventory entry
// and the ledger row in one transaction, so a purchase happens whole or not at all.
import {
  CREDITS_CATEGORY,
  catalogueMessages,
  discountedPrice,
  type InventoryEntry,
  type PurchaseResponse,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor, ShopItemRow } from '../../db/database.ts';
import { findPublicShopItem } from '../../db/repositories/catalogue.ts';
import { insertInventoryEntry, listInventoryEntries } from '../../db/repositories/inventory.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { authMessages, invalid, notFound, unauthorized } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { toInventoryEntryView, toShopItemView } from '../catalogue/catalogue-view.ts';
import { withItemImages } from '../catalogue/image-variants.ts';
import { tierExclusiveRefusal } from '../catalogue/tier-exclusive.ts';
import { tradeLockedUntil } from '../catalogue/trade-lock.ts';
import { debitWithLedger } from './credit-ledger.ts';

export const CREDIT_PURCHASE = 'credit_purchase';

/**
 * Why this item cannot be bought with credits by this user, or null when it can. The buyer is read
 * (in the purchase's transaction) only for a tier-exclusive item: every other purchase saves the
 * round trip, and the debit itself finds out whether the buyer still exists.
 */
async function checkCreditPurchase(trx: Executor, item: ShopItemRow, userId: string) {
  if (item.category === CREDITS_CATEGORY) return invalid(catalogueMessages.creditPackNotForCredits);
  if (Number(item.price_credits) <= 0) return invalid(catalogueMessages.notForCredits);
  if (!item.tier_exclusive_id) return null;
  const user = await findUserById(trx, userId);
  if (!user) return unauthorized(authMessages.signInRequired);
  return tierExclusiveRefusal(trx, item, user.current_tier_id);
}

export async function purchaseWithCredits(ctx: AppContext, userId: string, itemId: string): Promise<PurchaseResponse> {
  const now = ctx.clock();
  const nowIso = toIso(now);
  const result = await inTransaction(ctx.db, async (trx) => {
    const item = await findPublicShopItem(trx, itemId);
    if (!item) throw notFound(catalogueMessages.itemNotFound);
    const refusal = await checkCreditPurchase(trx, item, userId);
    if (refusal) throw refusal;

    const price = discountedPrice(Number(item.price_credits), Number(item.discount));
    const entryId = newId();
    const credits = await debitWithLedger(trx, {
      userId,
      amount: price,
      reason: CREDIT_PURCHASE,
      reference: entryId,
      now: nowIso,
    });
    if (credits === null) {
      // Too few credits, or the account was deleted since its session was checked.
      if (!(await findUserById(trx, userId))) throw unauthorized(authMessages.signInRequired);
      throw invalid(catalogueMessages.insufficientCredits);
    }

    const entry = {
      id: entryId,
      user_id: userId,
      shop_item_id: item.id,
      item_snapshot: JSON.stringify(toShopItemView(item)),
      quantity: 1,
      acquired_method: CREDIT_PURCHASE,
      delivered_to_game: 0 as const,
      delivered_at: null,
      mail_id: null,
      trade_locked_until: tradeLockedUntil(now, ctx.config.tradeLockMs),
      created_at: nowIso,
    };
    await insertInventoryEntry(trx, entry);
    return { credits, entry, price, itemName: item.name };
  });
  ctx.logger.info('shop.purchase', {
    userId,
    itemId,
    item: result.itemName,
    price: result.price,
    inventoryEntryId: result.entry.id,
    balance: result.credits,
  });
  return { credits: result.credits, inventoryEntry: toInventoryEntryView(result.entry, now) };
}

export async function listInventory(ctx: AppContext, userId: string): Promise<InventoryEntry[]> {
  const now = ctx.clock();
  const entries = (await listInventoryEntries(ctx.db, userId)).map((row) => toInventoryEntryView(row, now));
  // The pictures as they are in the library now, at sizes for srcset (the snapshot keeps only the URL).
  const items = await withItemImages(
    ctx.images,
    entries.map((entry) => entry.shopItem),
  );
  return entries.map((entry, index) => ({ ...entry, shopItem: items[index] as InventoryEntry['shopItem'] }));
}
