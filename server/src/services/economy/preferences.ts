// The player's preferences (GET/PATCH /api/account/preferences; issue 20): whether new items stay on
// the site until sent (the inventory repository applies it to every new entry).
import type { AccountPreferences } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { findPreferences, updatePreferences } from '../../db/repositories/players.ts';
import { authMessages, unauthorized } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';

export async function getPreferences(ctx: AppContext, userId: string): Promise<AccountPreferences> {
  const row = await findPreferences(ctx.db, userId);
  if (!row) throw unauthorized(authMessages.signInRequired);
  return { keepNewItemsOnSite: row.keep_new_items_on_site === 1 };
}

export async function setPreferences(
  ctx: AppContext,
  userId: string,
  preferences: AccountPreferences,
): Promise<AccountPreferences> {
  if (!(await updatePreferences(ctx.db, userId, preferences, toIso(ctx.clock())))) {
    throw unauthorized(authMessages.signInRequired);
  }
  ctx.logger.info('account.preferences', { userId, ...preferences });
  return getPreferences(ctx, userId);
}
