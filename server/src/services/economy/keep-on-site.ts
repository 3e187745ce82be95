// Keep on site / Send to game (issue 20): a kept entry is skipped by the game's delivery queue until
// its owner sends it. An entry a game server is receiving right now cannot be kept (its lease runs
// out within a minute, and then it can); one already in the game has nothing to keep.
import { economyMessages, type InventoryEntry } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { findEntryWithSender, setEntryKeptOnSite } from '../../db/repositories/inventory.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { toInventoryEntryView } from '../catalogue/catalogue-view.ts';
import { moveFactsOf } from './item-moves.ts';

export async function setKeepOnSite(
  ctx: AppContext,
  userId: string,
  entryId: string,
  keep: boolean,
): Promise<InventoryEntry> {
  const now = ctx.clock();
  const row = await inTransaction(ctx.db, async (trx) => {
    const before = await findEntryWithSender(trx, entryId);
    if (!before || before.user_id !== userId) throw notFound(economyMessages.entryNotFound);
    const facts = moveFactsOf(before, now);
    // Sending what is already on its way or in the game changes nothing.
    if (!keep && before.kept_on_site === 0) return before;
    if (facts.revoked) throw conflict(economyMessages.revoked);
    if (facts.location === 'in_game') throw conflict(economyMessages.inGame);
    if (facts.leased) throw conflict(economyMessages.leased);
    // The UPDATE checks again: a lease or a delivery committed meanwhile wins over it.
    if (!(await setEntryKeptOnSite(trx, { id: entryId, userId, keep, now: toIso(now) }))) {
      throw conflict(economyMessages.leased);
    }
    return (await findEntryWithSender(trx, entryId)) ?? before;
  });
  ctx.logger.info(keep ? 'items.kept_on_site' : 'items.sent_to_game', { userId, entryId });
  return toInventoryEntryView(row, now);
}
