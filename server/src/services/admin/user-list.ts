// The admin's user list, a page at a time (issue 18): search, filters and sort orders that each
// read an index, so the first page and a search cost the same at a million players as at ten
// thousand.
//
// Search semantics, decided here once: the term, trimmed and lowercased, matches anywhere in a
// username, an email or a Discord username (SPEC.md §2: "rion" finds "Orion", "gmail" finds
// "ada@gmail.com"), or a Discord id exactly. Substrings are found through trigram indexes (migration
// 021), and a trigram needs 3 characters: a term of 1 or 2 characters matches the START of each
// instead (one index range, migration 015). `%` and `_` are literal characters.
import {
  type AdminUser,
  type AdminUserSort,
  type adminUsersQuerySchema,
  DEFAULT_PAGE_SIZE,
  pagingMessages,
} from '@starport/api-client/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  countSearchMatches,
  pageUsersWithTier,
  type UserOrderKey,
  type UserSearch,
  userOrderKey,
} from '../../db/repositories/users.ts';
import { invalid } from '../../errors.ts';
import { decodeCursor, toPage } from '../../lib/page-cursor.ts';
import { toAdminUserView } from './users.ts';

export type AdminUsersQueryInput = z.output<typeof adminUsersQuerySchema>;

const ORDERS: Record<AdminUserSort, { order: UserOrderKey; direction: 'asc' | 'desc' }> = {
  joined_desc: { order: 'joined', direction: 'desc' },
  joined_asc: { order: 'joined', direction: 'asc' },
  credits_desc: { order: 'credits', direction: 'desc' },
  credits_asc: { order: 'credits', direction: 'asc' },
  last_login_desc: { order: 'last_login', direction: 'desc' },
  last_login_asc: { order: 'last_login', direction: 'asc' },
};

/**
 * Past this many matches a search is "many" (db/repositories/users.ts): at a million players, 2,000
 * matches sort in a few milliseconds, and a term matching more than 2,000 finds its page of 50 within
 * the first few thousand rows of the order's index.
 */
export const FEW_MATCHES = 2000;

/** The first string after every string that starts with `prefix`, in code point (= UTF-8 byte) order. */
export function prefixUpperBound(prefix: string): string | null {
  const points = Array.from(prefix);
  while (points.length > 0) {
    const last = (points.pop() as string).codePointAt(0) as number;
    // The next code point, skipping the surrogate range (not a character on its own).
    const next = last === 0xd7ff ? 0xe000 : last + 1;
    if (next <= 0x10ffff) return points.join('') + String.fromCodePoint(next);
  }
  return null;
}

/** The shortest term searched anywhere in a name: a trigram's length. */
export const SUBSTRING_MIN_LENGTH = 3;

/** What `text` searches for (the rules above), or nothing for an empty term. */
export function searchOf(text: string | undefined): UserSearch | undefined {
  const discordId = text?.trim() ?? '';
  const term = discordId.toLowerCase();
  if (!term) return undefined;
  if (Array.from(term).length >= SUBSTRING_MIN_LENGTH) return { kind: 'substring', term, discordId };
  const to = prefixUpperBound(term);
  return to ? { kind: 'prefix', from: term, to, discordId } : undefined;
}

export async function listUsersForAdmin(
  ctx: AppContext,
  query: AdminUsersQueryInput,
): Promise<{ users: AdminUser[]; nextCursor: string | null }> {
  const { order, direction } = ORDERS[query.sort];
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  let after: { key: string | number; id: string } | undefined;
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, query.sort, order === 'credits' ? 'number' : 'string');
    if (!cursor) throw invalid(pagingMessages.badCursor);
    after = { key: cursor.key, id: cursor.id };
  }
  const match = searchOf(query.search);
  const search = match && {
    ...match,
    many: (await countSearchMatches(ctx.db, ctx.dialect, match, FEW_MATCHES + 1)) > FEW_MATCHES,
  };
  const rows = await pageUsersWithTier(ctx.db, {
    dialect: ctx.dialect,
    order,
    direction,
    search,
    tierId: query.tier === undefined ? undefined : query.tier === 'none' ? null : query.tier,
    admin: query.admin,
    after,
    // One more than asked: whether a next page exists, without a count.
    limit: limit + 1,
  });
  const page = toPage(rows, limit, (row) => ({ order: query.sort, key: userOrderKey(row, order), id: row.id }));
  return { users: page.rows.map(toAdminUserView), nextCursor: page.nextCursor };
}
