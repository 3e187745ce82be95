// Data access for players' notifications (migration 023): written inside the transaction of the
// change they tell of, read newest first by id (time-ordered), marked read by their own player only.
import type { Insertable, Selectable } from 'kysely';
import type { Executor, NotificationsTable } from '../database.ts';

export type NotificationRow = Selectable<NotificationsTable>;

export async function insertNotification(db: Executor, row: Insertable<NotificationsTable>): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/** Up to `limit` of a player's notices, newest first, older than `beforeId` when given. */
export async function listNotificationsOfUser(
  db: Executor,
  userId: string,
  page: { beforeId?: string; limit: number },
): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (page.beforeId !== undefined) query = query.where('id', '<', page.beforeId);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

export async function countUnreadNotifications(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks the player's own unread notices read (those named, or all): how many it marked. */
export async function markNotificationsRead(
  db: Executor,
  userId: string,
  ids: readonly string[] | 'all',
  now: string,
): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return 0;
  let query = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', [...ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
