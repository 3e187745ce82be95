// The admin's view of users (SPEC.md §3 "User (admin view)") and the admin calls that change a
// user's tier and credits (SPEC.md §7 "Admin").
import { z } from 'zod';
import { formatLimit, MAX_BALANCE } from './limits.ts';
import { nextCursorSchema, pageCursorSchema, pageLimitSchema } from './paging.ts';
import { userTierSchema } from './user.ts';

export const adminUserSchema = z.object({
  _id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  user_created_at: z.string(),
  discordId: z.string().nullable(),
  discordUsername: z.string().nullable(),
  credits: z.number().int(),
  currentTier: userTierSchema.nullable(),
  isAdmin: z.boolean(),
  /** When they last signed in (a password login or a sign-up); null: not since this was recorded. */
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * How `GET /api/admin/users` orders: by join date, balance or last sign-in, each either way
 * (`_desc`: newest, most credits, most recent first). Ties go by id, so paging is stable. Never
 * signed in sorts as the oldest sign-in.
 */
export const adminUserSorts = [
  'joined_desc',
  'joined_asc',
  'credits_desc',
  'credits_asc',
  'last_login_desc',
  'last_login_asc',
] as const;
export type AdminUserSort = (typeof adminUserSorts)[number];
export const DEFAULT_ADMIN_USER_SORT: AdminUserSort = 'joined_desc';

/** The longest search term: longer than any username or email could match. */
export const MAX_USER_SEARCH = 320;

export const adminUserListMessages = {
  badSort: `sort must be one of: ${adminUserSorts.join(', ')}`,
  badAdmin: 'admin must be true or false',
  badTier: 'tier must be a tier id, or none',
  searchTooLong: `search must be at most ${MAX_USER_SEARCH} characters`,
} as const;

/**
 * The query of `GET /api/admin/users`, every parameter optional. `search`, ignoring case, matches
 * anywhere in a username, an email or a Discord username when it has 3 or more characters (only
 * their start when shorter), or a Discord id exactly; `%` and `_` are plain characters. `tier` is a
 * tier id or `none`; `admin` is `true` or `false`.
 */
export const adminUsersQuerySchema = z.object({
  search: z.string().max(MAX_USER_SEARCH, adminUserListMessages.searchTooLong).optional(),
  tier: z.string().min(1, adminUserListMessages.badTier).max(100, adminUserListMessages.badTier).optional(),
  admin: z
    .enum(['true', 'false'], { error: adminUserListMessages.badAdmin })
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(adminUserSorts, { error: adminUserListMessages.badSort }).default(DEFAULT_ADMIN_USER_SORT),
  limit: pageLimitSchema,
  cursor: pageCursorSchema,
});
/** What a client passes: each parameter as the query string carries it. */
export interface AdminUsersQuery {
  search?: string;
  tier?: string;
  admin?: boolean;
  sort?: AdminUserSort;
  limit?: number;
  cursor?: string;
}

/** The most matches `GET /api/admin/users` counts: past it the answer says there are more ("1,000+"). */
export const MATCHING_COUNT_CAP = 1000;

/**
 * How many players a search or filter matches, on its first page (no cursor): `count` up to
 * MATCHING_COUNT_CAP, and `more` when there are more than that.
 */
export const adminUsersMatchingSchema = z.object({ count: z.number().int().min(0), more: z.boolean() });

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: nextCursorSchema,
  matching: adminUsersMatchingSchema.optional(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserResponseSchema = z.object({ user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

export const adminUserMessages = {
  invalidCredits: 'Invalid credits amount',
  creditsTooHigh: `Credits must be at most ${formatLimit(MAX_BALANCE)}`,
  tierNotFound: 'Tier not found',
  userNotFound: 'User not found',
  accountDeleted: 'This account was deleted by its player: it has no password to reset',
} as const;

/** SPEC.md §5: a whole number, not negative ('Invalid credits amount'); at most a full balance. */
export const setUserCreditsRequestSchema = z.object({
  credits: z
    .number({ error: adminUserMessages.invalidCredits })
    .min(0, adminUserMessages.invalidCredits)
    .max(MAX_BALANCE, adminUserMessages.creditsTooHigh)
    .int(adminUserMessages.invalidCredits),
});
export type SetUserCreditsRequest = z.input<typeof setUserCreditsRequestSchema>;

/** SPEC.md §7: an empty tierId (or null) takes the tier away. */
export const setUserTierRequestSchema = z.object({
  tierId: z
    .string({ error: adminUserMessages.tierNotFound })
    .trim()
    .max(100, adminUserMessages.tierNotFound)
    .nullable()
    .transform((value) => value || null),
});
export type SetUserTierRequest = z.input<typeof setUserTierRequestSchema>;
