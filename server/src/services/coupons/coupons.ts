// Coupons (issue 22): the admins' codes (every change audited), the shop's check of a code against
// an item or a tier, and the redemption a purchase takes in its own transaction. The rules of what a
// code gives live here once: a fixed amount is read in the purchase's unit (credits off a credit
// purchase, cents off each unit paid by card), a percentage rounds to the nearest unit, and a price
// never goes below zero. A refunded card order gives its use back (payments/payment-reversals.ts).
import {
  type Coupon,
  type CouponChange,
  type CouponCheckRequest,
  type CouponCheckResponse,
  type CouponInput,
  CREDITS_CATEGORY,
  couponFieldProblem,
  couponMessages,
  discountedPrice,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { CouponRedemptionKind, CouponRow, Executor, ShopItemRow, TierRow } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { findPublicShopItem, findShopCategoryBySlug, findTierById } from '../../db/repositories/catalogue.ts';
import {
  countPlayerRedemptions,
  deleteCoupon,
  findCouponByCode,
  findCouponById,
  giveCouponUseBack,
  insertCoupon,
  insertRedemption,
  listCoupons,
  reclaimRedemption,
  releaseRedemption,
  takeCouponUse,
  updateCoupon,
} from '../../db/repositories/coupons.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { centsToUsd } from '../accounts/user-view.ts';
import { adminTransaction } from '../admin/audit.ts';
import { itemPricer } from '../catalogue/sales.ts';

type AppliesTo = { all: true } | { categoryIds: string[]; itemIds: string[]; tierIds: string[] };

function readAppliesTo(row: CouponRow): AppliesTo {
  return JSON.parse(row.applies_to) as AppliesTo;
}

export function toCouponView(row: CouponRow): Coupon {
  return {
    _id: row.id,
    code: row.code,
    percentOff: row.percent_off === null ? null : Number(row.percent_off),
    amountOff: row.amount_off === null ? null : Number(row.amount_off),
    appliesTo: readAppliesTo(row),
    minSpend: Number(row.min_spend),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    maxUsesPerPlayer: row.max_uses_per_player === null ? null : Number(row.max_uses_per_player),
    active: row.active === 1,
    uses: Number(row.uses),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const normalizeTime = (text: string | null): string | null => (text === null ? null : new Date(text).toISOString());

function normalizeTargets(
  appliesTo: { all: true } | { categoryIds?: string[]; itemIds?: string[]; tierIds?: string[] },
): AppliesTo {
  if ('all' in appliesTo) return { all: true };
  const unique = (ids: string[] = []) => [...new Set(ids)];
  return {
    categoryIds: unique(appliesTo.categoryIds),
    itemIds: unique(appliesTo.itemIds),
    tierIds: unique(appliesTo.tierIds),
  };
}

// ---- The rules ---------------------------------------------------------------------------------

/** What a code is asked to reach: an item (its category's slug) or a tier. */
export type CouponTarget = { kind: 'item'; item: ShopItemRow } | { kind: 'tier'; tier: TierRow };

/** Why the code cannot be used at this moment at all, or null. */
function timeRefusal(coupon: CouponRow, now: Date): string | null {
  if (coupon.active !== 1) return couponMessages.inactive;
  if (coupon.starts_at && now.getTime() < Date.parse(coupon.starts_at)) return couponMessages.notStarted;
  if (coupon.ends_at && now.getTime() >= Date.parse(coupon.ends_at)) return couponMessages.expired;
  if (coupon.max_uses !== null && Number(coupon.uses) >= Number(coupon.max_uses)) return couponMessages.usedUp;
  return null;
}

export async function reaches(db: Executor, coupon: CouponRow, target: CouponTarget): Promise<boolean> {
  const appliesTo = readAppliesTo(coupon);
  if ('all' in appliesTo) return true;
  if (target.kind === 'tier') return appliesTo.tierIds.includes(target.tier.id);
  if (appliesTo.itemIds.includes(target.item.id)) return true;
  if (appliesTo.categoryIds.length === 0) return false;
  const category = await findShopCategoryBySlug(db, target.item.category);
  return category !== undefined && appliesTo.categoryIds.includes(category.id);
}

/** One unit's price after the code, in the unit of the price (credits or cents); never below zero. */
export function priceAfterCoupon(coupon: Pick<CouponRow, 'percent_off' | 'amount_off'>, price: number): number {
  if (coupon.percent_off !== null) return discountedPrice(price, Number(coupon.percent_off));
  return Math.max(0, price - Number(coupon.amount_off));
}

/**
 * The coupon named by `code` when it can be used now on this target, else the refusal (400) saying
 * why. Counts are read here for the answer; the purchase takes its use in redeemCoupon, which checks
 * them again under the coupon's lock.
 */
export async function usableCoupon(
  db: Executor,
  code: string,
  userId: string,
  target: CouponTarget,
  now: Date,
): Promise<CouponRow> {
  const coupon = await openCoupon(db, code, userId, now);
  if (!(await reaches(db, coupon, target))) throw invalid(couponMessages.notApplicable);
  return coupon;
}

/** The coupon when it can be used now by this player on something (what it reaches is the caller's). */
export async function openCoupon(db: Executor, code: string, userId: string, now: Date): Promise<CouponRow> {
  const coupon = await findCouponByCode(db, code);
  if (!coupon) throw invalid(couponMessages.unknown);
  const refusal = timeRefusal(coupon, now);
  if (refusal) throw invalid(refusal);
  if (
    coupon.max_uses_per_player !== null &&
    (await countPlayerRedemptions(db, coupon.id, userId)) >= Number(coupon.max_uses_per_player)
  ) {
    throw invalid(couponMessages.usedByYou);
  }
  return coupon;
}

/** The minimum spend, in the purchase's unit: refused (400) when `spend` (before the code) is below it. */
export function requireMinimumSpend(coupon: CouponRow, spend: number, unit: 'credits' | 'cents'): void {
  const minimum = Number(coupon.min_spend);
  if (spend >= minimum) return;
  throw invalid(unit === 'credits' ? couponMessages.minSpendCredits(minimum) : couponMessages.minSpendUsd(minimum));
}

export interface Redemption {
  couponId: string;
  code: string;
  userId: string;
  kind: CouponRedemptionKind;
  /** The inventory entry of a credit purchase, or the card order's payment id. */
  reference: string;
  discount: number;
  now: string;
}

/**
 * Takes one use of the coupon for this purchase, in the purchase's transaction: the total first (a
 * conditional update that also locks the coupon's row), then the player's own count, which that lock
 * makes exact. Refused (400) when either limit is reached; the transaction then changes nothing.
 */
export async function redeemCoupon(trx: Executor, coupon: CouponRow, redemption: Redemption): Promise<void> {
  if (!(await takeCouponUse(trx, coupon.id))) throw invalid(couponMessages.usedUp);
  if (
    coupon.max_uses_per_player !== null &&
    (await countPlayerRedemptions(trx, coupon.id, redemption.userId)) >= Number(coupon.max_uses_per_player)
  ) {
    throw invalid(couponMessages.usedByYou);
  }
  await insertRedemption(trx, {
    id: newId(),
    coupon_id: redemption.couponId,
    code: redemption.code,
    user_id: redemption.userId,
    kind: redemption.kind,
    reference: redemption.reference,
    discount: redemption.discount,
    created_at: redemption.now,
    released_at: null,
  });
}

/** Gives back the use a refunded (or never paid) order took, once; nothing when it took none. */
export async function releaseCouponOf(trx: Executor, reference: string, now: string): Promise<boolean> {
  const released = await releaseRedemption(trx, reference, now);
  if (!released) return false;
  await giveCouponUseBack(trx, released.coupon_id);
  return true;
}

/** An order that gave its use back (cancelled, expired) and was paid after all takes it again. */
export async function reclaimCouponOf(trx: Executor, reference: string): Promise<void> {
  await reclaimRedemption(trx, reference);
}

// ---- The shop's check --------------------------------------------------------------------------

/** POST /api/shop/coupons/check: the prices after the code, or why it does not apply. */
export async function checkCoupon(
  ctx: AppContext,
  userId: string,
  request: CouponCheckRequest,
): Promise<CouponCheckResponse> {
  const now = ctx.clock();
  let target: CouponTarget;
  if (request.itemId) {
    const item = await findPublicShopItem(ctx.db, request.itemId);
    if (!item) throw notFound(couponMessages.notApplicable);
    target = { kind: 'item', item };
  } else {
    const tier = await findTierById(ctx.db, request.tierId ?? '');
    if (tier?.is_active !== 1) throw notFound(couponMessages.notApplicable);
    target = { kind: 'tier', tier };
  }
  const coupon = await usableCoupon(ctx.db, request.code, userId, target, now);

  let credits: CouponCheckResponse['credits'] = null;
  let cents: { before: number; after: number } | null = null;
  if (target.kind === 'item') {
    const item = target.item;
    // The price the shop charges now: the item's own discount or a running sale, the better (sales.ts).
    const priceOf = await itemPricer(ctx.db, now);
    const creditPrice = priceOf(item, 'credits');
    if (item.category !== CREDITS_CATEGORY && creditPrice > 0 && creditPrice >= Number(coupon.min_spend)) {
      credits = { before: creditPrice, after: priceAfterCoupon(coupon, creditPrice) };
    }
    const centPrice = priceOf(item, 'cents');
    if (centPrice > 0 && centPrice >= Number(coupon.min_spend)) {
      cents = { before: centPrice, after: priceAfterCoupon(coupon, centPrice) };
    }
    if (!credits && !cents) {
      // Sold some way, but below the minimum spend either way: say what it needs.
      if (creditPrice > 0 && item.category !== CREDITS_CATEGORY) requireMinimumSpend(coupon, creditPrice, 'credits');
      if (centPrice > 0) requireMinimumSpend(coupon, centPrice, 'cents');
      throw invalid(couponMessages.notApplicable);
    }
  } else {
    const price = Number(target.tier.price_cents);
    requireMinimumSpend(coupon, price, 'cents');
    cents = { before: price, after: priceAfterCoupon(coupon, price) };
  }
  return {
    code: coupon.code,
    credits,
    usd: cents ? { before: centsToUsd(cents.before), after: centsToUsd(cents.after) } : null,
  };
}

// ---- The admins' codes -------------------------------------------------------------------------

export async function listCouponsForAdmin(ctx: AppContext): Promise<Coupon[]> {
  return (await listCoupons(ctx.db)).map(toCouponView);
}

function refuseTakenCode(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(couponMessages.codeTaken);
  throw error;
}

export async function createCoupon(ctx: AppContext, adminId: string, input: CouponInput): Promise<Coupon> {
  const nowIso = toIso(ctx.clock());
  const code = input.code.trim();
  const row: Omit<CouponRow, 'uses'> = {
    id: newId(),
    code,
    code_key: code.toLowerCase(),
    percent_off: input.percentOff ?? null,
    amount_off: input.amountOff ?? null,
    applies_to: JSON.stringify(normalizeTargets(input.appliesTo ?? { all: true })),
    min_spend: input.minSpend ?? 0,
    starts_at: normalizeTime(input.startsAt ?? null),
    ends_at: normalizeTime(input.endsAt ?? null),
    max_uses: input.maxUses ?? null,
    max_uses_per_player: input.maxUsesPerPlayer ?? null,
    active: input.active === false ? 0 : 1,
    created_at: nowIso,
    updated_at: nowIso,
  };
  try {
    return await adminTransaction(ctx, adminId, async (trx, audit) => {
      if (await findCouponByCode(trx, code)) throw conflict(couponMessages.codeTaken);
      await insertCoupon(trx, row);
      const created = toCouponView({ ...row, uses: 0 });
      await audit({ action: 'coupon.create', targetType: 'coupon', targetId: row.id, after: created });
      return created;
    });
  } catch (error) {
    return refuseTakenCode(error);
  }
}

export async function changeCoupon(
  ctx: AppContext,
  adminId: string,
  id: string,
  change: CouponChange,
): Promise<Coupon> {
  const nowIso = toIso(ctx.clock());
  try {
    return await adminTransaction(ctx, adminId, async (trx, audit) => {
      const current = await findCouponById(trx, id);
      if (!current) throw notFound(couponMessages.notFound);
      const before = toCouponView(current);
      const merged = {
        percentOff: change.percentOff !== undefined ? change.percentOff : before.percentOff,
        amountOff: change.amountOff !== undefined ? change.amountOff : before.amountOff,
        startsAt: change.startsAt !== undefined ? normalizeTime(change.startsAt) : before.startsAt,
        endsAt: change.endsAt !== undefined ? normalizeTime(change.endsAt) : before.endsAt,
        maxUses: change.maxUses !== undefined ? change.maxUses : before.maxUses,
        maxUsesPerPlayer: change.maxUsesPerPlayer !== undefined ? change.maxUsesPerPlayer : before.maxUsesPerPlayer,
      };
      // Setting one kind of discount clears the other, so switching kinds is one change.
      if (change.percentOff != null && change.amountOff === undefined) merged.amountOff = null;
      if (change.amountOff != null && change.percentOff === undefined) merged.percentOff = null;
      const problem = couponFieldProblem(merged);
      if (problem) throw invalid(problem.message);
      const code = change.code?.trim();
      if (code && code.toLowerCase() !== current.code_key) {
        if (await findCouponByCode(trx, code)) throw conflict(couponMessages.codeTaken);
      }
      await updateCoupon(trx, id, {
        ...(code ? { code, code_key: code.toLowerCase() } : {}),
        percent_off: merged.percentOff,
        amount_off: merged.amountOff,
        ...(change.appliesTo ? { applies_to: JSON.stringify(normalizeTargets(change.appliesTo)) } : {}),
        ...(change.minSpend !== undefined ? { min_spend: change.minSpend } : {}),
        starts_at: merged.startsAt,
        ends_at: merged.endsAt,
        max_uses: merged.maxUses,
        max_uses_per_player: merged.maxUsesPerPlayer,
        ...(change.active !== undefined ? { active: change.active ? 1 : 0 } : {}),
        updated_at: nowIso,
      });
      const after = toCouponView((await findCouponById(trx, id)) as CouponRow);
      await audit({ action: 'coupon.update', targetType: 'coupon', targetId: id, before, after });
      return after;
    });
  } catch (error) {
    return refuseTakenCode(error);
  }
}

/** Deletes a code: no more uses; the redemptions made keep its code (orders still name it). */
export async function removeCoupon(ctx: AppContext, adminId: string, id: string): Promise<Coupon> {
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const current = await findCouponById(trx, id);
    if (!current) throw notFound(couponMessages.notFound);
    await deleteCoupon(trx, id);
    const before = toCouponView(current);
    await audit({ action: 'coupon.delete', targetType: 'coupon', targetId: id, before });
    return before;
  });
}
