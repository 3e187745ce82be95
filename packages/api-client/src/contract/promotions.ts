// Sales and credit codes (issue 22). A sale takes a percent off chosen categories and items between
// two times; the shop shows it on each item it covers as `sale: {percent, endsAt}` (catalogue.ts).
// A credit code is a single-use code worth N credits, made by admins in batches and redeemed by
// players on the dashboard.
import { z } from 'zod';
import { formatLimit, MAX_BALANCE } from './limits.ts';
import { nextCursorSchema, pageCursorSchema, pageLimitSchema } from './paging.ts';

// --- Sales ---------------------------------------------------------------------------------------

export const SALE_NAME_MAX_LENGTH = 100;
/** The most categories, and the most items, one sale may name. */
export const SALE_MAX_TARGETS = 200;
/** The longest a sale may run. */
export const SALE_MAX_DAYS = 366;

export const saleMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SALE_NAME_MAX_LENGTH} characters`,
  percentInvalid: 'Percent off must be a whole number from 1 to 100',
  targetsRequired: 'Choose at least one category or item',
  tooManyTargets: `A sale may name at most ${SALE_MAX_TARGETS} categories and ${SALE_MAX_TARGETS} items`,
  timeInvalid: 'Start and end must be a date and time',
  endBeforeStart: 'The end must come after the start',
  endInPast: 'The end must be in the future',
  tooLong: `A sale may run at most ${SALE_MAX_DAYS} days`,
  unknownCategory: 'A chosen category does not exist',
  unknownItem: 'A chosen item does not exist',
  notFound: 'Sale not found',
  ended: 'This sale has ended and cannot be changed',
} as const;

const saleTime = z
  .string({ error: saleMessages.timeInvalid })
  .max(40, saleMessages.timeInvalid)
  .refine((text) => !Number.isNaN(Date.parse(text)), saleMessages.timeInvalid);

const idList = z
  .array(z.string({ error: saleMessages.tooManyTargets }).trim().min(1).max(100), {
    error: saleMessages.tooManyTargets,
  })
  .max(SALE_MAX_TARGETS, saleMessages.tooManyTargets);

const saleFields = {
  name: z
    .string({ error: saleMessages.nameRequired })
    .trim()
    .min(1, saleMessages.nameRequired)
    .max(SALE_NAME_MAX_LENGTH, saleMessages.nameTooLong),
  percentOff: z
    .number({ error: saleMessages.percentInvalid })
    .int(saleMessages.percentInvalid)
    .min(1, saleMessages.percentInvalid)
    .max(100, saleMessages.percentInvalid),
  categoryIds: idList,
  itemIds: idList,
  startsAt: saleTime,
  endsAt: saleTime,
};

/** POST /api/admin/sales: every field; at least one category or item (checked with the rest by the server). */
export const saleInputSchema = z.object({
  ...saleFields,
  categoryIds: saleFields.categoryIds.default([]),
  itemIds: saleFields.itemIds.default([]),
});
export type SaleInput = z.input<typeof saleInputSchema>;
/** PATCH /api/admin/sales/{id}: what is left out stays as it was. */
export const saleChangeSchema = z.object({
  name: saleFields.name.optional(),
  percentOff: saleFields.percentOff.optional(),
  categoryIds: saleFields.categoryIds.optional(),
  itemIds: saleFields.itemIds.optional(),
  startsAt: saleFields.startsAt.optional(),
  endsAt: saleFields.endsAt.optional(),
});
export type SaleChange = z.input<typeof saleChangeSchema>;

export const saleStatuses = ['scheduled', 'running', 'ended'] as const;
export type SaleStatus = (typeof saleStatuses)[number];

export const saleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  percentOff: z.number().int(),
  categoryIds: z.array(z.string()),
  itemIds: z.array(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  /** scheduled until the schedule starts it, running until it ends it, then ended. */
  status: z.enum(saleStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;
export const salesResponseSchema = z.object({ sales: z.array(saleSchema), nextCursor: nextCursorSchema });
export type SalesResponse = z.infer<typeof salesResponseSchema>;
export const saleResponseSchema = z.object({ sale: saleSchema });
export type SaleResponse = z.infer<typeof saleResponseSchema>;

// --- Credit codes --------------------------------------------------------------------------------

/**
 * The readable alphabet of codes: Crockford's base 32 (no I, L, O or U), so 5 bits a character; a
 * player who types O, I or L gets the 0 or 1 they meant (normalizeCreditCode).
 */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters per group, and groups per code: 5 × 4 × 5 bits = 100 random bits. */
export const CREDIT_CODE_GROUP = 4;
export const CREDIT_CODE_GROUPS = 5;
export const CREDIT_CODE_MAX_BATCH = 1000;
export const CREDIT_CODE_MAX_CREDITS = MAX_BALANCE;
export const CREDIT_CODE_LABEL_MAX_LENGTH = 100;

export const creditCodeMessages = {
  countInvalid: `Count must be a whole number from 1 to ${formatLimit(CREDIT_CODE_MAX_BATCH)}`,
  creditsInvalid: `Credits must be a whole number from 1 to ${formatLimit(CREDIT_CODE_MAX_CREDITS)}`,
  expiresAtInvalid: 'Expiry must be a date and time',
  expiresAtPast: 'The expiry must be in the future',
  labelTooLong: `Label must be at most ${CREDIT_CODE_LABEL_MAX_LENGTH} characters`,
  codeRequired: 'Enter a code',
  unknown: 'This code is not valid. Check it and try again.',
  expired: 'This code has expired',
  used: 'This code has already been used',
  balanceFull: 'Your balance cannot hold these credits',
  tooManyAttempts: 'Too many code attempts.',
  batchNotFound: 'Batch not found',
} as const;

export const createCreditCodesRequestSchema = z.object({
  count: z
    .number({ error: creditCodeMessages.countInvalid })
    .int(creditCodeMessages.countInvalid)
    .min(1, creditCodeMessages.countInvalid)
    .max(CREDIT_CODE_MAX_BATCH, creditCodeMessages.countInvalid),
  credits: z
    .number({ error: creditCodeMessages.creditsInvalid })
    .int(creditCodeMessages.creditsInvalid)
    .min(1, creditCodeMessages.creditsInvalid)
    .max(CREDIT_CODE_MAX_CREDITS, creditCodeMessages.creditsInvalid),
  expiresAt: z
    .string({ error: creditCodeMessages.expiresAtInvalid })
    .max(40, creditCodeMessages.expiresAtInvalid)
    .refine((text) => !Number.isNaN(Date.parse(text)), creditCodeMessages.expiresAtInvalid)
    .nullable()
    .optional(),
  label: z
    .string({ error: creditCodeMessages.labelTooLong })
    .trim()
    .max(CREDIT_CODE_LABEL_MAX_LENGTH, creditCodeMessages.labelTooLong)
    .optional(),
});
export type CreateCreditCodesRequest = z.input<typeof createCreditCodesRequestSchema>;

export const creditCodeBatchSchema = z.object({
  _id: z.string(),
  label: z.string(),
  credits: z.number().int(),
  count: z.number().int(),
  redeemedCount: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** The administrator who made it; null once their account is gone. */
  createdBy: z.object({ _id: z.string(), username: z.string() }).nullable(),
});
export type CreditCodeBatch = z.infer<typeof creditCodeBatchSchema>;

/** The answer to making a batch: the codes themselves, this once (only their hashes are kept). */
export const createCreditCodesResponseSchema = z.object({
  batch: creditCodeBatchSchema,
  codes: z.array(z.object({ number: z.number().int(), code: z.string() })),
});
export type CreateCreditCodesResponse = z.infer<typeof createCreditCodesResponseSchema>;

export const creditCodeBatchesResponseSchema = z.object({
  batches: z.array(creditCodeBatchSchema),
  nextCursor: nextCursorSchema,
});
export type CreditCodeBatchesResponse = z.infer<typeof creditCodeBatchesResponseSchema>;

export const creditCodeViewSchema = z.object({
  _id: z.string(),
  /** Its number in the batch, as the CSV made with the batch numbers it. */
  number: z.number().int(),
  /** The code's last group (`…-7KQ3`): the rest is not kept. */
  hint: z.string(),
  redeemedBy: z.object({ _id: z.string(), username: z.string() }).nullable(),
  redeemedAt: z.string().nullable(),
});
export type CreditCodeView = z.infer<typeof creditCodeViewSchema>;
export const creditCodesResponseSchema = z.object({
  codes: z.array(creditCodeViewSchema),
  nextCursor: nextCursorSchema,
});
export type CreditCodesResponse = z.infer<typeof creditCodesResponseSchema>;
export const creditCodesQuerySchema = z.object({ limit: pageLimitSchema, cursor: pageCursorSchema });

export const redeemCreditCodeRequestSchema = z.object({
  code: z
    .string({ error: creditCodeMessages.codeRequired })
    .trim()
    .min(1, creditCodeMessages.codeRequired)
    .max(64, creditCodeMessages.unknown),
});
export type RedeemCreditCodeRequest = z.input<typeof redeemCreditCodeRequestSchema>;
export const redeemCreditCodeResponseSchema = z.object({
  /** Credits the code gave. */
  added: z.number().int(),
  /** The balance now. */
  credits: z.number().int(),
});
export type RedeemCreditCodeResponse = z.infer<typeof redeemCreditCodeResponseSchema>;

/** A code as a player may type it: upper case, without spaces or dashes, O read as 0 and I or L as 1. */
export function normalizeCreditCode(text: string): string {
  return text
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** `ABCDEFGH…` as the groups it is shown in: `ABCD-EFGH-…`. */
export function formatCreditCode(normalized: string): string {
  return normalized.match(new RegExp(`.{1,${CREDIT_CODE_GROUP}}`, 'g'))?.join('-') ?? normalized;
}
