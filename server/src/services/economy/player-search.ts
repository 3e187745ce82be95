// The player search of pickers (GET /api/players?search=; issue 20): usernames only, at most
// PLAYER_SEARCH_LIMIT, names that start with the term first, then names that contain it; never the
// one asking, never a deleted account. Signed-in only, and counted per account by the rate limiter.
import { economyMessages, PLAYER_SEARCH_LIMIT } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { listPlayersByPrefix, listPlayersContaining } from '../../db/repositories/players.ts';
import { rateLimited } from '../../errors.ts';
import { prefixUpperBound } from '../admin/user-list.ts';

/** The shortest term also searched inside names (shorter ones match by their start only). */
const CONTAINS_MIN_LENGTH = 2;

export async function searchPlayers(ctx: AppContext, userId: string, text: string): Promise<{ username: string }[]> {
  const verdict = await ctx.limiters.playerSearchPerAccount.hit(userId);
  if (!verdict.allowed) throw rateLimited(economyMessages.tooManySearches, verdict.retryAfterMs);
  const term = text.trim().toLowerCase();
  const upperBound = term ? prefixUpperBound(term) : null;
  if (!term || !upperBound) return [];
  const search = { term, upperBound, excludeUserId: userId, limit: PLAYER_SEARCH_LIMIT };
  const found = await listPlayersByPrefix(ctx.db, ctx.dialect, search);
  if (found.length < PLAYER_SEARCH_LIMIT && Array.from(term).length >= CONTAINS_MIN_LENGTH) {
    const more = await listPlayersContaining(ctx.db, ctx.dialect, {
      ...search,
      limit: PLAYER_SEARCH_LIMIT - found.length,
      skipIds: found.map((row) => row.id),
    });
    found.push(...more);
  }
  return found.map((row) => ({ username: row.username }));
}
