// /api/discord: linking a player's Discord account (SPEC.md §7) and its status.
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { findUserById } from '../db/repositories/users.ts';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { toUserView } from '../services/accounts/user-view.ts';
import {
  DISCORD_BROWSER_COOKIE,
  DISCORD_STATE_TTL_MS,
  finishDiscordLink,
  getDiscordStatus,
  startDiscordLink,
  unlinkDiscord,
} from '../services/discord/link.ts';

/** The site page that starts linking with the stored session (the thank-you modal's button). */
export const DISCORD_CONNECT_PAGE = '/discord/connect';
const COOKIE_PATH = '/api/discord';

export const discordRoutes = new Hono<AppEnv>()
  .get('/status', requireUser, async (c) => c.json(await getDiscordStatus(c.get('ctx'), c.get('user').id)))
  .get('/link', requireUser, async (c) => {
    const ctx = c.get('ctx');
    const { redirectUrl, browserNonce } = await startDiscordLink(ctx, c.get('user').id);
    // Binds the state to this browser: a link started elsewhere cannot be finished here.
    setCookie(c, DISCORD_BROWSER_COOKIE, browserNonce, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: ctx.config.publicUrl.startsWith('https://'),
      maxAge: DISCORD_STATE_TTL_MS / 1000,
    });
    return c.json({ redirectUrl });
  })
  .get('/callback', async (c) => {
    const ctx = c.get('ctx');
    const result = await finishDiscordLink(
      ctx,
      { code: c.req.query('code'), state: c.req.query('state'), error: c.req.query('error') },
      getCookie(c, DISCORD_BROWSER_COOKIE),
    );
    deleteCookie(c, DISCORD_BROWSER_COOKIE, { path: COOKIE_PATH });
    // A code, never a sentence: the site shows its own text for each (contract/discord.ts).
    const target = result.ok ? '/dashboard?discord_success=1' : `/dashboard?discord_error=${result.failure}`;
    return c.redirect(target, 302);
  })
  // A browser navigation carries no bearer token, so the site page does the signed-in part.
  .get('/auth', (c) => c.redirect(DISCORD_CONNECT_PAGE, 302))
  .post('/unlink', requireUser, async (c) => {
    const ctx = c.get('ctx');
    await unlinkDiscord(ctx, c.get('user').id);
    const user = await findUserById(ctx.db, c.get('user').id);
    return c.json({ user: user ? toUserView(user) : null });
  });
