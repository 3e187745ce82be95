// Linking a player's Discord account over OAuth2 (SPEC.md §7 "Account and Discord"): a state that
// is random, single use, bound to the player and to the browser (a cookie), and good for 10
// minutes; one Discord account per player; joining the guild when a bot is configured. Every
// failure ends on the dashboard with a code (the contract's `discordLinkFailures`) the site shows
// as a reason a player understands.

import type { DiscordAvailability, DiscordLinkFailure } from '@starport/api-client/contract';
import { createDiscordClient, DiscordError } from '../../adapters/discord.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { insertLinkState, purgeLinkStates, takeLinkState } from '../../db/repositories/discord-link-states.ts';
import { findUserByDiscordId, findUserById, updateDiscordLink } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/ids.ts';
import { authoriseUrl, callbackUrl, DISCORD_STATE_TTL_MS, isSameBrowser, newAuthorisation } from './oauth.ts';
import { enqueueRoleSync, isBotConfigured } from './roles.ts';

export { DISCORD_STATE_TTL_MS } from './oauth.ts';
export const DISCORD_BROWSER_COOKIE = 'starport_discord_link';

export const discordMessages = {
  notConfigured: 'Discord is not configured on this server',
  notLinked: 'No Discord account is linked',
} as const;

export const isDiscordConfigured = (ctx: AppContext): boolean =>
  Boolean(ctx.config.discord.clientId && ctx.config.discord.clientSecret);

/** What the site tells everyone (GET /api/shop/site-settings): whether linking and tier roles work here. */
export const discordAvailability = (ctx: AppContext): DiscordAvailability => ({
  linking: isDiscordConfigured(ctx),
  roles: isBotConfigured(ctx),
});

function requireConfigured(ctx: AppContext): void {
  if (!isDiscordConfigured(ctx)) throw new AppError('service_unavailable', discordMessages.notConfigured);
}

export interface DiscordStatus {
  configured: boolean;
  linked: boolean;
  discordId: string | null;
  discordUsername: string | null;
  /** Null when it cannot be told (no bot, or Discord did not answer). */
  inGuild: boolean | null;
}

export async function getDiscordStatus(ctx: AppContext, userId: string): Promise<DiscordStatus> {
  const user = await findUserById(ctx.db, userId);
  const status: DiscordStatus = {
    configured: isDiscordConfigured(ctx),
    linked: Boolean(user?.discord_id),
    discordId: user?.discord_id ?? null,
    discordUsername: user?.discord_username ?? null,
    inGuild: null,
  };
  if (status.discordId && isBotConfigured(ctx)) {
    try {
      await createDiscordClient(ctx.config.discord).getGuildMember(status.discordId);
      status.inGuild = true;
    } catch (error) {
      if (error instanceof DiscordError && error.status === 404) status.inGuild = false;
    }
  }
  return status;
}

/** Starts linking: Discord's authorise URL, and the browser nonce to set as a cookie. */
export async function startDiscordLink(
  ctx: AppContext,
  userId: string,
): Promise<{ redirectUrl: string; browserNonce: string }> {
  requireConfigured(ctx);
  const now = ctx.clock();
  const start = newAuthorisation();
  await purgeLinkStates(ctx.db, toIso(now));
  await insertLinkState(ctx.db, {
    stateHash: start.stateHash,
    userId,
    browserHash: start.browserHash,
    codeVerifier: start.codeVerifier,
    expiresAt: toIso(addMs(now, DISCORD_STATE_TTL_MS)),
    now: toIso(now),
  });
  const scope = isBotConfigured(ctx) ? 'identify guilds.join' : 'identify';
  return { redirectUrl: authoriseUrl(ctx, start, scope), browserNonce: start.browserNonce };
}

export type CallbackResult = { ok: true; userId: string } | { ok: false; failure: DiscordLinkFailure };

/** Finishes linking on Discord's redirect back. Never throws: every ending is a dashboard address. */
export async function finishDiscordLink(
  ctx: AppContext,
  query: { code?: string; state?: string; error?: string },
  browserNonce: string | undefined,
): Promise<CallbackResult> {
  if (!isDiscordConfigured(ctx)) return { ok: false, failure: 'not_configured' };
  // The state is used up whatever happens next, so it can never be tried twice.
  const saved = query.state ? await takeLinkState(ctx.db, sha256Hex(query.state)) : undefined;
  if (!saved || saved.expires_at <= toIso(ctx.clock())) {
    return { ok: false, failure: query.error === 'access_denied' ? 'cancelled' : 'expired' };
  }
  if (query.error) return { ok: false, failure: 'cancelled' };
  if (!isSameBrowser(browserNonce, saved.browser_hash)) return { ok: false, failure: 'other_browser' };
  if (!query.code) return { ok: false, failure: 'cancelled' };

  const discord = createDiscordClient(ctx.config.discord);
  let accessToken: string;
  let discordUser: { id: string; username: string; global_name?: string | null };
  try {
    accessToken = (await discord.exchangeCode(query.code, callbackUrl(ctx), saved.code_verifier)).access_token;
    discordUser = await discord.getCurrentUser(accessToken);
  } catch (error) {
    ctx.logger.warn('discord.link_failed', { userId: saved.user_id, error: String(error) });
    return { ok: false, failure: 'unavailable' };
  }

  const owner = await findUserByDiscordId(ctx.db, discordUser.id);
  if (owner && owner.id !== saved.user_id) return { ok: false, failure: 'already_linked' };

  if (isBotConfigured(ctx)) {
    try {
      await discord.addGuildMember(discordUser.id, accessToken);
    } catch (error) {
      // Linking stands without the guild; the role sync reports what it cannot do.
      ctx.logger.warn('discord.guild_join_failed', { userId: saved.user_id, error: String(error) });
    }
  }

  const now = toIso(ctx.clock());
  try {
    await inTransaction(ctx.db, async (trx) => {
      // Linking a different account replaces the old one, whose supporter roles must go with it.
      const previous = (await findUserById(trx, saved.user_id))?.discord_id ?? null;
      await updateDiscordLink(
        trx,
        saved.user_id,
        { discordId: discordUser.id, discordUsername: discordUser.username },
        now,
      );
      if (previous && previous !== discordUser.id) {
        await enqueueRoleSync(trx, { userId: saved.user_id, discordId: previous }, now);
      }
      await enqueueRoleSync(trx, { userId: saved.user_id }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, failure: 'already_linked' };
    throw error;
  }
  ctx.logger.info('discord.linked', { userId: saved.user_id, discordId: discordUser.id });
  return { ok: true, userId: saved.user_id };
}

/** Removes the link; the old account's supporter roles are taken off by a role sync. */
export async function unlinkDiscord(ctx: AppContext, userId: string): Promise<void> {
  requireConfigured(ctx);
  const user = await findUserById(ctx.db, userId);
  if (!user?.discord_id) throw new AppError('invalid_request', discordMessages.notLinked);
  const now = toIso(ctx.clock());
  await inTransaction(ctx.db, async (trx) => {
    await updateDiscordLink(trx, userId, { discordId: null, discordUsername: null }, now);
    await enqueueRoleSync(trx, { userId, discordId: user.discord_id as string }, now);
  });
  ctx.logger.info('discord.unlinked', { userId, discordId: user.discord_id });
}
