// Discord linking and role sync against a local fake Discord over real HTTP (SPEC.md §7,
// SECURITY.md "Outside services"). A failed link lands on the dashboard (home while its tab is hidden)
// with a code in ?discord_error, never a sentence: the site maps the code to its own text.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDueJob } from '../src/db/repositories/jobs.ts';
import { addMs, toIso } from '../src/lib/clock.ts';
import { grantAdmin } from '../src/services/admin/administrators.ts';
import { enqueueRoleSync, ROLE_SYNC_JOB, runDueRoleSyncs } from '../src/services/discord/roles.ts';
import { type FakeDiscord, fakeDiscordEnv, startFakeDiscord } from './fakes/fake-discord.ts';
import { addTier } from './helpers/catalogue-factories.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(dialects)('Discord on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeDiscord;
  let player: Player;
  beforeEach(async () => {
    fake = await startFakeDiscord();
    h = await createHarness(dialect, { env: { ...fakeDiscordEnv(fake), PUBLIC_URL: 'https://play.starport.test' } });
    player = await registerPlayer(h);
  });
  afterEach(async () => {
    await h.close();
    await fake.close();
  });

  /** GET /link as the player: the authorise URL, and the cookie the browser would keep. */
  async function startLink(who: Player = player) {
    const res = await call(h, 'GET', '/api/discord/link', { token: who.token });
    expect(res.status).toBe(200);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
    return { redirectUrl: new URL(res.json.redirectUrl), cookie };
  }

  /** What the player's browser does on the fake's page: press Authorize (or Cancel), then follow back. */
  async function authorize(redirectUrl: URL, button: 'authorize' | 'cancel' = 'authorize') {
    const page = await (await fetch(redirectUrl)).text();
    const href = new RegExp(`id="${button}" href="([^"]+)"`).exec(page)?.[1]?.replace(/&amp;/g, '&') as string;
    return new URL(href);
  }

  async function callback(back: URL, cookie: string) {
    const res = await call(h, 'GET', `${back.pathname}${back.search}`, { headers: { cookie } });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location') as string, 'https://play.starport.test');
  }

  const me = async (who: Player = player) => (await call(h, 'GET', '/api/auth/me', { token: who.token })).json.user;

  it('links through Discord: state, code exchange, guild join, the dashboard, the status', async () => {
    const { redirectUrl, cookie } = await startLink();
    expect(redirectUrl.origin + redirectUrl.pathname).toBe(fake.authorizeUrl);
    expect(Object.fromEntries(redirectUrl.searchParams)).toEqual({
      client_id: fake.clientId,
      redirect_uri: 'https://play.starport.test/api/discord/callback',
      response_type: 'code',
      scope: 'identify guilds.join',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      // PKCE (RFC 7636): the fake Discord refuses the code exchange without the verifier of this challenge.
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      prompt: 'consent',
    });
    expect(cookie).toMatch(/^starport_discord_link=/);

    const back = await authorize(redirectUrl);
    const landing = await callback(back, cookie);
    expect(landing.pathname + landing.search).toBe('/dashboard?discord_success=1');
    expect(await me()).toMatchObject({ discordId: fake.nextUser.id, discordUsername: 'nova_pilot' });
    expect(fake.members.has(fake.nextUser.id)).toBe(true);

    const status = await call(h, 'GET', '/api/discord/status', { token: player.token });
    expect(status.json).toEqual({
      configured: true,
      linked: true,
      discordId: fake.nextUser.id,
      discordUsername: 'nova_pilot',
      inGuild: true,
    });
    // No token or state ever lands in a log line.
    const logText = JSON.stringify(h.logs);
    expect(logText).not.toContain(redirectUrl.searchParams.get('state'));
    expect(logText).not.toContain(player.token);
  });

  it('refuses a tampered, replayed, expired, cancelled or other-browser state and links nothing', async () => {
    const tampered = await startLink();
    const tamperedBack = await authorize(tampered.redirectUrl);
    tamperedBack.searchParams.set('state', `${tamperedBack.searchParams.get('state')}x`);
    expect((await callback(tamperedBack, tampered.cookie)).searchParams.get('discord_error')).toBe('expired');

    const replay = await startLink();
    const replayBack = await authorize(replay.redirectUrl);
    expect((await callback(replayBack, replay.cookie)).searchParams.has('discord_success')).toBe(true);
    await call(h, 'POST', '/api/discord/unlink', { token: player.token });
    expect((await callback(replayBack, replay.cookie)).searchParams.get('discord_error')).toBe('expired');

    const late = await startLink();
    const lateBack = await authorize(late.redirectUrl);
    h.clock.advance(10 * 60_000 + 1);
    expect((await callback(lateBack, late.cookie)).searchParams.get('discord_error')).toBe('expired');

    const cancelled = await startLink();
    expect(
      (await callback(await authorize(cancelled.redirectUrl, 'cancel'), cancelled.cookie)).searchParams.get(
        'discord_error',
      ),
    ).toBe('cancelled');

    const elsewhere = await startLink();
    expect(
      (await callback(await authorize(elsewhere.redirectUrl), 'starport_discord_link=someone-else')).searchParams.get(
        'discord_error',
      ),
    ).toBe('other_browser');
    expect(await me()).toMatchObject({ discordId: null, discordUsername: null });
  });

  // Issue 23: the result lands where the player can see it, the home page, while the dashboard's tab is hidden.
  it('comes back home instead of to a hidden dashboard, with the result, and to the dashboard again once shown', async () => {
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    const setDashboard = async (dashboard: boolean) =>
      expect(
        (
          await call(h, 'PATCH', '/api/admin/site-settings', {
            token: admin.token,
            body: { visibleTabs: { dashboard } },
          })
        ).status,
      ).toBe(200);
    await setDashboard(false);

    const cancelled = await startLink();
    const back = await callback(await authorize(cancelled.redirectUrl, 'cancel'), cancelled.cookie);
    expect(back.pathname + back.search).toBe('/?discord_error=cancelled');

    const linked = await startLink();
    const landing = await callback(await authorize(linked.redirectUrl), linked.cookie);
    expect(landing.pathname + landing.search).toBe('/?discord_success=1');
    expect(await me()).toMatchObject({ discordId: fake.nextUser.id });

    await call(h, 'POST', '/api/discord/unlink', { token: player.token });
    await setDashboard(true);
    const again = await startLink();
    const shown = await callback(await authorize(again.redirectUrl), again.cookie);
    expect(shown.pathname + shown.search).toBe('/dashboard?discord_success=1');
  });

  it('links one Discord account to one player only', async () => {
    const first = await startLink();
    await callback(await authorize(first.redirectUrl), first.cookie);
    const other = await registerPlayer(h);
    const second = await startLink(other);
    const landing = await callback(await authorize(second.redirectUrl), second.cookie);
    expect(landing.searchParams.get('discord_error')).toBe('already_linked');
    expect(await me(other)).toMatchObject({ discordId: null });
    expect(await me()).toMatchObject({ discordId: fake.nextUser.id });
  });

  it('says when Discord is unavailable and links nothing', async () => {
    const { redirectUrl, cookie } = await startLink();
    fake.fail({ method: 'POST', pathIncludes: '/oauth2/token', status: 500 });
    const landing = await callback(await authorize(redirectUrl), cookie);
    expect(landing.searchParams.get('discord_error')).toBe('unavailable');
    expect(await me()).toMatchObject({ discordId: null });
  });

  it('keeps the roles equal to the tier on each change, and clears them on unlink', async () => {
    const cadet = await addTier(h, { name: 'Cadet', discord_role_id: 'role-cadet' });
    const captain = await addTier(h, { name: 'Captain', discord_role_id: 'role-captain' });
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    const { redirectUrl, cookie } = await startLink();
    await callback(await authorize(redirectUrl), cookie);
    const roles = () => [...(fake.members.get(fake.nextUser.id) ?? [])].sort();
    fake.members.get(fake.nextUser.id)?.add('role-unrelated');

    const setTier = (tierId: string) =>
      call(h, 'PATCH', `/api/admin/users/${player.user._id}/tier`, { token: admin.token, body: { tierId } });
    await setTier(cadet.id);
    await runDueRoleSyncs(h.ctx);
    expect(roles()).toEqual(['role-cadet', 'role-unrelated']);
    await setTier(captain.id);
    await runDueRoleSyncs(h.ctx);
    expect(roles()).toEqual(['role-captain', 'role-unrelated']);
    await setTier('');
    await runDueRoleSyncs(h.ctx);
    expect(roles()).toEqual(['role-unrelated']);

    await setTier(captain.id);
    await runDueRoleSyncs(h.ctx);
    const unlinked = await call(h, 'POST', '/api/discord/unlink', { token: player.token });
    expect(unlinked.json.user).toMatchObject({ discordId: null, discordUsername: null });
    await runDueRoleSyncs(h.ctx);
    expect(roles()).toEqual(['role-unrelated']);
  });

  it('takes the supporter role off the old account when a player links another one', async () => {
    const captain = await addTier(h, { name: 'Captain', discord_role_id: 'role-captain' });
    await h.ctx.db.updateTable('users').set({ current_tier_id: captain.id }).execute();
    const first = await startLink();
    await callback(await authorize(first.redirectUrl), first.cookie);
    await runDueRoleSyncs(h.ctx);
    const oldId = fake.nextUser.id;
    expect(fake.members.get(oldId)?.has('role-captain')).toBe(true);

    fake.nextUser = { id: '100000000000000002', username: 'second_account' };
    const second = await startLink();
    await callback(await authorize(second.redirectUrl), second.cookie);
    await runDueRoleSyncs(h.ctx);
    expect(await me()).toMatchObject({ discordId: '100000000000000002', discordUsername: 'second_account' });
    expect(fake.members.get('100000000000000002')?.has('role-captain')).toBe(true);
    expect(fake.members.get(oldId)?.has('role-captain')).toBe(false);
  });

  it('retries through a 429 after retry_after and through a 500 with backoff', async () => {
    const captain = await addTier(h, { name: 'Captain', discord_role_id: 'role-captain' });
    const { redirectUrl, cookie } = await startLink();
    await callback(await authorize(redirectUrl), cookie);
    await runDueRoleSyncs(h.ctx);
    await h.ctx.db.updateTable('users').set({ current_tier_id: captain.id }).execute();
    await h.ctx.db.transaction().execute(async (trx) => {
      await enqueueRoleSync(trx, { userId: player.user._id }, toIso(h.clock()));
    });
    fake.fail({
      method: 'PUT',
      pathIncludes: '/roles/',
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 2.5, global: false },
    });
    fake.fail({ method: 'PUT', pathIncludes: '/roles/', status: 500 });

    await runDueRoleSyncs(h.ctx);
    expect(fake.members.get(fake.nextUser.id)?.has('role-captain')).toBe(false);
    h.clock.advance(2000);
    expect(await runDueRoleSyncs(h.ctx)).toBe(0);
    h.clock.advance(600);
    await runDueRoleSyncs(h.ctx);
    expect(fake.members.get(fake.nextUser.id)?.has('role-captain')).toBe(false);
    h.clock.advance(60_000);
    await runDueRoleSyncs(h.ctx);
    expect(fake.members.get(fake.nextUser.id)?.has('role-captain')).toBe(true);
    const job = await h.ctx.db.selectFrom('jobs').selectAll().orderBy('updated_at', 'desc').executeTakeFirstOrThrow();
    expect([job.status, job.attempts]).toEqual(['done', 3]);
  });

  it('finishes after a restart a job its stopped process had claimed', async () => {
    const captain = await addTier(h, { name: 'Captain', discord_role_id: 'role-captain' });
    const { redirectUrl, cookie } = await startLink();
    await callback(await authorize(redirectUrl), cookie);
    await runDueRoleSyncs(h.ctx);
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    await call(h, 'PATCH', `/api/admin/users/${player.user._id}/tier`, {
      token: admin.token,
      body: { tierId: captain.id },
    });
    // A process claims the job and dies before finishing it.
    const now = h.clock();
    expect(await claimDueJob(h.ctx.db, ROLE_SYNC_JOB, toIso(now), toIso(addMs(now, 60_000)))).not.toBeNull();
    expect(await runDueRoleSyncs(h.ctx)).toBe(0);
    h.clock.advance(60_001);
    expect(await runDueRoleSyncs(h.ctx)).toBe(1);
    expect(fake.members.get(fake.nextUser.id)?.has('role-captain')).toBe(true);
  });

  it('ends quietly for a member who left, and parks missing permissions for an admin without looping', async () => {
    const captain = await addTier(h, { name: 'Captain', discord_role_id: 'role-captain' });
    const { redirectUrl, cookie } = await startLink();
    await callback(await authorize(redirectUrl), cookie);
    await runDueRoleSyncs(h.ctx);
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    const setTier = (tierId: string) =>
      call(h, 'PATCH', `/api/admin/users/${player.user._id}/tier`, { token: admin.token, body: { tierId } });

    fake.fail({
      method: 'PUT',
      pathIncludes: '/roles/',
      status: 403,
      body: { message: 'Missing Permissions', code: 50013 },
    });
    await setTier(captain.id);
    await runDueRoleSyncs(h.ctx);
    h.clock.advance(24 * 3_600_000);
    expect(await runDueRoleSyncs(h.ctx)).toBe(0);
    const problems = await call(h, 'GET', '/api/admin/discord/problems', { token: admin.token });
    expect(problems.json.problems).toEqual([
      expect.objectContaining({
        userId: player.user._id,
        status: 'blocked',
        error: expect.stringMatching(/Manage Roles/),
      }),
    ]);

    const resync = await call(h, 'POST', `/api/admin/users/${player.user._id}/discord-resync`, { token: admin.token });
    expect(resync.json).toEqual({ queued: 1 });
    await runDueRoleSyncs(h.ctx);
    expect(fake.members.get(fake.nextUser.id)?.has('role-captain')).toBe(true);
    // Settled by the later success, the problem leaves the list.
    expect((await call(h, 'GET', '/api/admin/discord/problems', { token: admin.token })).json.problems).toEqual([]);

    fake.members.delete(fake.nextUser.id);
    await setTier('');
    await runDueRoleSyncs(h.ctx);
    const last = await h.ctx.db.selectFrom('jobs').selectAll().orderBy('updated_at', 'desc').executeTakeFirstOrThrow();
    expect(last.status).toBe('done');
  });

  it('lists the guild roles for the tier form', async () => {
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    const res = await call(h, 'GET', '/api/admin/discord/roles', { token: admin.token });
    expect(res.json.roles).toEqual([
      { id: 'role-admiral', name: 'Admiral' },
      { id: 'role-captain', name: 'Captain' },
      { id: 'role-cadet', name: 'Cadet' },
    ]);
  });
});

describe.each(dialects)('Discord not configured on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('answers 503 "Discord is not configured on this server" and reports it in the status', async () => {
    h = await createHarness(dialect);
    const player = await registerPlayer(h);
    const link = await call(h, 'GET', '/api/discord/link', { token: player.token });
    expect([link.status, link.json.error.message]).toEqual([503, 'Discord is not configured on this server']);
    const unlink = await call(h, 'POST', '/api/discord/unlink', { token: player.token });
    expect(unlink.status).toBe(503);
    const status = await call(h, 'GET', '/api/discord/status', { token: player.token });
    expect(status.json).toMatchObject({ configured: false, linked: false });
    const auth = await call(h, 'GET', '/api/discord/auth');
    expect([auth.status, auth.headers.get('location')]).toEqual([302, '/discord/connect']);
    // The callback sends the site a code, never a sentence (the site shows its own text for it).
    const back = await call(h, 'GET', '/api/discord/callback?code=x&state=y');
    expect([back.status, back.headers.get('location')]).toEqual([302, '/dashboard?discord_error=not_configured']);
    expect((await call(h, 'GET', '/api/discord/link')).status).toBe(401);
  });
});
