// "Sign in with Discord" (issue 19) against the local fake Discord over real HTTP: the same OAuth app,
// callback, state, browser cookie and PKCE as linking. The account whose Discord is linked signs in
// through a one-time ticket in the login page's fragment; with two-factor on, the page asks for the
// code; an unknown Discord account creates nothing and is told so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, fakeDiscordEnv, startFakeDiscord } from './fakes/fake-discord.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';
import { appCode, turnOnTwoFactor } from './helpers/two-factor.ts';

const SITE = 'https://play.starport.test';

describe.each(dialects)('Sign in with Discord on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeDiscord;
  beforeEach(async () => {
    fake = await startFakeDiscord();
    h = await createHarness(dialect, { env: { ...fakeDiscordEnv(fake), PUBLIC_URL: SITE } });
  });
  afterEach(async () => {
    await h.close();
    await fake.close();
  });

  /** The browser's way: /api/discord/sign-in, Discord's page, back to the callback; where it lands. */
  async function signInWithDiscord(
    options: { button?: 'authorize' | 'cancel'; cookie?: (own: string) => string } = {},
  ) {
    const start = await call(h, 'GET', '/api/discord/sign-in');
    expect(start.status).toBe(302);
    const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const redirectUrl = new URL(start.headers.get('location') as string);
    const page = await (await fetch(redirectUrl)).text();
    const button = options.button ?? 'authorize';
    const href = new RegExp(`id="${button}" href="([^"]+)"`).exec(page)?.[1]?.replace(/&amp;/g, '&') as string;
    const back = new URL(href);
    const res = await call(h, 'GET', `${back.pathname}${back.search}`, {
      headers: { cookie: options.cookie ? options.cookie(cookie) : cookie },
    });
    expect(res.status).toBe(302);
    return { redirectUrl, cookie, landing: new URL(res.headers.get('location') as string, SITE) };
  }

  async function linkedPlayer() {
    const player = await registerPlayer(h);
    await h.ctx.db
      .updateTable('users')
      .set({ discord_id: fake.nextUser.id, discord_username: fake.nextUser.username })
      .where('id', '=', player.user._id)
      .execute();
    return player;
  }

  it('signs in the account that linked this Discord account, through a ticket that works once', async () => {
    const player = await linkedPlayer();
    const { redirectUrl, cookie, landing } = await signInWithDiscord();
    expect(Object.fromEntries(redirectUrl.searchParams)).toEqual({
      client_id: fake.clientId,
      redirect_uri: `${SITE}/api/discord/callback`,
      response_type: 'code',
      scope: 'identify',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      prompt: 'consent',
    });
    expect(cookie).toMatch(/^starport_discord_sign_in=/);

    expect(landing.pathname).toBe('/login');
    expect(landing.search).toBe('');
    const ticket = new URLSearchParams(landing.hash.slice(1)).get('discord_ticket') as string;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const signedIn = await call(h, 'POST', '/api/auth/login/discord', { body: { ticket } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user).toMatchObject({ _id: player.user._id, discordId: fake.nextUser.id });
    expect((await call(h, 'GET', '/api/auth/me', { token: signedIn.json.token })).status).toBe(200);

    const again = await call(h, 'POST', '/api/auth/login/discord', { body: { ticket } });
    expect(again.status).toBe(401);
    expect(again.json.error.message).toBe('Your Discord sign-in has expired. Please try again');
  });

  it('lets a ticket expire after a minute', async () => {
    await linkedPlayer();
    const { landing } = await signInWithDiscord();
    const ticket = new URLSearchParams(landing.hash.slice(1)).get('discord_ticket') as string;
    h.clock.advance(61_000);
    expect((await call(h, 'POST', '/api/auth/login/discord', { body: { ticket } })).status).toBe(401);
  });

  it('asks for the two-factor code when it is on, and a ticket cannot skip it', async () => {
    const player = await linkedPlayer();
    const { secret } = await turnOnTwoFactor(h, player.token);
    const { landing } = await signInWithDiscord();
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('discord_ticket')).toBeNull();
    const challenge = fragment.get('challenge') as string;
    expect((await call(h, 'POST', '/api/auth/login/discord', { body: { ticket: challenge } })).status).toBe(401);

    const done = await call(h, 'POST', '/api/auth/login/2fa', { body: { challenge, code: appCode(h, secret) } });
    expect(done.status).toBe(200);
    expect(done.json.user._id).toBe(player.user._id);
  });

  it('tells an unknown Discord account so on the login page, and creates no account', async () => {
    await registerPlayer(h);
    const before = await h.ctx.db.selectFrom('users').select('id').execute();
    const { landing } = await signInWithDiscord();
    expect(landing.pathname + landing.search + landing.hash).toBe('/login?discord_error=unknown_account');
    expect(await h.ctx.db.selectFrom('users').select('id').execute()).toEqual(before);
  });

  it('refuses a cancelled, other-browser or replayed sign-in, and one without the PKCE verifier', async () => {
    await linkedPlayer();
    const cancelled = await signInWithDiscord({ button: 'cancel' });
    expect(cancelled.landing.pathname + cancelled.landing.search).toBe('/login?discord_error=cancelled');

    const elsewhere = await signInWithDiscord({ cookie: () => 'starport_discord_sign_in=someone-else' });
    expect(elsewhere.landing.pathname + elsewhere.landing.search).toBe('/login?discord_error=other_browser');

    // A state is used up by its first return: the same address again is a link's callback that knows nothing.
    const start = await call(h, 'GET', '/api/discord/sign-in');
    const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const page = await (await fetch(start.headers.get('location') as string)).text();
    const back = new URL(/id="authorize" href="([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&') as string);
    const first = await call(h, 'GET', `${back.pathname}${back.search}`, { headers: { cookie } });
    expect(first.headers.get('location')).toMatch(/^\/login#discord_ticket=/);
    const replay = await call(h, 'GET', `${back.pathname}${back.search}`, { headers: { cookie } });
    expect(replay.headers.get('location')).not.toMatch(/^\/login#/);

    // The fake Discord holds the code to its PKCE challenge: an exchange without the verifier fails.
    const stolen = await (await fetch(start.headers.get('location') as string)).text();
    const code = new URL(
      /id="authorize" href="([^"]+)"/.exec(stolen)?.[1]?.replace(/&amp;/g, '&') as string,
    ).searchParams.get('code') as string;
    const exchange = await fetch(`${fake.apiBase}/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${SITE}/api/discord/callback`,
      }),
    });
    expect(exchange.status).toBe(400);
  });

  it('says when Discord is unavailable, and when it is not configured', async () => {
    await linkedPlayer();
    fake.fail({ method: 'POST', pathIncludes: '/oauth2/token', status: 500 });
    const { landing } = await signInWithDiscord();
    expect(landing.pathname + landing.search).toBe('/login?discord_error=unavailable');

    const bare = await createHarness(dialect, { env: { PUBLIC_URL: SITE } });
    try {
      const start = await call(bare, 'GET', '/api/discord/sign-in');
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toBe('/login?discord_error=not_configured');
      expect(start.headers.get('set-cookie')).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
