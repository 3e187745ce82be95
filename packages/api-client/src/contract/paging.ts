// Lists that grow with the community (users, a player's deliveries) come a page at a time, newest
// first unless asked otherwise: `limit` rows (default DEFAULT_PAGE_SIZE, at most MAX_PAGE_SIZE) and
// `nextCursor`, an opaque token to pass back as `cursor` for the page after; null on the last page.
// A cursor names the last row seen (its sort key and id), so rows added or removed meanwhile never
// make a row show twice or be skipped among those that were there all along.
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const pagingMessages = {
  badLimit: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  badCursor: 'cursor is not one this list gave out (start again without it)',
} as const;

/** `limit` as the query string carries it: digits only, 1 to MAX_PAGE_SIZE. */
export const pageLimitSchema = z
  .string()
  .regex(/^[0-9]{1,4}$/, pagingMessages.badLimit)
  .transform(Number)
  .refine((value) => value >= 1 && value <= MAX_PAGE_SIZE, pagingMessages.badLimit)
  .optional();

/** The cursor's outer shape; what it holds is checked by the list that reads it. */
export const pageCursorSchema = z.string().max(500, pagingMessages.badCursor).optional();

export const pageQuerySchema = z.object({ limit: pageLimitSchema, cursor: pageCursorSchema });
export type PageQuery = z.input<typeof pageQuerySchema>;
/** The same as the server reads it: `limit` a number. */
export type PageQueryInput = z.output<typeof pageQuerySchema>;

export const nextCursorSchema = z.string().nullable();
