// Tier-exclusive items: only a player holding the item's tier may buy it, with credits or by card.
import { catalogueMessages } from '@starport/api-client/contract';
import type { Executor, ShopItemRow } from '../../db/database.ts';
import { findTierById } from '../../db/repositories/catalogue.ts';
import { type AppError, forbidden } from '../../errors.ts';

/**
 * The refusal (403, naming the tier) when the item is exclusive to a tier the buyer does not hold, or
 * null when they may buy it. The tier is read only for that refusal.
 */
export async function tierExclusiveRefusal(
  db: Executor,
  item: Pick<ShopItemRow, 'tier_exclusive_id'>,
  buyerTierId: string | null,
): Promise<AppError | null> {
  if (!item.tier_exclusive_id || item.tier_exclusive_id === buyerTierId) return null;
  const tier = await findTierById(db, item.tier_exclusive_id);
  return forbidden(catalogueMessages.tierExclusive(tier?.name ?? 'required'));
}
