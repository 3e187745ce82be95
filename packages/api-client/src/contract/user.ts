// The signed-in user as SPEC.md §3 describes it, and the answers of the account calls (register,
// login, me, logout); their requests are auth.ts.
import { z } from 'zod';

/** The tier a user holds, as SPEC.md §3 shows it on the user object. */
export const userTierSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
});

/** The signed-in user as SPEC.md §3 describes it. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string(),
  credits: z.number().int(),
  isAdmin: z.boolean(),
  currentTier: userTierSchema.nullable(),
  discordId: z.string().nullable(),
  discordUsername: z.string().nullable(),
  /** Whether the current email address was verified through the link mailed to it. */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ user: userSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const logoutResponseSchema = z.object({ ok: z.literal(true) });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
