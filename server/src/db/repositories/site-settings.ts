// Data access for the site settings row.
import type { Executor } from '../database.ts';

export const SITE_SETTINGS_ID = 'site';

export async function findSiteSettings(db: Executor) {
  return db.selectFrom('site_settings').selectAll().where('id', '=', SITE_SETTINGS_ID).executeTakeFirst();
}
