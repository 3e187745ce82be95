// Turns a user row into the user object of SPEC.md §3, the one shape every client sees.
import type { User } from '@starport/api-client/contract';
import type { UserWithTier } from '../../db/repositories/users.ts';

export const centsToUsd = (cents: number): number => Math.round(cents) / 100;
export const usdToCents = (usd: number): number => Math.round(usd * 100);

export function toUserView(row: UserWithTier): User {
  return {
    _id: row.id,
    email: row.email,
    username: row.username,
    credits: Number(row.credits),
    isAdmin: row.is_admin === 1,
    currentTier:
      row.current_tier_id && row.tier_name !== null
        ? { _id: row.current_tier_id, name: row.tier_name, price: centsToUsd(Number(row.tier_price_cents ?? 0)) }
        : null,
    discordId: row.discord_id,
    discordUsername: row.discord_username,
    emailVerified: row.email_verified_at !== null,
  };
}
