// The public boards (GET /api/leaderboard, /api/leaderboard/metrics) and the player's privacy
// setting. A rank is one more than the count of shown players with a better value (ties share it).
// A page is read in rank order after its cursor's row, and its ranks continue from that row's rank
// and position, which the cursor carries (the top page starts at 1): no page counts rows. The
// signed-in player's own row and a name search's rows are ranked by the board's rank index
// (rank-index.ts: at most LEADERBOARD_RANKS_MS old). The top page of each board is kept in memory
// for a moment (LEADERBOARD_CACHE_MS, timed by the app's clock), so a stats storm's writes do not
// make every page read hit the database: a new stat is on the top page at the latest
// LEADERBOARD_CACHE_MS after it was applied (the stats do not clear it, or a storm would clear it on
// every batch), and a board whose page has run out is read once however many ask for it at that
// moment. An admin's change forgets it in this process at once, and in the others on PostgreSQL when
// the notice 'leaderboard' arrives ('leaderboard.names' after a player's privacy change: names only).
import {
  LEADERBOARD_PAGE_SIZE,
  type LeaderboardEntry,
  type LeaderboardMetric,
  type LeaderboardMetricsResponse,
  type LeaderboardResponse,
  type LeaderboardSeason,
  leaderboardMessages,
  pagingMessages,
} from '@starport/api-client/contract';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.ts';
import { NOTICES_RESUMED, subscribeToChanges } from '../../db/read-cache.ts';
import { announceChange } from '../../db/repositories/change-notices.ts';
import {
  type BoardRow,
  countNamed,
  type Direction,
  findScore,
  type findSeason,
  listMetrics,
  listSeasons,
  type MetricRow,
  readBoard,
  readShowOnLeaderboards,
  searchBoard,
  writeShowOnLeaderboards,
} from '../../db/repositories/leaderboard.ts';
import { invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/page-cursor.ts';
import { prefixUpperBound } from '../admin/user-list.ts';
import { forgetRankIndexes, RANKS_CHANGED, rankIn, rankIndexOf } from './rank-index.ts';

/** Who is ranked changed: pages and rank indexes are forgotten. */
const LEADERBOARD_CHANGED = RANKS_CHANGED;
/** Only how players are named changed (a privacy setting): pages are forgotten, ranks stay. */
const NAMES_CHANGED = 'leaderboard.names';
/** Results of a name search come this many at a time. */
const SEARCH_PAGE_SIZE = 20;
/**
 * A search whose prefix begins fewer than this many names reads them through the names' index and
 * sorts them (a rare prefix: a fraction of a millisecond, where a walk of the board meets few of
 * them). Any other first walks the board for at most SEARCH_WALK_ROWS_PER_RESULT rows per result it
 * shows, checking names as it goes (a common prefix fills its page there); a page not filled so is
 * read through the names' index and sorted. The work per page is bounded either way, as the admin
 * list's search is (services/admin/user-list.ts).
 */
const SEARCH_SORTED_NAMES = 1000;
const SEARCH_WALK_ROWS_PER_RESULT = 40;

type SeasonRow = NonNullable<Awaited<ReturnType<typeof findSeason>>>;

export const toMetricView = (row: MetricRow): LeaderboardMetric => ({
  key: row.key,
  label: row.label,
  order: row.sort_order,
  format: row.format,
});

export const toSeasonView = (row: SeasonRow): LeaderboardSeason => ({
  _id: row.id,
  number: Number(row.number),
  startedAt: row.started_at,
  endedAt: row.ended_at,
});

interface Choices {
  /** The visible metrics, in their order. */
  metrics: MetricRow[];
  /** Every season, newest first (one more per season an admin starts: a short list). */
  seasons: SeasonRow[];
}

/** The visible metrics and the seasons, kept as long as the top pages (every board read needs them). */
async function readChoices(ctx: AppContext): Promise<Choices> {
  const cache = topPageCache(ctx);
  const hit = cache?.choices.get('choices');
  if (hit) return hit;
  const generation = cache?.generation;
  const choices = { metrics: await listMetrics(ctx.db, true), seasons: await listSeasons(ctx.db) };
  if (cache && cache.generation === generation) cache.choices.set('choices', choices);
  return choices;
}

export async function listPublicMetrics(ctx: AppContext): Promise<LeaderboardMetricsResponse> {
  const { metrics, seasons } = await readChoices(ctx);
  return { metrics: metrics.map(toMetricView), seasons: seasons.map(toSeasonView) };
}

// --- The top page's cache ----------------------------------------------------------------------

interface TopPage {
  entries: LeaderboardEntry[];
  nextCursor: string | null;
}

interface Kept {
  /** The visible metrics and the seasons (one entry). */
  choices: LRUCache<'choices', Choices>;
  /** Moved by every clear, so a read begun before an admin's change is not kept after it. */
  generation: number;
  /** Each board's top page. */
  pages: LRUCache<string, TopPage>;
  /** The top pages being read now, so readers arriving meanwhile wait for that read instead of making their own. */
  reading: Map<string, Promise<TopPage>>;
  clear(): void;
}

const kept = new WeakMap<object, Kept>();

function topPageCache(ctx: AppContext): Kept | null {
  if (ctx.config.leaderboardCacheMs <= 0) return null;
  let cache = kept.get(ctx.config);
  if (!cache) {
    // Timed by the app's clock (tests move it), read afresh on every look (no resolution).
    const timing = { ttl: ctx.config.leaderboardCacheMs, ttlResolution: 0, perf: { now: () => ctx.clock().getTime() } };
    const pages = new LRUCache<string, TopPage>({ max: 1000, ...timing });
    const choices = new LRUCache<'choices', Choices>({ max: 1, ...timing });
    const reading = new Map<string, Promise<TopPage>>();
    const made: Kept = {
      choices,
      generation: 0,
      pages,
      reading,
      clear() {
        choices.clear();
        made.generation += 1;
        pages.clear();
        reading.clear();
      },
    };
    cache = made;
    kept.set(ctx.config, made);
    subscribeToChanges(ctx.db, (tag) => {
      if (tag === LEADERBOARD_CHANGED || tag === NAMES_CHANGED || tag === NOTICES_RESUMED) made.clear();
    });
  }
  return cache;
}

/**
 * After an admin's change to metrics, seasons or hidden players, or a deleted account: this process
 * forgets its top pages and rank indexes now, the others on the notice. `namesOnly` after a player's
 * privacy change, which moves no rank: the top pages only.
 */
export async function leaderboardChanged(ctx: AppContext, namesOnly = false): Promise<void> {
  kept.get(ctx.config)?.clear();
  if (!namesOnly) forgetRankIndexes(ctx);
  await announceChange(ctx.db, ctx.dialect, namesOnly ? NAMES_CHANGED : LEADERBOARD_CHANGED).catch((error) =>
    ctx.logger.warn('leaderboard.notice_failed', { error: String(error) }),
  );
}

// --- Reading a board ---------------------------------------------------------------------------

interface Board {
  seasonId: string;
  metricKey: string;
  direction: Direction;
}

const cursorOrder = (board: Board, search: string) => `lb:${board.seasonId}:${board.metricKey}:${search}`;

/** Where a page of the board ended: its last row, that row's rank and its position (1 for the first row). */
interface PageEnd {
  value: number;
  userId: string;
  rank: number;
  position: number;
}

/** A board page's cursor key: the last row's value, rank and position (a search page's is the value alone). */
const pageEndKey = (end: Omit<PageEnd, 'userId'>) => `${end.value}:${end.rank}:${end.position}`;

function readPageEnd(key: string, userId: string): PageEnd | null {
  const parts = /^(-?\d{1,16}):(\d{1,16}):(\d{1,16})$/.exec(key);
  if (!parts) return null;
  const [value, rank, position] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![value, rank, position].every(Number.isSafeInteger) || rank < 1 || position < rank) return null;
  return { value, userId, rank, position };
}

function playerOf(row: Pick<BoardRow, 'username' | 'show_on_leaderboards' | 'tier_name'>, own: boolean) {
  if (row.show_on_leaderboards === 0 && !own) return { username: leaderboardMessages.anonymous, tierName: null };
  return { username: row.username, tierName: row.tier_name };
}

/**
 * Ranks for rows read in rank order after `end` (the previous page's last row; none for the top
 * page): a row with the value of the row before it shares its rank, any other row's rank is its
 * position.
 */
function rankRows(rows: BoardRow[], end: PageEnd | undefined): number[] {
  const ranks: number[] = [];
  let previous = end ? { value: end.value, rank: end.rank } : null;
  let position = end?.position ?? 0;
  for (const row of rows) {
    position += 1;
    const value = Number(row.value);
    const rank = previous && previous.value === value ? previous.rank : position;
    ranks.push(rank);
    previous = { value, rank };
  }
  return ranks;
}

async function readPage(
  ctx: AppContext,
  board: Board,
  options: { cursor?: string | undefined; search?: string | undefined },
): Promise<TopPage> {
  const search = options.search?.toLowerCase() ?? '';
  const order = cursorOrder(board, search);
  let after: { value: number; userId: string } | undefined;
  let end: PageEnd | undefined;
  if (options.cursor) {
    const cursor = decodeCursor(options.cursor, order, search ? 'number' : 'string');
    const read = cursor && !search ? readPageEnd(String(cursor.key), cursor.id) : null;
    if (!cursor || (!search && !read)) throw invalid(pagingMessages.badCursor);
    end = read ?? undefined;
    after = { value: end ? end.value : Number(cursor.key), userId: cursor.id };
  }
  const limit = search ? SEARCH_PAGE_SIZE : LEADERBOARD_PAGE_SIZE;
  const range = search ? prefixUpperBound(search) : null;
  let read: BoardRow[] = [];
  if (search && range) {
    const request = { after, limit: limit + 1, search: { from: search, to: range } };
    const named = await countNamed(ctx.db, ctx.dialect, request.search, SEARCH_SORTED_NAMES);
    if (named >= SEARCH_SORTED_NAMES) {
      read = await searchBoard(ctx.db, ctx.dialect, board, {
        ...request,
        walkRows: (limit + 1) * SEARCH_WALK_ROWS_PER_RESULT,
      });
    }
    if (read.length <= limit) read = await searchBoard(ctx.db, ctx.dialect, board, request);
  } else if (!search) {
    read = await readBoard(ctx.db, board, { after, limit: limit + 1 });
  }
  const rows = read.slice(0, limit);
  let ranks: number[];
  if (search) {
    // Found rows are not neighbours on the board: each is ranked by the board's rank index.
    const index = rows.length > 0 ? await rankIndexOf(ctx, board) : null;
    ranks = rows.map((row) => (index ? rankIn(index, row.user_id, Number(row.value)) : 0));
  } else {
    ranks = rankRows(rows, end);
  }
  const last = rows[rows.length - 1];
  let nextCursor: string | null = null;
  if (read.length > limit && last) {
    const value = Number(last.value);
    const key = search
      ? value
      : pageEndKey({ value, rank: ranks[rows.length - 1] as number, position: (end?.position ?? 0) + rows.length });
    nextCursor = encodeCursor({ order, key, id: last.user_id });
  }
  const entries = rows.map((row, index) => ({
    rank: ranks[index] as number,
    player: playerOf(row, false),
    value: Number(row.value),
  }));
  return { entries, nextCursor };
}

/** Reads a board's top page and keeps it; a second reader meanwhile shares the first one's read. */
function readTopPageOnce(cache: Kept, key: string, read: () => Promise<TopPage>): Promise<TopPage> {
  const pending = cache.reading.get(key);
  if (pending) return pending;
  const generation = cache.generation;
  const reading = read()
    .then((page) => {
      // A read begun before an admin's change is not kept after it.
      if (cache.generation === generation) cache.pages.set(key, page);
      return page;
    })
    .finally(() => {
      if (cache.reading.get(key) === reading) cache.reading.delete(key);
    });
  cache.reading.set(key, reading);
  return reading;
}

async function readMe(ctx: AppContext, board: Board, userId: string): Promise<LeaderboardEntry | null> {
  const row = await findScore(ctx.db, board.seasonId, board.metricKey, userId);
  if (!row || row.hidden === 1) return null;
  // The player's own value is read fresh each time; its rank is that value's among the others' values
  // in the board's rank index (at most LEADERBOARD_RANKS_MS old).
  const value = Number(row.value);
  const rank = rankIn(await rankIndexOf(ctx, board), userId, value);
  return { rank, player: playerOf(row, true), value };
}

export async function readLeaderboard(
  ctx: AppContext,
  query: { metric?: string; season?: string; cursor?: string; search?: string },
  viewerId: string | null,
): Promise<LeaderboardResponse> {
  const choices = await readChoices(ctx);
  const season = query.season
    ? choices.seasons.find((one) => one.id === query.season)
    : choices.seasons.find((one) => one.ended_at === null);
  if (!season) throw notFound(leaderboardMessages.seasonNotFound);
  const metric = query.metric ? choices.metrics.find((one) => one.key === query.metric) : choices.metrics[0];
  if (query.metric && !metric) throw notFound(leaderboardMessages.metricNotFound);
  const seasonView = toSeasonView(season);
  if (!metric) return { metric: null, season: seasonView, entries: [], me: null, nextCursor: null };
  const board: Board = { seasonId: season.id, metricKey: metric.key, direction: metric.sort_order };
  const search = query.search?.trim() || undefined;
  const isTop = !query.cursor && !search;
  let page: TopPage;
  const cache = isTop ? topPageCache(ctx) : null;
  // Keyed only by a season and a metric found in the database, never by raw input.
  const cacheKey = `${season.id}\u0000${metric.key}`;
  const hit = cache?.pages.get(cacheKey);
  if (hit) {
    page = hit;
  } else if (cache) {
    page = await readTopPageOnce(cache, cacheKey, () => readPage(ctx, board, {}));
  } else {
    page = await readPage(ctx, board, { cursor: query.cursor, search });
  }
  const me = viewerId ? await readMe(ctx, board, viewerId) : null;
  return { metric: toMetricView(metric), season: seasonView, entries: page.entries, me, nextCursor: page.nextCursor };
}

// --- Privacy -----------------------------------------------------------------------------------

export async function readPrivacy(ctx: AppContext, userId: string) {
  return { showOnLeaderboards: await readShowOnLeaderboards(ctx.db, userId) };
}

export async function setPrivacy(ctx: AppContext, userId: string, show: boolean) {
  await writeShowOnLeaderboards(ctx.db, userId, show, toIso(ctx.clock()));
  // The top pages name players: one who chose not to be shown must not stay named there. No rank moves.
  await leaderboardChanged(ctx, true);
  return { showOnLeaderboards: show };
}
