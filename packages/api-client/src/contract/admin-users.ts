// The admin's view of users (SPEC.md §3 "User (admin view)") and the admin calls that change a
// user's tier and credits (SPEC.md §7 "Admin").
import { z } from 'zod';
import { userTierSchema } from './auth.ts';

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
  tierNotFound: 'Tier not found',
  userNotFound: 'User not found',
} as const;

/** The largest balance an admin may set: well inside a 32-bit integer column on both databases. */
export const MAX_CREDITS = 1_000_000_000;

/** SPEC.md §5: a whole number, not negative. */
export const setUserCreditsRequestSchema = z.object({
  credits: z
    .number({ error: adminUserMessages.invalidCredits })
    .int(adminUserMessages.invalidCredits)
    .min(0, adminUserMessages.invalidCredits)
    .max(MAX_CREDITS, adminUserMessages.invalidCredits),
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
