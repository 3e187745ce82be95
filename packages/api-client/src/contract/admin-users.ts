// The admin's view of users (SPEC.md §3 "User (admin view)") and the admin calls that change a
// user's tier and credits (SPEC.md §7 "Admin").
import { z } from 'zod';
import { formatLimit, MAX_BALANCE } from './limits.ts';
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
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserResponseSchema = z.object({ user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

export const adminUserMessages = {
  invalidCredits: 'Invalid credits amount',
  creditsTooHigh: `Credits must be at most ${formatLimit(MAX_BALANCE)}`,
  tierNotFound: 'Tier not found',
  userNotFound: 'User not found',
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
