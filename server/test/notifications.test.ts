// Notifications (issue 20): a player's notices a page at a time with the unread count, read marking
// that reaches only their own, the event stream that tells an open page of a new notice (woken by
// another request, by another instance on the same database, and ended by a shutdown), and the
// notices of the changes that exist today, each appearing after its action.
import { notificationText } from '@starport/api-client/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeNotificationStreams } from '../src/services/notifications/notice-hub.ts';
import { notify } from '../src/services/notifications/notify.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addItem, addTier } from './helpers/catalogue-factories.ts';
import { readEvents } from './helpers/event-stream.ts';
import { gameServerCalls } from './helpers/game-servers.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createStripeHarness, deliver, payByCard } from './helpers/payments.ts';
import { type BuiltServer, buildServer, startServer } from './helpers/server-process.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

type AppLike = Pick<TestHarness, 'app'>;

const openStream = async (h: AppLike, token: string) => {
  const response = await h.app.request('/api/notifications/stream', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return readEvents(response);
};

const mailItems = (h: AppLike, admin: Account, player: Account, subject = 'Welcome aboard') =>
  call(h, 'POST', '/api/admin/send-mail', {
    token: admin.token,
    body: {
      userId: player.user._id,
      subject,
      message: 'For your first flight',
      customItems: [{ itemName: 'Fuel Cell', quantity: 3 }],
    },
  });

const listOf = async (h: AppLike, token: string, query = '') => {
  const answer = await call(h, 'GET', `/api/notifications${query}`, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
};

describe.each(dialects)('notifications on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;

  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin, player } = await adminAndPlayer(h));
  });
  afterEach(async () => {
    await h.close();
  });

  const tell = (userId: string, n: number) =>
    notify(h.ctx.db, { userId, kind: 'trade_offer_received', data: { tradeId: `t${n}`, from: `pilot_${n}` } });

  it('pages a player’s notices newest first, each once, with the unread count of all of them', async () => {
    for (let n = 1; n <= 5; n += 1) await tell(player.user._id, n);
    await tell(admin.user._id, 99);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await listOf(h, player.token, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.unread).toBe(seen.length < 2 ? 5 : 6);
      seen.push(...page.notifications.map((notice: any) => notice.data.tradeId));
      cursor = page.nextCursor;
      // One arriving between pages is not on the later pages (they go back in time), and none repeats.
      if (seen.length === 2) await tell(player.user._id, 6);
    } while (cursor);
    expect(seen).toEqual(['t5', 't4', 't3', 't2', 't1']);
    const first = await listOf(h, player.token);
    expect(first.notifications[0]).toMatchObject({ kind: 'trade_offer_received', readAt: null });
    expect(notificationText(first.notifications[0])).toBe('pilot_6 sent you a trade offer');
    const bad = await call(h, 'GET', '/api/notifications?cursor=bm90LW91cnM', { token: player.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe('cursor is not one this list gave out (start again without it)');
    expect((await call(h, 'GET', '/api/notifications')).status).toBe(401);
  });

  it('marks read only the player’s own notices: those named, or all', async () => {
    for (let n = 1; n <= 3; n += 1) await tell(player.user._id, n);
    await tell(admin.user._id, 9);
    const [theirs] = (await listOf(h, admin.token)).notifications;
    const mine = (await listOf(h, player.token)).notifications;

    // Someone else's id changes nothing, for them or for the one asking.
    const other = await call(h, 'POST', '/api/notifications/read', {
      token: player.token,
      body: { ids: [theirs._id] },
    });
    expect(other.json).toEqual({ marked: 0, unread: 3 });
    expect((await listOf(h, admin.token)).unread).toBe(1);

    const one = await call(h, 'POST', '/api/notifications/read', { token: player.token, body: { ids: [mine[0]._id] } });
    expect(one.json).toEqual({ marked: 1, unread: 2 });
    const after = (await listOf(h, player.token)).notifications;
    expect(after[0].readAt).toBe(h.clock().toISOString());
    expect(after[1].readAt).toBeNull();

    const all = await call(h, 'POST', '/api/notifications/read', { token: player.token, body: { all: true } });
    expect(all.json).toEqual({ marked: 2, unread: 0 });
    expect((await listOf(h, admin.token)).unread).toBe(1);

    for (const body of [{}, { ids: [] }, { ids: ['x'], all: true }, { all: false }]) {
      const refused = await call(h, 'POST', '/api/notifications/read', { token: player.token, body });
      expect(refused.status).toBe(400);
      expect(refused.json.error.message).toBe('Name the notices to mark read (ids) or mark them all (all: true)');
    }
  });

  it('streams a notice another request made, with the unread count, to the player’s open page only', async () => {
    const stream = await openStream(h, player.token);
    const bystander = await openStream(h, admin.token);
    expect(await stream.next()).toEqual({ event: 'unread', id: undefined, data: { unread: 0 } });
    expect((await bystander.next()).data).toEqual({ unread: 0 });

    expect((await mailItems(h, admin, player)).status).toBe(201);
    const notice = await stream.next();
    expect(notice.event).toBe('notification');
    expect(notice.data).toMatchObject({ kind: 'items_mailed', readAt: null });
    expect(notice.id).toBe(notice.data._id);
    expect(notificationText(notice.data)).toBe('Admin mailed you 3 × Fuel Cell: Welcome aboard');
    expect((await stream.next()).data).toEqual({ unread: 1 });

    // Reading them elsewhere (another tab) brings the count down here too.
    await call(h, 'POST', '/api/notifications/read', { token: player.token, body: { all: true } });
    expect((await stream.next()).data).toEqual({ unread: 0 });
    await stream.close();
    // The admin's stream heard nothing of it.
    await expect(bystander.next(() => true, 500)).rejects.toThrow('timed out');
    await bystander.close();
  });

  it('tells a stream on another instance of the same database of a notice committed here', async () => {
    // PostgreSQL: the insert trigger's notice; SQLite (a second process on the file): its own look.
    const other = await h.openInstance();
    const stream = await openStream(other, player.token);
    expect((await stream.next()).data).toEqual({ unread: 0 });
    expect((await mailItems(h, admin, player, 'From the other side')).status).toBe(201);
    const notice = await stream.next((event) => event.event === 'notification', 15_000);
    expect(notice.data.data.subject).toBe('From the other side');
    await stream.close();
  });

  it('writes no notice for a change that did not commit', async () => {
    const stream = await openStream(h, player.token);
    await stream.next();
    const refused = await call(h, 'POST', '/api/admin/send-mail', {
      token: admin.token,
      body: { userId: player.user._id, subject: 'x', message: 'y', itemIds: ['no-such-item'] },
    });
    expect(refused.status).toBe(404);
    expect((await listOf(h, player.token)).notifications).toEqual([]);
    await expect(stream.next(() => true, 500)).rejects.toThrow('timed out');
    await stream.close();
  });

  it('ends every open stream when the server stops, and limits how many one player holds', async () => {
    const streams = await Promise.all([1, 2, 3, 4, 5].map(() => openStream(h, player.token)));
    const sixth = await call(h, 'GET', '/api/notifications/stream', { token: player.token });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.message).toBe(
      'Too many notification streams are open for this account; close a tab and try again',
    );
    // One closed frees its place.
    await (streams.pop() as Awaited<ReturnType<typeof openStream>>).close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    streams.push(await openStream(h, player.token));

    closeNotificationStreams(h.ctx.db);
    for (const stream of streams) await stream.ended();
  });

  it('tells the player of items an administrator mailed and of their delivery in the game', async () => {
    const item = await addItem(h, { name: 'Scout Corvette' });
    const mailed = await call(h, 'POST', '/api/admin/send-mail', {
      token: admin.token,
      body: { userId: player.user._id, subject: 'A ship', message: 'Fly safe', itemIds: [item.id] },
    });
    expect(mailed.status).toBe(201);
    let list = await listOf(h, player.token);
    expect(list.notifications.map(notificationText)).toEqual(['Admin mailed you Scout Corvette: A ship']);

    const game = gameServerCalls(h, admin.token);
    const key = await game.newKey();
    const polled = await game.poll(key.secret);
    const ids = polled.json.deliveries.map((delivery: any) => delivery.id);
    expect(ids).toHaveLength(1);
    expect((await game.ack(key.secret, ids)).json.acknowledged).toEqual(ids);
    list = await listOf(h, player.token);
    expect(list.notifications.map(notificationText)).toEqual([
      'Delivered to the game: Scout Corvette',
      'Admin mailed you Scout Corvette: A ship',
    ]);
    expect(list.unread).toBe(2);
    // A second ack changes nothing, and tells nothing again.
    await game.ack(key.secret, ids);
    expect((await listOf(h, player.token)).notifications).toHaveLength(2);
  });
});

describe.each(dialects)('payment notices on %s', (dialect) => {
  let stripe: Awaited<ReturnType<typeof createStripeHarness>>;
  let h: TestHarness;

  beforeEach(async () => {
    stripe = await createStripeHarness(dialect);
    h = stripe.h;
  });
  afterEach(async () => {
    await stripe.close();
  });

  it('tells the player a card payment went through, once however often Stripe says so', async () => {
    const player = await registerPlayer(h);
    const item = await addItem(h, { name: 'Nebula Skin', price_usd_cents: 499 });
    const paid = await payByCard(h, stripe.fake, player.token, [{ itemId: item.id, quantity: 2 }]);
    await deliver(h, paid.event);
    const list = await listOf(h, player.token);
    expect(list.notifications.map(notificationText)).toEqual(['Payment of $9.98 received: 2 × Nebula Skin']);
  });

  it('tells the player a checkout’s delayed payment failed', async () => {
    const player = await registerPlayer(h);
    const item = await addItem(h, { name: 'Nebula Skin', price_usd_cents: 499 });
    const res = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: player.token,
      body: { items: [{ itemId: item.id, quantity: 1 }] },
    });
    const sessionId = (res.json.url as string).split('/').pop() as string;
    const completed = stripe.fake.completeCheckout(sessionId, { paymentStatus: 'unpaid' });
    expect((await deliver(h, stripe.fake.event('checkout.session.completed', completed.session))).status).toBe(200);
    expect((await listOf(h, player.token)).notifications).toEqual([]);
    const failed = stripe.fake.event('checkout.session.async_payment_failed', completed.session);
    expect((await deliver(h, failed)).status).toBe(200);
    const list = await listOf(h, player.token);
    expect(list.notifications.map(notificationText)).toEqual(['Payment of $4.99 failed: Nebula Skin']);
  });

  it('tells the player of a subscription renewal that failed, then of its retry that went through', async () => {
    const player = await registerPlayer(h);
    const tier = await addTier(h, { name: 'Cadet', price_cents: 499 });
    const res = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: tier.id } });
    const completed = stripe.fake.completeCheckout((res.json.url as string).split('/').pop() as string);
    await deliver(h, stripe.fake.event('checkout.session.completed', completed.session));
    const renewal = stripe.fake.renewSubscription(completed.subscriptionId as string, { paid: false });
    const invoice = () => stripe.fake.invoices.get(renewal.invoiceId) as object;
    await deliver(h, stripe.fake.event('invoice.payment_failed', invoice()));
    stripe.fake.payInvoice(renewal.invoiceId);
    await deliver(h, stripe.fake.event('invoice.paid', invoice()));
    const list = await listOf(h, player.token);
    expect(list.notifications.map(notificationText)).toEqual([
      'Payment of $4.99 received: Cadet tier, another month',
      'Payment of $4.99 failed: Cadet tier, another month',
      'Payment of $4.99 received: Cadet tier',
    ]);
  });
});

describe('an open stream and SIGTERM', () => {
  let built: BuiltServer;
  let h: TestHarness;
  beforeAll(() => {
    built = buildServer('dist-test-notifications');
  }, 120_000);
  afterAll(() => built?.remove());
  afterEach(async () => h?.close());

  it('ends the stream at once, so the drain is clean (it would otherwise wait out SHUTDOWN_TIMEOUT_MS)', async () => {
    h = await createHarness('sqlite', { startsNow: true });
    const player = await registerPlayer(h);
    const server = await startServer(built.entry, h, { SHUTDOWN_TIMEOUT_MS: '120000' });
    const response = await fetch(`${server.url}/api/notifications/stream`, {
      headers: { Authorization: `Bearer ${player.token}` },
    });
    const stream = readEvents(response);
    expect((await stream.next()).data).toEqual({ unread: 0 });
    server.child.kill('SIGTERM');
    await stream.ended(20_000);
    expect(await server.exited).toBe(0);
    const stopped = server
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"server.stopped"'));
    expect(JSON.parse(stopped as string)).toMatchObject({ clean: true, inFlight: 0 });
  }, 60_000);
});
