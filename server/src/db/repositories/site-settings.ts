// Data access for the site settings row.
import type { Executor } from '../database.ts';

export const SITE_SETTINGS_ID = 'site';

export async function findSiteSettings(db: Executor) {
  return db.selectFrom('site_settings').selectAll().where('id', '=', SITE_SETTINGS_ID).executeTakeFirst();
}

/** Writes the one settings row, creating it the first time. */
export async function upsertSiteSettings(
  db: Executor,
  values: {
    visible_tabs: string;
    thank_you_message: string;
    require_admin_two_factor: 0 | 1;
    play_url: string | null;
    play_label: string;
    news_webhook_url: string | null;
    credits_in_trades: 0 | 1;
    monthly_goal_cents: number | null;
    monthly_goal_text: string | null;
    updated_at: string;
  },
): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ id: SITE_SETTINGS_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
