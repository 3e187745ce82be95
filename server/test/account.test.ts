// The Account page's calls (issue 19) through the real app on a real database: the signed-in devices
// and signing them out (on this instance and another), the download of the player's data, and
// deleting the account, with every refusal leaving the data as it was.
import { accountExportSchema, accountSessionsResponseSchema, errorEnvelopeSchema } from '@starport/api-client/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateDiscordLink } from '../src/db/repositories/users.ts';
import { grantAdmin } from '../src/services/admin/administrators.ts';
import { settleSubscriptionHolds } from '../src/services/payments/subscription-holds.ts';
import { addCategory, addItem, addTier, grantCredits } from './helpers/catalogue-factories.ts';
import type { FakeStripe } from './helpers/fake-stripe.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createMailHarness, deliverMail, type MailHarness } from './helpers/mail.ts';
import { createStripeHarness, deliver, meOf } from './helpers/payments.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';
import { turnOnTwoFactor } from './helpers/two-factor.ts';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Player = Awaited<ReturnType<typeof registerPlayer>>;

/** Signs the player in again from another device: its browser and address. */
async function signInFrom(h: TestHarness, player: Player, userAgent: string, address: string): Promise<string> {
  const res = await call(h, 'POST', '/api/auth/login', {
    body: { email: player.user.email, password: player.password },
    headers: { 'User-Agent': userAgent, 'X-Forwarded-For': address },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.token;
}

async function devicesOf(h: TestHarness, token: string) {
  const res = await call(h, 'GET', '/api/account/sessions', { token });
  expect(res.status, res.text).toBe(200);
  return accountSessionsResponseSchema.parse(res.json).sessions;
}

const meStatus = async (h: Pick<TestHarness, 'app'>, token: string) =>
  (await call(h, 'GET', '/api/auth/me', { token })).status;

/** Every table but the ones reading touches (sessions' last use, the rate limits' counters), as text. */
async function snapshot(h: TestHarness): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of [
    'users',
    'credit_ledger',
    'inventory_entries',
    'payments',
    'subscriptions',
    'jobs',
    'audit_log',
  ]) {
    out[table] = (await sql`select * from ${sql.table(table)}`.execute(h.ctx.db)).rows
      .map((r) => JSON.stringify(r))
      .sort();
  }
  const sessions = await sql<{ token_hash: string }>`select token_hash from sessions`.execute(h.ctx.db);
  out.sessions = sessions.rows.map((r) => r.token_hash).sort();
  return out;
}

describe.each(dialects)('the account page on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true' } });
  });
  afterEach(async () => {
    await h.close();
  });

  it('shows the profile: username, email and member since', async () => {
    const player = await registerPlayer(h);
    const res = await call(h, 'GET', '/api/account/profile', { token: player.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      profile: {
        _id: player.user._id,
        username: player.user.username,
        email: player.user.email,
        createdAt: '2026-11-22T12:00:00.000Z',
      },
    });
    expect((await call(h, 'GET', '/api/account/profile')).status).toBe(401);
  });

  describe('signed-in devices', () => {
    it('lists each session with its browser and system in words, its address and times, this one marked', async () => {
      const player = await registerPlayer(h);
      const firefox = await signInFrom(h, player, FIREFOX_ON_WINDOWS, '203.0.113.7');
      h.clock.advance(5_000);
      await signInFrom(h, player, SAFARI_ON_IPHONE, '198.51.100.23');

      const sessions = await devicesOf(h, firefox);
      expect(sessions).toHaveLength(3);
      const [newest, ...rest] = sessions;
      expect(newest).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
        device: 'Safari on iOS',
        address: '198.51.100.23',
        signedInAddress: '198.51.100.23',
        createdAt: '2026-11-22T12:00:05.000Z',
        lastUsedAt: '2026-11-22T12:00:05.000Z',
        current: false,
      });
      expect(rest.find((s) => s.current)).toMatchObject({ device: 'Firefox on Windows', address: '203.0.113.7' });
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      // The registration's session, made without a browser (the test's own call).
      expect(rest.find((s) => !s.current)?.device).toBe('Unknown device');

      // Never a token or its hash: the ids are not the hashes of the tokens.
      const hashes = (await sql<{ token_hash: string }>`select token_hash from sessions`.execute(h.ctx.db)).rows;
      const text = JSON.stringify(sessions);
      for (const { token_hash } of hashes) expect(text).not.toContain(token_hash);
      expect(text).not.toContain(firefox);
    });

    it('shows an IPv4 address a dual-stack socket reported as IPv6 the usual way', async () => {
      const player = await registerPlayer(h);
      const token = await signInFrom(h, player, FIREFOX_ON_WINDOWS, '::ffff:203.0.113.9');
      const current = (await devicesOf(h, token)).find((s) => s.current);
      expect(current).toMatchObject({ address: '203.0.113.9', signedInAddress: '203.0.113.9' });
    });

    it('records the last use and its address at most once a minute', async () => {
      const player = await registerPlayer(h);
      const token = await signInFrom(h, player, FIREFOX_ON_WINDOWS, '203.0.113.7');
      h.clock.advance(2 * 60_000);
      await call(h, 'GET', '/api/auth/me', { token, headers: { 'X-Forwarded-For': '192.0.2.200' } });
      const mine = (await devicesOf(h, token)).find((s) => s.current);
      expect(mine).toMatchObject({
        address: '192.0.2.200',
        signedInAddress: '203.0.113.7',
        createdAt: '2026-11-22T12:00:00.000Z',
        lastUsedAt: '2026-11-22T12:02:00.000Z',
      });
    });

    it('signs out another device: its next call is refused, this one carries on', async () => {
      const player = await registerPlayer(h);
      const phone = await signInFrom(h, player, SAFARI_ON_IPHONE, '198.51.100.23');
      // Read once, so the phone's session is in the session read cache.
      expect(await meStatus(h, phone)).toBe(200);
      const target = (await devicesOf(h, player.token)).find((s) => s.device === 'Safari on iOS');

      const res = await call(h, 'DELETE', `/api/account/sessions/${target?._id}`, { token: player.token });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ signedOut: 1 });
      expect(await meStatus(h, phone)).toBe(401);
      expect(await meStatus(h, player.token)).toBe(200);
      expect((await devicesOf(h, player.token)).map((s) => s.device)).toEqual(['Unknown device']);
    });

    it('answers 404 alike for another player’s session and an unknown id, and signs nobody out', async () => {
      const player = await registerPlayer(h);
      const other = await registerPlayer(h);
      const [theirs] = await devicesOf(h, other.token);
      const before = await snapshot(h);

      const foreign = await call(h, 'DELETE', `/api/account/sessions/${theirs?._id}`, { token: player.token });
      const unknown = await call(h, 'DELETE', '/api/account/sessions/no-such-session', { token: player.token });
      expect(foreign.status).toBe(404);
      expect(unknown.status).toBe(404);
      const { requestId: _a, ...foreignError } = errorEnvelopeSchema.parse(foreign.json).error;
      const { requestId: _b, ...unknownError } = errorEnvelopeSchema.parse(unknown.json).error;
      expect(foreignError).toEqual({ message: 'No such signed-in device', code: 'not_found' });
      expect(unknownError).toEqual(foreignError);
      expect(await meStatus(h, other.token)).toBe(200);
      expect(await snapshot(h)).toEqual(before);
    });

    it('signs out every other device in one call', async () => {
      const player = await registerPlayer(h);
      const others = [
        await signInFrom(h, player, SAFARI_ON_IPHONE, '198.51.100.23'),
        await signInFrom(h, player, FIREFOX_ON_WINDOWS, '203.0.113.7'),
      ];
      const bystander = await registerPlayer(h);
      for (const token of others) expect(await meStatus(h, token)).toBe(200);

      const res = await call(h, 'POST', '/api/account/sessions/sign-out-others', { token: player.token });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ signedOut: 2 });
      for (const token of others) expect(await meStatus(h, token)).toBe(401);
      expect(await meStatus(h, player.token)).toBe(200);
      expect(await meStatus(h, bystander.token)).toBe(200);
      expect(await devicesOf(h, player.token)).toEqual([expect.objectContaining({ current: true })]);
    });

    it('ends the session on every instance sharing the database', async () => {
      const player = await registerPlayer(h);
      const phone = await signInFrom(h, player, SAFARI_ON_IPHONE, '198.51.100.23');
      const other = await h.openInstance();
      // The other instance has the phone's session in its read cache.
      expect(await meStatus(other, phone)).toBe(200);
      const target = (await devicesOf(h, player.token)).find((s) => !s.current);
      expect((await call(h, 'DELETE', `/api/account/sessions/${target?._id}`, { token: player.token })).status).toBe(
        200,
      );
      // Another process learns of the change when its notice arrives (PostgreSQL) or at its next read (SQLite).
      const deadline = Date.now() + 2000;
      let seen = 200;
      while (Date.now() < deadline && seen !== 401) {
        // A read from memory never waits on the network: leave the notice a moment to arrive.
        await new Promise((resolve) => setTimeout(resolve, 10));
        seen = await meStatus(other, phone);
      }
      expect(seen).toBe(401);
    });

    it('refuses a guest on every device call', async () => {
      expect((await call(h, 'GET', '/api/account/sessions')).status).toBe(401);
      expect((await call(h, 'DELETE', '/api/account/sessions/x')).status).toBe(401);
      expect((await call(h, 'POST', '/api/account/sessions/sign-out-others')).status).toBe(401);
    });
  });

  describe('your data', () => {
    it('downloads everything stored about the player as a dated JSON attachment', async () => {
      const admin = await registerPlayer(h);
      await grantAdmin(h.ctx, admin.user.email, 'test');
      const player = await registerPlayer(h);
      const other = await registerPlayer(h);
      await addCategory(h, { slug: 'ships' });
      const drone = await addItem(h, { name: 'Storm Drone', price_credits: 10 });
      await grantCredits(h, player.user._id, 25);
      await grantCredits(h, other.user._id, 40);
      h.clock.advance(1000);
      expect(
        (await call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId: drone.id } })).status,
      ).toBe(200);
      const mail = await call(h, 'POST', '/api/admin/send-mail', {
        token: admin.token,
        body: {
          userId: player.user._id,
          senderName: 'Fleet Command',
          subject: 'Welcome aboard',
          message: 'A gift for the journey',
          itemIds: [],
          customItems: [{ itemName: 'Nebula Flag', quantity: 2 }],
        },
      });
      expect(mail.status, mail.text).toBe(201);
      await updateDiscordLink(
        h.ctx.db,
        player.user._id,
        { discordId: '80351110224678912', discordUsername: 'nova' },
        'x',
      );
      h.clock.advance(24 * 60 * 60_000);

      const res = await call(h, 'GET', '/api/account/export', { token: player.token });
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="starport-data-2026-11-23.json"');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const data = accountExportSchema.parse(res.json);
      expect(data.exportedAt).toBe('2026-11-23T12:00:01.000Z');
      expect(data.account).toMatchObject({
        _id: player.user._id,
        email: player.user.email,
        username: player.user.username,
        credits: 15,
        isAdmin: false,
      });
      expect(data.discord).toEqual({ id: '80351110224678912', username: 'nova' });
      expect(data.inventory.map((e) => [e.shopItem.name, e.quantity, e.acquiredMethod])).toEqual(
        expect.arrayContaining([
          ['Storm Drone', 1, 'credit_purchase'],
          ['Nebula Flag', 2, 'admin_mail'],
        ]),
      );
      expect(data.deliveries).toHaveLength(2);
      expect(data.deliveries.every((d) => d.deliveredToGame === false)).toBe(true);
      expect(data.creditLedger.map((e) => e.delta)).toEqual([25, -10]);
      expect(data.mails).toEqual([
        expect.objectContaining({
          senderName: 'Fleet Command',
          subject: 'Welcome aboard',
          items: [{ name: 'Nebula Flag', quantity: 2 }],
        }),
      ]);
      expect(data.sessions).toEqual([expect.objectContaining({ current: true, device: 'Unknown device' })]);
      expect(data.payments).toEqual([]);
      expect(data.subscriptions).toEqual([]);

      // Nothing secret, and nothing of anyone else.
      const secrets = await sql<{ v: string }>`select password_hash as v from users union all
        select token_hash as v from sessions`.execute(h.ctx.db);
      for (const { v } of secrets.rows) expect(res.text).not.toContain(v);
      expect(res.text).not.toContain(player.token);
      expect(res.text).not.toMatch(/password|token_?hash/i);
      for (const someone of [other, admin]) {
        expect(res.text).not.toContain(someone.user._id);
        expect(res.text).not.toContain(someone.user.email);
      }
    });

    it('includes the subscriptions and the payments that paid for them', async () => {
      const cadet = await addTier(h, { name: 'Cadet', price_cents: 499 });
      const player = await registerPlayer(h);
      await subscribeOnSandbox(h, player.token, cadet.id);
      const data = accountExportSchema.parse(
        (await call(h, 'GET', '/api/account/export', { token: player.token })).json,
      );
      expect(data.subscriptions).toEqual([
        expect.objectContaining({
          status: 'active',
          tier: { _id: cadet.id, name: 'Cadet', price: 4.99 },
          endedAt: null,
        }),
      ]);
      expect(data.payments).toEqual([expect.objectContaining({ kind: 'subscription', status: 'paid', amount: 4.99 })]);
      expect(data.account.currentTier).toEqual({ _id: cadet.id, name: 'Cadet' });
    });

    it('refuses a guest', async () => {
      expect((await call(h, 'GET', '/api/account/export')).status).toBe(401);
    });
  });

  describe('deleting the account', () => {
    const deleteAs = (player: Player, body: unknown) =>
      call(h, 'POST', '/api/account/delete', { token: player.token, body });

    it('refuses a wrong confirmation or password and changes nothing', async () => {
      const player = await registerPlayer(h);
      const before = await snapshot(h);
      const cases: [unknown, number, string][] = [
        [{ password: player.password, confirm: 'someone-else' }, 400, 'The confirmation does not match your username'],
        [{ password: player.password, confirm: '' }, 400, 'Type your username to confirm'],
        [{ password: player.password }, 400, 'Type your username to confirm'],
        [{ password: '', confirm: player.user.username }, 400, 'Password is required'],
        [{ password: 'Not-My-Password-1', confirm: player.user.username }, 403, 'The password is not correct'],
      ];
      for (const [body, status, message] of cases) {
        const res = await deleteAs(player, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.json.error.message).toBe(message);
      }
      expect(await snapshot(h)).toEqual(before);
      expect(await meStatus(h, player.token)).toBe(200);
    });

    it('counts wrong passwords with the sign-in throttle', async () => {
      await h.close();
      h = await createHarness(dialect, { env: { FAILED_LOGIN_LIMIT_PER_ACCOUNT_ADDRESS: '3' } });
      const player = await registerPlayer(h);
      const wrong = { password: 'Not-My-Password-1', confirm: player.user.username };
      for (let i = 0; i < 3; i++) expect((await deleteAs(player, wrong)).status).toBe(403);
      const limited = await deleteAs(player, { ...wrong, password: player.password });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await meStatus(h, player.token)).toBe(200);
    });

    it('erases who the player was, keeps the ledger and payments, ends every session, and frees the email and username', async () => {
      const player = await registerPlayer(h);
      const phone = await signInFrom(h, player, SAFARI_ON_IPHONE, '198.51.100.23');
      await addCategory(h, { slug: 'ships' });
      const drone = await addItem(h, { name: 'Storm Drone', price_credits: 10 });
      await grantCredits(h, player.user._id, 25);
      await call(h, 'POST', '/api/shop/purchase', { token: player.token, body: { itemId: drone.id } });
      const other = await registerPlayer(h);

      // Letter case aside, as usernames are compared.
      const res = await deleteAs(player, { password: player.password, confirm: player.user.username.toUpperCase() });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ deleted: true });

      expect(await meStatus(h, player.token)).toBe(401);
      expect(await meStatus(h, phone)).toBe(401);
      expect(await meStatus(h, other.token)).toBe(200);
      const login = await call(h, 'POST', '/api/auth/login', {
        body: { email: player.user.email, password: player.password },
      });
      expect(login.status).toBe(401);

      const row = await h.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', player.user._id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email: `deleted-${player.user._id}@deleted.invalid`,
        username: `Deleted player ${player.user._id.slice(0, 8)}`,
        discord_id: null,
        discord_username: null,
        is_admin: 0,
        credits: 15,
        deleted_at: '2026-11-22T12:00:00.000Z',
      });
      const rowText = JSON.stringify(row);
      expect(rowText).not.toContain(player.user.email);
      expect(rowText.toLowerCase()).not.toContain(player.user.username.toLowerCase());
      const sessions = await h.ctx.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', player.user._id)
        .execute();
      expect(sessions).toEqual([]);
      // The accounting stays, under the row's new name.
      const ledger = await h.ctx.db
        .selectFrom('credit_ledger')
        .selectAll()
        .where('user_id', '=', player.user._id)
        .execute();
      expect(ledger.map((e) => Number(e.delta)).sort()).toEqual([-10, 25]);
      const audit = await h.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'account.delete').execute();
      expect(audit).toEqual([expect.objectContaining({ actor_id: player.user._id, target_id: player.user._id })]);
      expect(audit[0]?.after).not.toContain(player.user.email);

      // The old email and username can register again.
      const again = await call(h, 'POST', '/api/auth/register', {
        body: { email: player.user.email, username: player.user.username, password: player.password },
      });
      expect(again.status, again.text).toBe(201);
      expect(again.json.user._id).not.toBe(player.user._id);
      expect(again.json.user.credits).toBe(0);
    });

    it('queues the Discord role removal for the linked account', async () => {
      const player = await registerPlayer(h);
      await updateDiscordLink(
        h.ctx.db,
        player.user._id,
        { discordId: '80351110224678912', discordUsername: 'nova' },
        'x',
      );
      expect((await deleteAs(player, { password: player.password, confirm: player.user.username })).status).toBe(200);
      const jobs = await h.ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'discord.sync_roles').execute();
      expect(jobs.map((job) => [job.status, JSON.parse(job.payload)])).toEqual([
        ['pending', { userId: player.user._id, discordId: '80351110224678912' }],
      ]);
    });

    it('cancels an active subscription at the payment provider and takes the tier away', async () => {
      const cadet = await addTier(h, { name: 'Cadet', price_cents: 499 });
      const player = await registerPlayer(h);
      await subscribeOnSandbox(h, player.token, cadet.id);
      expect((await meOf(h, player.token)).currentTier?.name).toBe('Cadet');

      expect((await deleteAs(player, { password: player.password, confirm: player.user.username })).status).toBe(200);

      const [subscription] = await h.ctx.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', player.user._id)
        .execute();
      expect(subscription).toMatchObject({ status: 'canceled', hold: 'account_deleted' });
      expect(subscription?.hold_settled_at).not.toBeNull();
      const user = await h.ctx.db.selectFrom('users').selectAll().where('id', '=', player.user._id).executeTakeFirst();
      expect(user?.current_tier_id).toBeNull();
      // Nothing renews it later.
      h.clock.advance(40 * 24 * 60 * 60_000);
      await h.ctx.payments.renewDueSubscriptions(h.ctx);
      const payments = await h.ctx.db
        .selectFrom('payments')
        .selectAll()
        .where('user_id', '=', player.user._id)
        .execute();
      expect(payments.map((p) => p.kind)).toEqual(['subscription']);
    });

    it('leaves nothing that could sign in or recover the account: links, two-factor, sign-in steps', async () => {
      const player = await registerPlayer(h);
      const admin = await registerPlayer(h);
      await grantAdmin(h.ctx, admin.user.email, 'test');
      await turnOnTwoFactor(h, player.token);
      // A reset link an admin made, still open when the account goes.
      const link = await call(h, 'POST', `/api/admin/users/${player.user._id}/reset-link`, { token: admin.token });
      expect(link.status, link.text).toBe(200);
      const token = new URL(link.json.url).searchParams.get('token');
      const step = await call(h, 'POST', '/api/auth/login', {
        body: { email: player.user.email, password: player.password },
      });
      expect(step.json.twoFactorRequired).toBe(true);

      const res = await deleteAs(player, { password: player.password, confirm: player.user.username });
      expect(res.status, res.text).toBe(200);

      for (const table of ['account_tokens', 'two_factor', 'two_factor_recovery_codes', 'login_challenges'] as const) {
        const rows = await h.ctx.db.selectFrom(table).selectAll().where('user_id', '=', player.user._id).execute();
        expect(rows, table).toEqual([]);
      }
      const reset = await call(h, 'POST', '/api/auth/reset-password', {
        body: { token, password: 'Nebula-drift-8812' },
      });
      expect(reset.status).toBe(400);
      const again = await call(h, 'POST', `/api/admin/users/${player.user._id}/reset-link`, { token: admin.token });
      expect(again.status).toBe(409);
      expect(again.json.error.message).toBe('This account was deleted by its player: it has no password to reset');
    });

    it('refuses the last administrator, and lets one go while another remains', async () => {
      const admin = await registerPlayer(h);
      await grantAdmin(h.ctx, admin.user.email, 'test');
      const confirm = { password: admin.password, confirm: admin.user.username };
      const before = await snapshot(h);
      const refused = await deleteAs(admin, confirm);
      expect(refused.status).toBe(409);
      expect(refused.json.error.message).toBe(
        'You are the last administrator: make another player an administrator before deleting your account',
      );
      expect(await snapshot(h)).toEqual(before);

      const second = await registerPlayer(h);
      await grantAdmin(h.ctx, second.user.email, 'test');
      expect((await deleteAs(admin, confirm)).status).toBe(200);
      expect((await call(h, 'GET', '/api/admin/users', { token: second.token })).status).toBe(200);
      const refusedNow = await deleteAs(second, { password: second.password, confirm: second.user.username });
      expect(refusedNow.status).toBe(409);
    });

    it('refuses a guest', async () => {
      expect((await call(h, 'POST', '/api/account/delete', { body: { password: 'x', confirm: 'y' } })).status).toBe(
        401,
      );
    });
  });
});

/** A sandbox subscription, paid on the site's own checkout page: the player holds the tier. */
async function subscribeOnSandbox(h: TestHarness, token: string, tierId: string) {
  const start = await call(h, 'POST', '/api/stripe/subscribe', { token, body: { tierId } });
  expect(start.status, start.text).toBe(200);
  const orderId = (start.json.url as string).split('/').pop();
  const paid = await call(h, 'POST', `/api/stripe/orders/${orderId}/pay`, { token });
  expect(paid.status, paid.text).toBe(200);
}

describe.each(dialects)('deleting an account with a Stripe subscription on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
  });
  afterEach(async () => {
    await close();
  });

  /** Subscribes through Stripe's Checkout and delivers the completed event: the player holds the tier. */
  async function subscribeOnStripe(token: string, tierId: string): Promise<string> {
    const res = await call(h, 'POST', '/api/stripe/subscribe', { token, body: { tierId } });
    expect(res.status, res.text).toBe(200);
    const completed = fake.completeCheckout((res.json.url as string).split('/').pop() as string);
    expect((await deliver(h, fake.event('checkout.session.completed', completed.session))).status).toBe(200);
    return completed.subscriptionId as string;
  }

  const subscriptionRow = (id: string) =>
    h.ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', id)
      .executeTakeFirstOrThrow();

  it('cancels the subscription at Stripe, so the card is not charged again', async () => {
    const cadet = await addTier(h, { name: 'Cadet', price_cents: 499 });
    const player = await registerPlayer(h);
    const subscriptionId = await subscribeOnStripe(player.token, cadet.id);

    const res = await call(h, 'POST', '/api/account/delete', {
      token: player.token,
      body: { password: player.password, confirm: player.user.username },
    });
    expect(res.status, res.text).toBe(200);
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'canceled', hold: 'account_deleted' });
  });

  it('deletes the account while Stripe is down, and cancels the subscription once Stripe answers', async () => {
    const cadet = await addTier(h, { name: 'Cadet', price_cents: 499 });
    const player = await registerPlayer(h);
    const subscriptionId = await subscribeOnStripe(player.token, cadet.id);

    fake.failEverything = true;
    const res = await call(h, 'POST', '/api/account/delete', {
      token: player.token,
      body: { password: player.password, confirm: player.user.username },
    });
    expect(res.status, res.text).toBe(200);
    expect(await meStatus(h, player.token)).toBe(401);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ hold: 'account_deleted', hold_settled_at: null });

    fake.failEverything = false;
    // The schedule's settling pass (services/jobs/schedule.ts: payments.settle_holds).
    expect(await settleSubscriptionHolds(h.ctx)).toBe(1);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'canceled' });
  }, 30_000);
});

describe.each(dialects)('the notice of a deleted account on %s', (dialect) => {
  let h: MailHarness;
  beforeEach(async () => {
    h = await createMailHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('mails the address the account had, once the deletion has committed', async () => {
    const player = await registerPlayer(h);
    const refused = await call(h, 'POST', '/api/account/delete', {
      token: player.token,
      body: { password: 'Not-My-Password-1', confirm: player.user.username },
    });
    expect(refused.status).toBe(403);
    await deliverMail(h);
    expect(h.sink.received.filter((mail) => mail.subject.includes('deleted'))).toEqual([]);

    const res = await call(h, 'POST', '/api/account/delete', {
      token: player.token,
      body: { password: player.password, confirm: player.user.username },
    });
    expect(res.status, res.text).toBe(200);
    await deliverMail(h);
    // The first mail to the address is the verification link sent at sign-up.
    const mails = await h.sink.waitFor(player.user.email, 2);
    expect(mails.map((m) => m.subject)).toEqual([
      'Starport: Verify your email address',
      'Starport: Your account was deleted',
    ]);
    const mail = mails[1];
    expect(mail?.text).toContain(`Hello ${player.user.username},`);
    expect(mail?.text).toContain('every device is signed out');
    expect(mail?.text).not.toContain('subscription');
  });
});
