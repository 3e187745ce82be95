// Data access for coupons and their redemptions. Taking a use is one conditional update of the
// coupon's row (never past max_uses), which also serialises the redemptions of one coupon: on
// PostgreSQL the row stays locked until the purchase's transaction ends, and SQLite writes one at a time.
import type { Updateable } from 'kysely';
import type { CouponRedemptionRow, CouponRow, CouponsTable, Executor } from '../database.ts';

export async function listCoupons(db: Executor): Promise<CouponRow[]> {
  return db.selectFrom('coupons').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function findCouponById(db: Executor, id: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By its code, whatever its case. */
export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code_key', '=', code.toLowerCase()).executeTakeFirst();
}

export async function insertCoupon(db: Executor, coupon: Omit<CouponRow, 'uses'>): Promise<void> {
  await db.insertInto('coupons').values(coupon).execute();
}

export async function updateCoupon(db: Executor, id: string, changes: Updateable<CouponsTable>): Promise<void> {
  await db.updateTable('coupons').set(changes).where('id', '=', id).execute();
}

export async function deleteCoupon(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('coupons').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Takes one use of the coupon if it has one left: true when taken. The row it updates stays locked
 * (PostgreSQL) until the transaction ends, so the caller's per-player count that follows sees every
 * other redemption of this coupon that committed before it.
 */
export async function takeCouponUse(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function giveCouponUseBack(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('coupons')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', id)
    .where('uses', '>', 0)
    .execute();
}

/** The player's uses of the coupon that were not given back. */
export async function countPlayerRedemptions(db: Executor, couponId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .where('released_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertRedemption(db: Executor, redemption: CouponRedemptionRow): Promise<void> {
  await db.insertInto('coupon_redemptions').values(redemption).execute();
}

/** Marks the redemption of what `reference` names as given back: the redemption when it was still held. */
export async function releaseRedemption(
  db: Executor,
  reference: string,
  now: string,
): Promise<CouponRedemptionRow | undefined> {
  const found = await db
    .selectFrom('coupon_redemptions')
    .selectAll()
    .where('reference', '=', reference)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  if (!found) return undefined;
  const result = await db
    .updateTable('coupon_redemptions')
    .set({ released_at: now })
    .where('id', '=', found.id)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? found : undefined;
}

/** The codes and discounts of the coupons these purchases used, by what they paid for (a page's worth). */
export async function findRedemptionsByReferences(
  db: Executor,
  references: readonly string[],
): Promise<Map<string, { code: string; discount: number }>> {
  if (references.length === 0) return new Map();
  const rows = await db
    .selectFrom('coupon_redemptions')
    .select(['reference', 'code', 'discount'])
    .where('reference', 'in', references)
    .execute();
  return new Map(rows.map((row) => [row.reference, { code: row.code, discount: Number(row.discount) }]));
}

export async function findRedemptionByReference(
  db: Executor,
  reference: string,
): Promise<CouponRedemptionRow | undefined> {
  return db.selectFrom('coupon_redemptions').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/**
 * Takes back a use given back (an order cancelled or expired, then paid after all): the player paid
 * the discounted price, so the use counts again even past the limit. The redemption when it moved.
 */
export async function reclaimRedemption(db: Executor, reference: string): Promise<CouponRedemptionRow | undefined> {
  const found = await db
    .selectFrom('coupon_redemptions')
    .selectAll()
    .where('reference', '=', reference)
    .where('released_at', 'is not', null)
    .executeTakeFirst();
  if (!found) return undefined;
  const result = await db
    .updateTable('coupon_redemptions')
    .set({ released_at: null })
    .where('id', '=', found.id)
    .where('released_at', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  await db
    .updateTable('coupons')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', found.coupon_id)
    .execute();
  return found;
}
