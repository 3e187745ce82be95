// A player's notifications: newest first a page at a time with the unread count, and marking their
// own read. Nobody reads or marks another player's: every query names the signed-in player.
import {
  DEFAULT_PAGE_SIZE,
  type MarkNotificationsReadResponse,
  type Notification,
  type NotificationsResponse,
  pagingMessages,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import {
  countUnreadNotifications,
  listNotificationsOfUser,
  markNotificationsRead,
  type NotificationRow,
} from '../../db/repositories/notifications.ts';
import { invalid } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { decodeCursor, toPage } from '../../lib/page-cursor.ts';
import { wakeStreams } from './notice-hub.ts';

/** The list its cursors name. */
const LIST = 'notifications';

export function toNotificationView(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    data: JSON.parse(row.data),
    createdAt: row.created_at,
    readAt: row.read_at,
  } as Notification;
}

export async function listNotifications(
  ctx: AppContext,
  userId: string,
  query: { limit?: number; cursor?: string },
): Promise<NotificationsResponse> {
  const pageSize = query.limit ?? DEFAULT_PAGE_SIZE;
  let beforeId: string | undefined;
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, LIST, 'string');
    if (!cursor) throw invalid(pagingMessages.badCursor);
    beforeId = cursor.id;
  }
  const [rows, unread] = await Promise.all([
    listNotificationsOfUser(ctx.db, userId, { beforeId, limit: pageSize + 1 }),
    countUnreadNotifications(ctx.db, userId),
  ]);
  const page = toPage(rows, pageSize, (row) => ({ order: LIST, key: row.id, id: row.id }));
  return { notifications: page.rows.map(toNotificationView), unread, nextCursor: page.nextCursor };
}

export async function markRead(
  ctx: AppContext,
  userId: string,
  which: { ids?: string[]; all?: true },
): Promise<MarkNotificationsReadResponse> {
  const marked = await markNotificationsRead(ctx.db, userId, which.ids ?? 'all', toIso(ctx.clock()));
  // The player's other open pages show the count going down (other instances: the trigger's notice).
  if (marked > 0) wakeStreams(ctx.db, userId);
  return { marked, unread: await countUnreadNotifications(ctx.db, userId) };
}

/** The newest `limit` of a player's notices and their unread count: what a stream compares. */
export async function readLatest(db: Executor, userId: string, limit: number) {
  const [rows, unread] = await Promise.all([
    listNotificationsOfUser(db, userId, { limit }),
    countUnreadNotifications(db, userId),
  ]);
  return { rows, unread };
}
