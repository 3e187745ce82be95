// Data access for news posts (migration 025).
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Executor, UpdatesTable } from '../database.ts';
import { type NewestFirstPage, newestFirst } from '../newest-first.ts';

export type UpdateRow = Selectable<UpdatesTable>;

export async function insertUpdate(db: Executor, row: UpdateRow): Promise<void> {
  await db.insertInto('updates').values(row).execute();
}

export async function findUpdateById(db: Executor, id: string): Promise<UpdateRow | undefined> {
  return db.selectFrom('updates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPublishedUpdateBySlug(db: Executor, slug: string): Promise<UpdateRow | undefined> {
  return db
    .selectFrom('updates')
    .selectAll()
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

export async function writeUpdate(db: Executor, id: string, change: Updateable<UpdatesTable>): Promise<void> {
  await db.updateTable('updates').set(change).where('id', '=', id).execute();
}

export async function deleteUpdate(db: Executor, id: string): Promise<UpdateRow | undefined> {
  return db.deleteFrom('updates').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Every post for the admins, newest written first. */
export async function listUpdatesNewestFirst(db: Executor, page: NewestFirstPage): Promise<UpdateRow[]> {
  return newestFirst(db.selectFrom('updates').selectAll(), 'updates', page).execute();
}

/** Published posts, newest published first, after the cursor's (published_at, id). */
export async function listPublishedUpdates(
  db: Executor,
  page: { after?: { publishedAt: string; id: string }; limit: number },
): Promise<UpdateRow[]> {
  let query = db.selectFrom('updates').selectAll().where('status', '=', 'published');
  const { after } = page;
  if (after) {
    query = query.where(sql<boolean>`(published_at, id) < (${after.publishedAt}, ${after.id})`);
  }
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/** The addresses and publishing times of the newest `limit` published posts (for the sitemap). */
export async function listPublishedSlugs(
  db: Executor,
  limit: number,
): Promise<{ slug: string; published_at: string | null; updated_at: string }[]> {
  return db
    .selectFrom('updates')
    .select(['slug', 'published_at', 'updated_at'])
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findNewestPinnedUpdate(db: Executor): Promise<UpdateRow | undefined> {
  return db
    .selectFrom('updates')
    .selectAll()
    .where('status', '=', 'published')
    .where('pinned', '=', 1)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Publishes the scheduled posts whose time has come, each only once (the status condition makes two
 * instances racing publish it once between them). Returns the posts this call published.
 */
export async function publishDueUpdates(db: Executor, now: string): Promise<UpdateRow[]> {
  return db
    .updateTable('updates')
    .set({ status: 'published', published_at: sql<string>`publish_at`, updated_at: now })
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', now)
    .returningAll()
    .execute();
}
