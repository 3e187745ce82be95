// In-game mail from an administrator (SPEC.md §2 "Send Mail", §3 "Mail payload"): the mail is kept
// for its player, and every item it carries (shop items and custom items) becomes an inventory
// entry with method admin_mail, Pending until the game hands it over. All in one transaction.
import {
  adminMessages,
  adminUserMessages,
  DEFAULT_MAIL_SENDER,
  type Mail,
  type SendMailRequest,
  type ShopItem,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { NewInventoryEntry } from '../../db/database.ts';
import { findShopItemsByIds } from '../../db/repositories/catalogue.ts';
import { insertInventoryEntry } from '../../db/repositories/inventory.ts';
import { insertMail } from '../../db/repositories/mails.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { toShopItemView } from '../catalogue/catalogue-view.ts';
import { notify } from '../notifications/notify.ts';
import { adminTransaction } from './audit.ts';

export const ADMIN_MAIL = 'admin_mail';
/** The category a custom mailed item is filed under in the inventory: it is in no shop category. */
export const CUSTOM_ITEM_CATEGORY = 'custom';

/**
 * A custom item as an inventory entry shows it: a shop item that never was, handing over one of
 * itself per unit (the entry's quantity says how many, as for shop items).
 */
function customItemSnapshot(itemName: string): ShopItem {
  return {
    _id: `custom:${newId()}`,
    name: itemName,
    slug: '',
    description: '',
    imageUrl: null,
    category: CUSTOM_ITEM_CATEGORY,
    rarity: 'common',
    discount: 0,
    featured: false,
    priceCredits: 0,
    priceUSD: 0,
    creditAmount: 0,
    gameItems: [{ item_name: itemName, item_quantity: 1 }],
    tierExclusive: null,
    isActive: false,
    isTradeable: true,
    isGiftable: true,
  };
}

export async function sendMail(ctx: AppContext, adminId: string, input: SendMailRequest): Promise<Mail> {
  const now = toIso(ctx.clock());
  const mailId = newId();
  const senderName = input.senderName?.trim() || DEFAULT_MAIL_SENDER;
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    if (!(await findUserById(trx, input.userId))) throw notFound(adminUserMessages.userNotFound);
    const itemIds = input.itemIds ?? [];
    const found = new Map((await findShopItemsByIds(trx, [...new Set(itemIds)])).map((row) => [row.id, row]));
    if (itemIds.some((id) => !found.has(id))) throw notFound(adminMessages.itemNotFound);

    const entries: { shopItemId: string | null; snapshot: ShopItem; quantity: number }[] = [
      ...itemIds.map((id) => {
        const row = found.get(id) as NonNullable<ReturnType<typeof found.get>>;
        return { shopItemId: row.id, snapshot: toShopItemView(row), quantity: 1 };
      }),
      ...(input.customItems ?? []).map((custom) => ({
        shopItemId: null,
        snapshot: customItemSnapshot(custom.itemName.trim()),
        quantity: custom.quantity,
      })),
    ];
    const items = entries.map((entry) => ({ name: entry.snapshot.name, quantity: entry.quantity }));
    const mail: Mail = {
      _id: mailId,
      userId: input.userId,
      senderName,
      subject: input.subject.trim(),
      message: input.message.trim(),
      items,
      createdAt: now,
    };
    await insertMail(trx, {
      id: mailId,
      user_id: input.userId,
      sender_name: senderName,
      subject: mail.subject,
      message: mail.message,
      items: JSON.stringify(items),
      sent_by: adminId,
      created_at: now,
    });
    for (const entry of entries) {
      const row: NewInventoryEntry = {
        id: newId(),
        user_id: input.userId,
        shop_item_id: entry.shopItemId,
        item_snapshot: JSON.stringify(entry.snapshot),
        quantity: entry.quantity,
        acquired_method: ADMIN_MAIL,
        delivered_to_game: 0,
        delivered_at: null,
        // A gift from the crew is the player's to trade at once.
        trade_locked_until: null,
        created_at: now,
        mail_id: mailId,
      };
      await insertInventoryEntry(trx, row);
    }
    if (items.length > 0) {
      const data = { mailId, senderName, subject: mail.subject, items };
      await notify(trx, { userId: input.userId, kind: 'items_mailed', data, at: ctx.clock() });
    }
    await audit({ action: 'mail.send', targetType: 'mail', targetId: mailId, after: mail });
    return mail;
  });
}
