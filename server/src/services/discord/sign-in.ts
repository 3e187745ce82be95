// "Sign in with Discord" (issue 19) for accounts that have linked Discord: the same OAuth app,
// state, browser cookie and PKCE as linking (oauth.ts), and the same callback address, told apart
// by whose state comes back. The account whose discord_id matches is signed in; with two-factor on,
// the login page then asks for its code. An unknown Discord account creates nothing, and is told so.
// Every ending is a login page address: a ticket or a challenge in its fragment (never sent to a
// server, never in a log), or a failure code in ?discord_error.
import type { DiscordSignInFailure } from '@starport/api-client/contract';
import { createDiscordClient } from '../../adapters/discord.ts';
import type { AppContext } from '../../context.ts';
import { insertSignInState, purgeSignInStates, takeSignInState } from '../../db/repositories/discord-sign-in-states.ts';
import { hasTwoFactorEnabled } from '../../db/repositories/two-factor.ts';
import { findUserByDiscordId } from '../../db/repositories/users.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/ids.ts';
import { createLoginChallenge } from '../accounts/login-challenges.ts';
import { isDiscordConfigured } from './link.ts';
import { authoriseUrl, callbackUrl, DISCORD_STATE_TTL_MS, isSameBrowser, newAuthorisation } from './oauth.ts';

export const DISCORD_SIGN_IN_COOKIE = 'starport_discord_sign_in';
const LOGIN_PAGE = '/login';

const failed = (failure: DiscordSignInFailure) => `${LOGIN_PAGE}?discord_error=${failure}`;

/** Starts a sign-in: Discord's authorise URL and the browser nonce for the cookie, or where to go when Discord is not set up. */
export async function startDiscordSignIn(
  ctx: AppContext,
): Promise<{ redirectUrl: string; browserNonce: string | null }> {
  if (!isDiscordConfigured(ctx)) return { redirectUrl: failed('not_configured'), browserNonce: null };
  const now = ctx.clock();
  const start = newAuthorisation();
  await purgeSignInStates(ctx.db, toIso(now));
  await insertSignInState(ctx.db, {
    stateHash: start.stateHash,
    browserHash: start.browserHash,
    codeVerifier: start.codeVerifier,
    expiresAt: toIso(addMs(now, DISCORD_STATE_TTL_MS)),
    now: toIso(now),
  });
  return { redirectUrl: authoriseUrl(ctx, start, 'identify'), browserNonce: start.browserNonce };
}

/**
 * Finishes a sign-in on Discord's redirect back, when the state is a sign-in's (null otherwise: the
 * callback is linking's). The state is used up whatever happens next. Never throws a refusal.
 */
export async function finishDiscordSignIn(
  ctx: AppContext,
  query: { code?: string; state?: string; error?: string },
  browserNonce: string | undefined,
): Promise<string | null> {
  if (!query.state) return null;
  const saved = await takeSignInState(ctx.db, sha256Hex(query.state));
  if (!saved) return null;
  if (!isDiscordConfigured(ctx)) return failed('not_configured');
  if (saved.expires_at <= toIso(ctx.clock())) return failed('expired');
  if (query.error) return failed('cancelled');
  if (!isSameBrowser(browserNonce, saved.browser_hash)) return failed('other_browser');
  if (!query.code) return failed('cancelled');

  let discordId: string;
  try {
    const discord = createDiscordClient(ctx.config.discord);
    const { access_token: accessToken } = await discord.exchangeCode(query.code, callbackUrl(ctx), saved.code_verifier);
    discordId = (await discord.getCurrentUser(accessToken)).id;
  } catch (error) {
    ctx.logger.warn('discord.sign_in_failed', { error: String(error) });
    return failed('unavailable');
  }

  const user = await findUserByDiscordId(ctx.db, discordId);
  if (!user) {
    ctx.logger.info('discord.sign_in_unknown', { discordId });
    return failed('unknown_account');
  }
  if (await hasTwoFactorEnabled(ctx.db, user.id)) {
    const challenge = await createLoginChallenge(ctx, user.id, 'code');
    return `${LOGIN_PAGE}#challenge=${encodeURIComponent(challenge)}`;
  }
  const ticket = await createLoginChallenge(ctx, user.id, 'discord');
  return `${LOGIN_PAGE}#discord_ticket=${encodeURIComponent(ticket)}`;
}
