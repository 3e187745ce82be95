// A month of a supporter tier given as a gift (issue 20, "Buy as a gift"): paid once by card
// (POST /api/stripe/gift-tier, fulfilled in checkout-completion.ts), it gives the recipient the tier
// (and so its Discord role, through the role-sync job) for one calendar month. The scheduled
// tier_gifts.end task ends each gift once: the tier goes (and the role with it) unless the recipient
// holds a tier of their own by subscription, or another gift is still running (its tier stays).
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { findHoldingSubscription } from '../../db/repositories/subscriptions.ts';
import {
  endTierGift,
  findRunningTierGift,
  findTierGiftByOrder,
  insertTierGift,
  listDueTierGifts,
} from '../../db/repositories/tier-gifts.ts';
import { findUserById, lockUserCredits, updateUserTier } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { insertAudit } from '../admin/audit.ts';
import { enqueueRoleSync } from '../discord/roles.ts';
import { addMonths, type GiftTo, type TierRef } from '../payments/payment-records.ts';
import { tellGiftReceived } from './purchase-gifts.ts';

/** Who the audit log names for what the gift rules do by themselves. */
const TIER_GIFTS_ACTOR = 'system:tier-gifts';
/** Gifts ended per transaction batch of one run. */
const END_BATCH = 100;

export interface PaidTierGift {
  buyerId: string;
  giftTo: GiftTo;
  tier: TierRef;
  paymentId: string;
}

/**
 * Starts a paid gift, in the fulfilment's transaction: the gift's month from now, the tier given
 * (with its role) when the recipient holds none — one they got since the order was opened keeps them
 * as they are, and the gift still runs its month. A recipient deleted since is given nothing (the
 * payment stays for an admin to refund). Answers false then.
 */
export async function startTierGift(ctx: AppContext, trx: Executor, gift: PaidTierGift): Promise<boolean> {
  const now = ctx.clock();
  const nowIso = toIso(now);
  await lockUserCredits(trx, gift.giftTo.userId);
  const recipient = await findUserById(trx, gift.giftTo.userId);
  if (!recipient || recipient.deleted_at) {
    ctx.logger.error('tier_gifts.recipient_gone', { paymentId: gift.paymentId, recipientId: gift.giftTo.userId });
    return false;
  }
  const id = newId();
  await insertTierGift(trx, {
    id,
    buyerId: gift.buyerId,
    recipientId: recipient.id,
    tierId: gift.tier.tierId,
    orderRef: gift.paymentId,
    startsAt: nowIso,
    endsAt: toIso(addMonths(now, 1)),
  });
  if (!recipient.current_tier_id) {
    await updateUserTier(trx, recipient.id, gift.tier.tierId, nowIso);
    await enqueueRoleSync(trx, { userId: recipient.id }, nowIso);
  }
  await insertAudit(trx, ctx, gift.buyerId, {
    action: 'tier.gift',
    targetType: 'user',
    targetId: recipient.id,
    after: { giftId: id, tierId: gift.tier.tierId, paymentId: gift.paymentId, from: gift.buyerId },
  });
  await tellGiftReceived(
    trx,
    gift.buyerId,
    recipient.id,
    { name: `${gift.tier.name} tier (one month)`, quantity: 1 },
    now,
  );
  return true;
}

type TierGiftRow = Awaited<ReturnType<typeof listDueTierGifts>>[number];

/**
 * Ends one gift, once: the recipient's tier goes (and its role, through the role-sync job) when it is
 * the one this gift gave, unless a subscription of theirs or another running gift holds a tier. False
 * when it had already ended.
 */
async function endGift(trx: Executor, ctx: AppContext, gift: TierGiftRow, actor: string): Promise<boolean> {
  const nowIso = toIso(ctx.clock());
  if (!(await endTierGift(trx, gift.id, nowIso))) return false;
  await lockUserCredits(trx, gift.recipient_id);
  const user = await findUserById(trx, gift.recipient_id);
  // Only the tier this gift gave is taken away: one an admin set since, or a subscription's, stays.
  if (!user || user.current_tier_id !== gift.tier_id) return true;
  if (await findHoldingSubscription(trx, user.id)) return true;
  const other = await findRunningTierGift(trx, user.id, nowIso);
  const next = other?.tier_id ?? null;
  if (next !== user.current_tier_id) {
    await updateUserTier(trx, user.id, next, nowIso);
    await enqueueRoleSync(trx, { userId: user.id }, nowIso);
  }
  await insertAudit(trx, ctx, actor, {
    action: 'tier.gift_end',
    targetType: 'user',
    targetId: user.id,
    before: { tierId: gift.tier_id },
    after: { tierId: next, giftId: gift.id },
  });
  return true;
}

/**
 * A gift whose payment was refunded (or whose dispute was lost) ends now, in the reversal's
 * transaction: the month was given back, so the tier goes with it. False when the order paid for no
 * gift, or its gift had ended already.
 */
export async function endTierGiftOfOrder(ctx: AppContext, trx: Executor, paymentId: string, actor: string) {
  const gift = await findTierGiftByOrder(trx, paymentId);
  if (!gift) return false;
  return endGift(trx, ctx, gift, actor);
}

/** The schedule's tier_gifts.end: ends every gift whose month is over. Answers how many ended. */
export async function endDueTierGifts(ctx: AppContext): Promise<number> {
  let ended = 0;
  for (;;) {
    const due = await listDueTierGifts(ctx.db, toIso(ctx.clock()), END_BATCH);
    if (due.length === 0) return ended;
    for (const gift of due) {
      const done = await inTransaction(ctx.db, (trx) => endGift(trx, ctx, gift, TIER_GIFTS_ACTOR));
      if (done) ended += 1;
    }
    if (due.length < END_BATCH) break;
  }
  if (ended > 0) ctx.logger.info('tier_gifts.ended', { ended });
  return ended;
}
