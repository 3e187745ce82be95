// Buying a shop item with credits (SPEC.md §5, §7): the rules, then the debit, the inventory entry,
// the ledger row and the purchase's record (credit_purchases, the player's Purchases page) in one
// transaction, so a purchase happens whole or not at all.
import {
  CREDITS_CATEGORY,
  catalogueMessages,
  type InventoryEntry,
  type InventoryResponse,
  type PageQueryInput,
  type PurchaseResponse,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor, ShopItemRow } from '../../db/database.ts';
import { insertInventoryEntry, listInventoryEntries } from '../../db/repositories/inventory.ts';
import { insertCreditPurchase } from '../../db/repositories/purchases.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { authMessages, invalid, notFound, unauthorized } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { newestFirstAnswer, newestFirstRequest } from '../../lib/page-cursor.ts';
import { toInventoryEntryView, toShopItemView } from '../catalogue/catalogue-view.ts';
import { withItemImages } from '../catalogue/image-variants.ts';
import { findItemWithPrice } from '../catalogue/sales.ts';
import { tierExclusiveRefusal } from '../catalogue/tier-exclusive.ts';
import { tradeLockedUntil } from '../catalogue/trade-lock.ts';
import { priceAfterCoupon, redeemCoupon, requireMinimumSpend, usableCoupon } from '../coupons/coupons.ts';
import {
  deliverBoughtGift,
  findGiftRecipient,
  type GiftRecipient,
  refuseGiftOfExclusiveItem,
} from '../economy/purchase-gifts.ts';
import { debitWithLedger } from './credit-ledger.ts';

export const CREDIT_PURCHASE = 'credit_purchase';

/**
 * Why this item cannot be bought with credits by this user, or null when it can. The buyer is read
 * (in the purchase's transaction) only for a tier-exclusive item: every other purchase saves the
 * round trip, and the debit itself finds out whether the buyer still exists.
 */
async function checkCreditPurchase(trx: Executor, item: ShopItemRow, userId: string, recipient: GiftRecipient | null) {
  if (item.category === CREDITS_CATEGORY) return invalid(catalogueMessages.creditPackNotForCredits);
  if (Number(item.price_credits) <= 0) return invalid(catalogueMessages.notForCredits);
  if (!item.tier_exclusive_id) return null;
  // For a friend, the one who will own it must hold the tier.
  if (recipient) return refuseGiftOfExclusiveItem(trx, item, recipient).then(() => null);
  const user = await findUserById(trx, userId);
  if (!user) return unauthorized(authMessages.signInRequired);
  return tierExclusiveRefusal(trx, item, user.current_tier_id);
}

/**
 * Buys one item with credits, for the buyer or, with `giftTo`, for a friend (economy/purchase-gifts.ts):
 * every refusal, the recipient's among them, comes before the debit.
 */
export async function purchaseWithCredits(
  ctx: AppContext,
  userId: string,
  itemId: string,
  giftTo?: string,
  couponCode?: string,
): Promise<PurchaseResponse> {
  const now = ctx.clock();
  const nowIso = toIso(now);
  const result = await inTransaction(ctx.db, async (trx) => {
    const found = await findItemWithPrice(trx, itemId, now, 'credits');
    if (!found) throw notFound(catalogueMessages.itemNotFound);
    const { item, price: listed } = found;
    const recipient = giftTo ? await findGiftRecipient(trx, userId, giftTo) : null;
    const refusal = await checkCreditPurchase(trx, item, userId, recipient);
    if (refusal) throw refusal;

    const entryId = newId();
    let price = listed;
    if (couponCode) {
      // The code's use is taken before the debit: a refused debit rolls it back with everything else.
      const coupon = await usableCoupon(trx, couponCode, userId, { kind: 'item', item }, now);
      requireMinimumSpend(coupon, listed, 'credits');
      price = priceAfterCoupon(coupon, listed);
      await redeemCoupon(trx, coupon, {
        couponId: coupon.id,
        code: coupon.code,
        userId,
        kind: 'credit_purchase',
        reference: entryId,
        discount: listed - price,
        now: nowIso,
      });
    }
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

    await insertCreditPurchase(trx, {
      id: entryId,
      user_id: userId,
      item_id: item.id,
      item_name: item.name,
      quantity: 1,
      price_credits: price,
      recipient_id: recipient?.id ?? null,
      created_at: nowIso,
    });

    if (recipient) {
      const bought = {
        id: entryId,
        shop_item_id: item.id,
        item_snapshot: JSON.stringify(toShopItemView(item)),
        quantity: 1,
        delivered_to_game: 0 as const,
        delivered_at: null,
        mail_id: null,
        created_at: nowIso,
      };
      const gift = await deliverBoughtGift(ctx, trx, {
        buyerId: userId,
        recipientId: recipient.id,
        entry: bought,
        itemName: item.name,
        reference: entryId,
      });
      const entry = {
        ...bought,
        user_id: recipient.id,
        acquired_method: 'gift',
        trade_locked_until: gift.entry.trade_locked_until ?? null,
        kept_on_site: gift.keptOnSite ? (1 as const) : (0 as const),
      };
      return {
        credits,
        entry,
        price,
        itemName: item.name,
        gift: { recipient: recipient.username, transferId: gift.transferId },
      };
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
    const { keptOnSite } = await insertInventoryEntry(trx, entry);
    return {
      credits,
      entry: { ...entry, kept_on_site: keptOnSite ? (1 as const) : (0 as const) },
      price,
      itemName: item.name,
      gift: undefined,
    };
  });
  ctx.logger.info('shop.purchase', {
    userId,
    itemId,
    item: result.itemName,
    price: result.price,
    inventoryEntryId: result.entry.id,
    balance: result.credits,
    giftTo: result.gift?.recipient,
    coupon: couponCode,
  });
  return {
    credits: result.credits,
    inventoryEntry: toInventoryEntryView(result.entry, now),
    ...(result.gift ? { gift: result.gift } : {}),
  };
}

const INVENTORY_LIST = 'inventory';

/**
 * What the player holds, newest first: every entry when `query` asks for no page (as SPEC.md's call
 * answers), else one page of `limit` entries (DEFAULT_PAGE_SIZE when only a cursor is given) and the
 * cursor of the next; nextCursor is null on the last page and on the whole list.
 */
export async function listInventory(
  ctx: AppContext,
  userId: string,
  query: PageQueryInput = {},
): Promise<InventoryResponse> {
  const now = ctx.clock();
  let rows: Awaited<ReturnType<typeof listInventoryEntries>>;
  let nextCursor: string | null = null;
  if (query.limit === undefined && query.cursor === undefined) {
    rows = await listInventoryEntries(ctx.db, userId);
  } else {
    const request = newestFirstRequest(query, INVENTORY_LIST);
    ({ rows, nextCursor } = newestFirstAnswer(
      await listInventoryEntries(ctx.db, userId, request),
      request,
      INVENTORY_LIST,
    ));
  }
  const entries = rows.map((row) => toInventoryEntryView(row, now));
  // The pictures as they are in the library now, at sizes for srcset (the snapshot keeps only the URL).
  const items = await withItemImages(
    ctx.images,
    entries.map((entry) => entry.shopItem),
  );
  return {
    inventory: entries.map((entry, index) => ({ ...entry, shopItem: items[index] as InventoryEntry['shopItem'] })),
    nextCursor,
  };
}
