// The admin dashboard's four figures (SPEC.md §2), from the data rather than the spec's fixed zeros.
import type { AdminStats } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { countActiveShopItems } from '../../db/repositories/catalogue.ts';
import { countActiveSubscriptions, sumRevenueCentsSince } from '../../db/repositories/payments.ts';
import { countUsers } from '../../db/repositories/users.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { centsToUsd } from '../accounts/user-view.ts';

const REVENUE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export async function getAdminStats(ctx: AppContext): Promise<AdminStats> {
  const since = toIso(addMs(ctx.clock(), -REVENUE_WINDOW_MS));
  const [totalUsers, activeSubscriptions, shopItems, revenueCents] = await Promise.all([
    countUsers(ctx.db),
    // Paid subscriptions that hold a tier now; a tier an admin assigned by hand is not one.
    countActiveSubscriptions(ctx.db),
    countActiveShopItems(ctx.db),
    // Card payments received in the window, less refunds made in it.
    sumRevenueCentsSince(ctx.db, since),
  ]);
  return { totalUsers, activeSubscriptions, shopItems, revenue30d: centsToUsd(revenueCents) };
}
