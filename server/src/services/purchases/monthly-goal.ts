// The monthly goal (issue 22): the site setting's amount and words, against this calendar month's
// (UTC) card revenue with the month's refunds subtracted. Read by every visitor of the home page, so
// the route answers it from the public cache (catalogue/public-cache.ts), keyed by the month.
import type { GoalResponse } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { sumCardRevenueCentsBetween } from '../../db/repositories/purchases.ts';
import { toIso } from '../../lib/clock.ts';
import { centsToUsd } from '../accounts/user-view.ts';
import { getSiteSettings } from '../catalogue/site-settings.ts';

/** The calendar month (UTC) `now` falls in: its first moment and the next month's. */
export function monthOf(now: Date): { key: string; from: string; to: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const from = new Date(Date.UTC(year, month, 1));
  return {
    key: `${year}-${String(month + 1).padStart(2, '0')}`,
    from: toIso(from),
    to: toIso(new Date(Date.UTC(year, month + 1, 1))),
  };
}

/** The goal and what this month has raised; with no goal set, null and nothing summed. */
export async function getMonthlyGoal(ctx: AppContext, month = monthOf(ctx.clock())): Promise<GoalResponse> {
  const { monthlyGoal } = await getSiteSettings(ctx);
  if (!monthlyGoal) return { goalUSD: null, raisedUSD: 0, text: '' };
  const raisedCents = await sumCardRevenueCentsBetween(ctx.db, month.from, month.to);
  return { goalUSD: monthlyGoal.amountUSD, raisedUSD: centsToUsd(Math.max(raisedCents, 0)), text: monthlyGoal.text };
}
