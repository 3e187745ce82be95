// The admin's user list, a page at a time (issue 18): search, filters and sort orders that each
// read an index, so the first page and a search cost the same at a million players as at ten
// thousand.
//
// Search semantics, decided here once: the term, trimmed and lowercased, matches anywhere in a
// username, an email or a Discord username (SPEC.md §2: "rion" finds "Orion", "gmail" finds
// "ada@gmail.com"), or a Discord id exactly. Substrings are found through trigram indexes (migration
// 021), and a trigram needs 3 characters: a term of 1 or 2 characters matches the START of each
// instead (one index range, migration 015). `%` and `_` are literal characters.
//
// The work per page is bounded: a search first walks the order's index for at most 40 rows per page
// row, keeping the matches (a common term fills its page there), and only a rarer term is read
// through the search's indexes and sorted (few matches). The first page of a search or filter counts
// its matches up to MATCHING_COUNT_CAP ("1,000+"), the same way: row by row for a common term (the
// cap's match comes after cap / share rows), through the indexes for a rare one.
import {
  type AdminUserSort,
  type AdminUsersResponse,
  type adminUsersQuerySchema,
  DEFAULT_PAGE_SIZE,
  MATCHING_COUNT_CAP,
  pagingMessages,
} from '@starport/api-client/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  countUsersMatching,
  pageUsersWithTier,
  type UserOrderKey,
  type UserSearch,
  type UserWithTier,
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
 * A search first reads this many rows of the order's index per row of its page, keeping the matches:
 * a term one player in 40 or more matches fills its page there, at a million players as at ten
 * thousand. A rarer one is found through the search's indexes instead (few matches to sort).
 */
export const WALK_ROWS_PER_PAGE_ROW = 40;

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

export async function listUsersForAdmin(ctx: AppContext, query: AdminUsersQueryInput): Promise<AdminUsersResponse> {
  const { order, direction } = ORDERS[query.sort];
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  let after: { key: string | number; id: string } | undefined;
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, query.sort, order === 'credits' ? 'number' : 'string');
    if (!cursor) throw invalid(pagingMessages.badCursor);
    after = { key: cursor.key, id: cursor.id };
  }
  const match = searchOf(query.search);
  const filters = {
    dialect: ctx.dialect,
    tierId: query.tier === undefined ? undefined : query.tier === 'none' ? null : query.tier,
    admin: query.admin,
  };
  // One more than asked: whether a next page exists, without a count.
  const request = { ...filters, order, direction, after, limit: limit + 1 };
  let walked = false;
  let rows: UserWithTier[];
  if (match) {
    // A common term fills its page within a bounded walk of the order; a rare one is read through
    // the search's indexes and sorted.
    rows = await pageUsersWithTier(ctx.db, {
      ...request,
      search: { ...match, walk: true },
      walkRows: (limit + 1) * WALK_ROWS_PER_PAGE_ROW,
    });
    walked = rows.length > limit;
    if (!walked) rows = await pageUsersWithTier(ctx.db, { ...request, search: { ...match, walk: false } });
  } else {
    rows = await pageUsersWithTier(ctx.db, request);
  }
  const page = toPage(rows, limit, (row) => ({ order: query.sort, key: userOrderKey(row, order), id: row.id }));
  const answer: AdminUsersResponse = { users: page.rows.map(toAdminUserView), nextCursor: page.nextCursor };
  // The first page of a search or a filter says how many match, up to the cap ("1,000+").
  if (after === undefined && (match || filters.tierId !== undefined || filters.admin !== undefined)) {
    const counted = await countUsersMatching(
      ctx.db,
      { ...filters, search: match && { ...match, walk: walked } },
      MATCHING_COUNT_CAP + 1,
    );
    answer.matching = { count: Math.min(counted, MATCHING_COUNT_CAP), more: counted > MATCHING_COUNT_CAP };
  }
  return answer;
}
