// The bell and the page's one feed of notices: a notice pushed on the stream raises the count without
// a reload and reaches a page listening with useNotificationEvents; opening the list shows it and
// marks everything read.
import type { Notification } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { controlledStream } from '../test/event-stream.ts';
import { json, loadedRoutes, makeUser, renderApp } from '../test/render-app.tsx';
import { useNotificationEvents } from './notifications-provider.tsx';

const mailed: Notification = {
  _id: 'n-1',
  kind: 'items_mailed',
  data: { mailId: 'm-1', senderName: 'Admin', subject: 'Welcome', items: [{ name: 'Fuel Cell', quantity: 3 }] },
  createdAt: new Date().toISOString(),
  readAt: null,
};

function GiftProbe() {
  const [heard, setHeard] = useState<string[]>([]);
  useNotificationEvents('items_mailed', (notice) => setHeard((list) => [...list, notice._id]));
  useNotificationEvents('gift_received', () => setHeard((list) => [...list, 'wrong kind']));
  return <p>heard: {heard.join(',')}</p>;
}

describe('the notification bell', () => {
  it('counts a notice the stream pushes, tells listening pages, and reads them all when opened', async () => {
    const stream = controlledStream();
    let read: unknown = null;
    let listed = 0;
    const [root, ...rest] = loadedRoutes;
    const withProbe = [
      { ...root, children: [...(root?.children ?? []), { path: 'probe', Component: GiftProbe }] },
      ...rest,
    ];
    renderApp('/probe', {
      user: makeUser(),
      routes: withProbe as RouteObject[],
      api: {
        'GET /api/notifications': () => {
          listed += 1;
          // The page's first look finds nothing; the bell's, the notice the stream brought.
          return json(200, {
            notifications: listed === 1 ? [] : [mailed],
            unread: listed === 1 ? 0 : 1,
            nextCursor: null,
          });
        },
        'GET /api/notifications/stream': () => stream.response(),
        'POST /api/notifications/read': ({ body }) => {
          read = body;
          return json(200, { marked: 1, unread: 0 });
        },
      },
    });

    const bell = await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    await waitFor(() => expect(listed).toBe(1));
    stream.send('unread', { unread: 0 });
    stream.send('notification', mailed);
    stream.send('unread', { unread: 1 });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell.textContent).toBe('1');
    expect(screen.getByText('heard: n-1')).toBeTruthy();

    fireEvent.click(bell);
    expect(await screen.findByText('Admin mailed you 3 × Fuel Cell: Welcome')).toBeTruthy();
    expect(screen.getByText('just now')).toBeTruthy();
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    expect(read).toEqual({ all: true });
  });
});
