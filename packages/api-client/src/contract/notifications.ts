// The notification calls (issue 20): a player's notices newest first a page at a time with the
// unread count, marking them read, and the stream that pushes new ones (Server-Sent Events). What
// each kind carries and says is notification-kinds.ts.
import { z } from 'zod';
import { type NotificationKind, type NotificationOf, notificationKinds } from './notification-kinds.ts';
import { nextCursorSchema, pageCursorSchema, pageLimitSchema } from './paging.ts';

/** The most notices one `POST /api/notifications/read` names. */
export const MAX_READ_IDS = 200;
/** The most streams one player may hold open at once (tabs, devices). */
export const MAX_NOTIFICATION_STREAMS = 5;

export const notificationMessages = {
  readWhat: 'Name the notices to mark read (ids) or mark them all (all: true)',
  tooManyIds: `At most ${MAX_READ_IDS} notices at a time`,
  tooManyStreams: 'Too many notification streams are open for this account; close a tab and try again',
} as const;

export const notificationsQuerySchema = z.object({ limit: pageLimitSchema, cursor: pageCursorSchema });

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(notificationKinds as unknown as [NotificationKind, ...NotificationKind[]]),
  /** Its shape is set by `kind` (NotificationDataByKind); notificationText(notice) says it in words. */
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** When the player opened the list with it in; null while unread. */
  readAt: z.string().nullable(),
});
/** A notice as the API answers it, its data typed by its kind. */
export type Notification = Omit<z.infer<typeof notificationSchema>, 'kind' | 'data'> & NotificationOf;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  /** All of the player's unread notices, not only this page's. */
  unread: z.number().int().nonnegative(),
  nextCursor: nextCursorSchema,
});
export type NotificationsResponse = Omit<z.infer<typeof notificationsResponseSchema>, 'notifications'> & {
  notifications: Notification[];
};

/** `{ids}` marks those of the player's notices read; `{all: true}` every one. */
export const markNotificationsReadRequestSchema = z
  .object({
    ids: z
      .array(z.string().max(100))
      .min(1, notificationMessages.readWhat)
      .max(MAX_READ_IDS, notificationMessages.tooManyIds)
      .optional(),
    all: z.literal(true, { error: notificationMessages.readWhat }).optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), notificationMessages.readWhat);
export type MarkNotificationsReadRequest = z.input<typeof markNotificationsReadRequestSchema>;

export const markNotificationsReadResponseSchema = z.object({
  /** How many were unread and are read now. */
  marked: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponseSchema>;

/** The stream's events: `notification` carries one new notice, `unread` the count (first, and after each change). */
export const notificationStreamEvents = { notification: 'notification', unread: 'unread' } as const;
export const unreadEventSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadEvent = z.infer<typeof unreadEventSchema>;
