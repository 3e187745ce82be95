// Gifts from the inventory (issue 20): a player sends some or all of an entry to another player,
// with an optional message. The recipient must exist (not deleted) and not be the sender; every
// rule on the entry is moveItems's, in the same transaction.

import type { giftRequestSchema } from '@starport/api-client/contract';
import { economyMessages, type GiftResponse } from '@starport/api-client/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { findEntryWithSender } from '../../db/repositories/inventory.ts';
import { findActivePlayerByUsername } from '../../db/repositories/players.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { normalizeUsername } from '../accounts/normalize.ts';
import { toInventoryEntryView } from '../catalogue/catalogue-view.ts';
import { notify } from '../notifications/notify.ts';
import { moveItems } from './item-moves.ts';

export type GiftInput = z.output<typeof giftRequestSchema>;

export async function giftEntry(
  ctx: AppContext,
  senderId: string,
  entryId: string,
  input: GiftInput,
): Promise<GiftResponse> {
  const result = await inTransaction(ctx.db, async (trx) => {
    const recipient = await findActivePlayerByUsername(trx, normalizeUsername(input.recipient));
    if (!recipient) throw notFound(economyMessages.recipientNotFound);
    if (recipient.id === senderId) throw invalid(economyMessages.selfGift);
    const moved = await moveItems(ctx, trx, {
      kind: 'gift',
      from: senderId,
      to: recipient.id,
      lines: [{ entryId, quantity: input.quantity }],
      message: input.message,
    });
    const line = moved.lines[0];
    if (line) {
      const sender = (await findUserById(trx, senderId))?.username ?? '';
      await notify(trx, {
        userId: recipient.id,
        kind: 'gift_received',
        data: { from: sender, item: { name: line.itemName, quantity: line.quantity }, message: input.message || null },
        at: ctx.clock(),
      });
    }
    const left = line && line.remaining > 0 ? await findEntryWithSender(trx, entryId) : undefined;
    return { moved, recipient, left };
  });
  const now = ctx.clock();
  ctx.logger.info('items.gift', {
    senderId,
    recipientId: result.recipient.id,
    entryId,
    quantity: input.quantity,
    transferId: result.moved.transferId,
  });
  return {
    entry: result.left ? toInventoryEntryView(result.left, now) : null,
    gift: {
      _id: result.moved.transferId,
      recipient: result.recipient.username,
      quantity: input.quantity,
      createdAt: toIso(now),
    },
  };
}
