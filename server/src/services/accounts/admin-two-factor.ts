// The site setting that requires two-factor sign-in of administrators (issue 19): read on every
// admin call, so turning it on applies at once, on every instance.
import type { AppContext } from '../../context.ts';
import { findSiteSettings } from '../../db/repositories/site-settings.ts';
import { hasTwoFactorEnabled } from '../../db/repositories/two-factor.ts';

/** True when the setting is on and this administrator has no two-factor sign-in. */
export async function isAdminTwoFactorMissing(ctx: AppContext, userId: string): Promise<boolean> {
  const settings = await findSiteSettings(ctx.db);
  if (settings?.require_admin_two_factor !== 1) return false;
  return !(await hasTwoFactorEnabled(ctx.db, userId));
}
