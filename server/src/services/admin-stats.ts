// The admin dashboard's four figures (SPEC.md §2), from the data rather than the spec's fixed zeros.
import type { AdminStats } from '@starport/api-client/contract';
import type { AppContext } from '../context.ts';
import { countActiveShopItems } from '../db/repositories/catalogue.ts';
import { countUsers, countUsersWithTier } from '../db/repositories/users.ts';

export async function getAdminStats(ctx: AppContext): Promise<AdminStats> {
  const [totalUsers, activeSubscriptions, shopItems] = await Promise.all([
    countUsers(ctx.db),
    countUsersWithTier(ctx.db),
    countActiveShopItems(ctx.db),
  ]);
  return { totalUsers, activeSubscriptions, shopItems, revenue30d: 0 };
}
