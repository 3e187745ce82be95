// Coupons (issue 22): codes an admin defines, percent or a fixed amount off, for everything or for
// chosen categories, items or tiers; checked before paying and taken (one use) with the purchase.
// A fixed amount is read in the purchase's own unit: credits off a credit purchase, cents off each
// card-paid unit. The minimum spend is read the same way (credits, or cents before the code).
import { z } from 'zod';
import { MAX_BALANCE } from './limits.ts';

/** Codes are short words: letters, digits, dashes and underscores, compared without case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const MAX_COUPON_USES = 1_000_000;
/** Cents or credits: the larger of the two units' useful ranges. */
export const MAX_COUPON_AMOUNT = MAX_BALANCE;
export const MAX_COUPON_TARGETS = 100;

export const couponMessages = {
  codeRequired: 'Enter a coupon code',
  codeInvalid: 'A code is 3 to 32 letters, digits, dashes or underscores',
  oneKind: 'Give either a percent off or an amount off, not both',
  kindRequired: 'Give a percent off or an amount off',
  percentRange: 'Percent off must be a whole number from 1 to 100',
  amountRange: 'Amount off must be a whole number of at least 1',
  minSpendRange: 'Minimum spend must be a whole number of at least 0',
  usesRange: `Uses must be a whole number from 1 to ${MAX_COUPON_USES}`,
  dateInvalid: 'Dates must be ISO 8601 date-times',
  endsBeforeStart: 'The end must come after the start',
  targetsRequired: 'Choose at least one category, item or tier, or apply the code to everything',
  tooManyTargets: `At most ${MAX_COUPON_TARGETS} categories, items or tiers`,
  perPlayerOverTotal: 'Uses per player cannot be more than the total uses',
  codeTaken: 'A coupon with this code already exists',
  notFound: 'Coupon not found',
  itemOrTier: 'Give an itemId or a tierId, not both',
  // Why a code does not apply (the check, and every purchase that names one).
  unknown: 'This code does not exist',
  inactive: 'This code is not active',
  notStarted: 'This code is not valid yet',
  expired: 'This code has expired',
  usedUp: 'This code has been used up',
  usedByYou: 'You have already used this code as many times as it allows',
  notApplicable: 'This code does not apply to this item',
  minSpendCredits: (credits: number) => `This code needs a purchase of at least ${credits} credits`,
  minSpendUsd: (cents: number) => `This code needs a purchase of at least $${(cents / 100).toFixed(2)}`,
} as const;

export const couponCodeSchema = z
  .string({ error: couponMessages.codeRequired })
  .trim()
  .min(1, couponMessages.codeRequired)
  .regex(COUPON_CODE_PATTERN, couponMessages.codeInvalid);

/** The `coupon` a purchase, checkout or subscribe may carry; empty means none. */
export const couponFieldSchema = z
  .string({ error: couponMessages.codeInvalid })
  .trim()
  .max(32, couponMessages.codeInvalid)
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(couponCodeSchema.optional());

const idList = z.array(z.string().trim().min(1).max(100)).max(MAX_COUPON_TARGETS, couponMessages.tooManyTargets);

export const couponAppliesToSchema = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z
    .object({
      categoryIds: idList.default([]),
      itemIds: idList.default([]),
      tierIds: idList.default([]),
    })
    .strict()
    .refine((t) => t.categoryIds.length + t.itemIds.length + t.tierIds.length > 0, {
      message: couponMessages.targetsRequired,
    }),
]);
export type CouponAppliesTo = z.infer<typeof couponAppliesToSchema>;

const dateTime = z.iso.datetime({ offset: true, error: couponMessages.dateInvalid });
const uses = z
  .number({ error: couponMessages.usesRange })
  .int(couponMessages.usesRange)
  .min(1, couponMessages.usesRange)
  .max(MAX_COUPON_USES, couponMessages.usesRange);

const couponFields = {
  code: couponCodeSchema,
  percentOff: z
    .number({ error: couponMessages.percentRange })
    .int(couponMessages.percentRange)
    .min(1, couponMessages.percentRange)
    .max(100, couponMessages.percentRange)
    .nullable(),
  amountOff: z
    .number({ error: couponMessages.amountRange })
    .int(couponMessages.amountRange)
    .min(1, couponMessages.amountRange)
    .max(MAX_COUPON_AMOUNT, couponMessages.amountRange)
    .nullable(),
  appliesTo: couponAppliesToSchema,
  minSpend: z
    .number({ error: couponMessages.minSpendRange })
    .int(couponMessages.minSpendRange)
    .min(0, couponMessages.minSpendRange)
    .max(MAX_COUPON_AMOUNT, couponMessages.minSpendRange),
  startsAt: dateTime.nullable(),
  endsAt: dateTime.nullable(),
  maxUses: uses.nullable(),
  maxUsesPerPlayer: uses.nullable(),
  active: z.boolean(),
};

/** Rules across fields, for a whole coupon (a change is checked merged with what it changes): the field it is about. */
export function couponFieldProblem(c: {
  percentOff: number | null;
  amountOff: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerPlayer: number | null;
}): { message: string; path: string } | null {
  if (c.percentOff !== null && c.amountOff !== null) return { message: couponMessages.oneKind, path: 'amountOff' };
  if (c.percentOff === null && c.amountOff === null)
    return { message: couponMessages.kindRequired, path: 'percentOff' };
  if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt)) {
    return { message: couponMessages.endsBeforeStart, path: 'endsAt' };
  }
  if (c.maxUses !== null && c.maxUsesPerPlayer !== null && c.maxUsesPerPlayer > c.maxUses) {
    return { message: couponMessages.perPlayerOverTotal, path: 'maxUsesPerPlayer' };
  }
  return null;
}

/** POST /api/admin/coupons. */
export const couponInputSchema = z
  .object({
    ...couponFields,
    percentOff: couponFields.percentOff.default(null),
    amountOff: couponFields.amountOff.default(null),
    appliesTo: couponAppliesToSchema.default({ all: true }),
    minSpend: couponFields.minSpend.default(0),
    startsAt: couponFields.startsAt.default(null),
    endsAt: couponFields.endsAt.default(null),
    maxUses: couponFields.maxUses.default(null),
    maxUsesPerPlayer: couponFields.maxUsesPerPlayer.default(null),
    active: couponFields.active.default(true),
  })
  .superRefine((c, ctx) => {
    const problem = couponFieldProblem(c);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  });
export type CouponInput = z.input<typeof couponInputSchema>;

/** PATCH /api/admin/coupons/{id}: any of the fields. */
export const couponChangeSchema = z.object(couponFields).partial();
export type CouponChange = z.input<typeof couponChangeSchema>;

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  /** Credits off a credit purchase; cents off each unit paid by card. */
  amountOff: z.number().int().nullable(),
  appliesTo: z.union([
    z.object({ all: z.literal(true) }),
    z.object({ categoryIds: z.array(z.string()), itemIds: z.array(z.string()), tierIds: z.array(z.string()) }),
  ]),
  /** Credits for a credit purchase, cents for a card payment (before the code). */
  minSpend: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerPlayer: z.number().int().nullable(),
  active: z.boolean(),
  /** Uses taken and not given back (a refunded order gives its use back). */
  uses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponResponseSchema = z.object({ coupon: couponSchema });
export type CouponResponse = z.infer<typeof couponResponseSchema>;
export const couponListResponseSchema = z.object({ coupons: z.array(couponSchema) });
export type CouponListResponse = z.infer<typeof couponListResponseSchema>;

/** POST /api/shop/coupons/check. */
export const couponCheckRequestSchema = z
  .object({
    code: couponCodeSchema,
    itemId: z.string().trim().min(1).max(100).optional(),
    tierId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((r) => (r.itemId === undefined) !== (r.tierId === undefined), { message: couponMessages.itemOrTier });
export type CouponCheckRequest = z.input<typeof couponCheckRequestSchema>;

const priceAfterSchema = z.object({ before: z.number(), after: z.number() });

/**
 * The prices after the code: in credits (a credit purchase) and in USD (one unit paid by card, or a
 * tier's first month), each null where the thing is not sold that way or the code does not reach it.
 */
export const couponCheckResponseSchema = z.object({
  code: z.string(),
  credits: priceAfterSchema.nullable(),
  usd: priceAfterSchema.nullable(),
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;
