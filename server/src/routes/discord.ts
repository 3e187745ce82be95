// /api/discord: linking a player's Discord account (SPEC.md §7) and its status, and signing in with it.
import { landingPath } from '@starport/api-client/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { findUserById } from '../db/repositories/users.ts';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { toUserView } from '../services/accounts/user-view.ts';
import { publicVisibleTabs } from '../services/catalogue/site-settings.ts';
import {
  DISCORD_BROWSER_COOKIE,
  DISCORD_STATE_TTL_MS,
  finishDiscordLink,
  getDiscordStatus,
  startDiscordLink,
  unlinkDiscord,
} from '../services/discord/link.ts';
import { DISCORD_SIGN_IN_COOKIE, finishDiscordSignIn, startDiscordSignIn } from '../services/discord/sign-in.ts';

/** The site page that starts linking with the stored session (the thank-you modal's button). */
export const DISCORD_CONNECT_PAGE = '/discord/connect';
const COOKIE_PATH = '/api/discord';

/** Binds a state to this browser: an authorisation started elsewhere cannot be finished here. */
function setBrowserCookie(c: Context<AppEnv>, name: string, nonce: string, publicUrl: string) {
  setCookie(c, name, nonce, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: publicUrl.startsWith('https://'),
    maxAge: DISCORD_STATE_TTL_MS / 1000,
  });
}

export const discordRoutes = new Hono<AppEnv>()
  .get('/status', requireUser, async (c) => c.json(await getDiscordStatus(c.get('ctx'), c.get('user').id)))
  .get('/link', requireUser, async (c) => {
    const ctx = c.get('ctx');
    const { redirectUrl, browserNonce } = await startDiscordLink(ctx, c.get('user').id);
    setBrowserCookie(c, DISCORD_BROWSER_COOKIE, browserNonce, ctx.config.publicUrl);
    return c.json({ redirectUrl });
  })
  // "Sign in with Discord" (a browser navigation from the login page): no session, so no bearer token.
  .get('/sign-in', async (c) => {
    const ctx = c.get('ctx');
    const { redirectUrl, browserNonce } = await startDiscordSignIn(ctx);
    if (browserNonce) setBrowserCookie(c, DISCORD_SIGN_IN_COOKIE, browserNonce, ctx.config.publicUrl);
    return c.redirect(redirectUrl, 302);
  })
  // One callback for the one OAuth app: a sign-in's state ends on the login page, a link's where a
  // player lands (contract/tab-paths.ts landingPath): the dashboard, or home while its tab is hidden.
  .get('/callback', async (c) => {
    const ctx = c.get('ctx');
    const query = { code: c.req.query('code'), state: c.req.query('state'), error: c.req.query('error') };
    const signIn = await finishDiscordSignIn(ctx, query, getCookie(c, DISCORD_SIGN_IN_COOKIE));
    if (signIn) {
      deleteCookie(c, DISCORD_SIGN_IN_COOKIE, { path: COOKIE_PATH });
      return c.redirect(signIn, 302);
    }
    const result = await finishDiscordLink(ctx, query, getCookie(c, DISCORD_BROWSER_COOKIE));
    deleteCookie(c, DISCORD_BROWSER_COOKIE, { path: COOKIE_PATH });
    // A code, never a sentence: the site shows its own text for each (contract/discord.ts).
    const landing = landingPath(await publicVisibleTabs(ctx));
    return c.redirect(`${landing}?${result.ok ? 'discord_success=1' : `discord_error=${result.failure}`}`, 302);
  })
  // A browser navigation carries no bearer token, so the site page does the signed-in part.
  .get('/auth', (c) => c.redirect(DISCORD_CONNECT_PAGE, 302))
  .post('/unlink', requireUser, async (c) => {
    const ctx = c.get('ctx');
    await unlinkDiscord(ctx, c.get('user').id);
    const user = await findUserById(ctx.db, c.get('user').id);
    return c.json({ user: user ? toUserView(user) : null });
  });
