// /api/notifications: the signed-in player's notices (a page with the unread count), marking them
// read, and the stream that pushes new ones as they happen.
import { markNotificationsReadRequestSchema, notificationsQuerySchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody, readQuery } from '../middleware/validate.ts';
import { openNotificationStream } from '../services/notifications/notice-stream.ts';
import { listNotifications, markRead } from '../services/notifications/notifications.ts';

export const notificationRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) =>
    c.json(await listNotifications(c.get('ctx'), c.get('user').id, readQuery(c, notificationsQuerySchema))),
  )
  .post('/read', requireUser, async (c) =>
    c.json(await markRead(c.get('ctx'), c.get('user').id, await readBody(c, markNotificationsReadRequestSchema))),
  )
  .get('/stream', requireUser, (c) => {
    const write = openNotificationStream(c.get('ctx'), c.get('user').id);
    // A proxy that buffers answers (nginx) would hold the events back.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, write);
  });
