// A board's rank index, in this process's memory: every shown player's value, sorted, so the rank of
// a value is a binary search (one more than the number of better values: ties share a rank) instead
// of a count in the database that grows with the board. It serves the signed-in player's own row and
// the ranks of a name search; a page of the board gets its ranks from its own walk and its cursor.
//
// The index is read from the database in chunks along the scores' primary key (each player once, the
// event loop free between chunks: SQLite answers on this thread) and kept per board for at most
// LEADERBOARD_RANKS_MS: a request that finds it half that old reads it again in the background (one
// read per board at a time) and meanwhile answers from the kept one; one that finds it older (the
// board was not asked for a while) waits for the new one. So a rank is at most that old, counted
// among the other players' values of then. The player's own value there is left out of their rank,
// so a value that fell since is not ranked behind itself. An admin's change (metrics, seasons, hidden
// players) and a deleted account forget every index at once (leaderboardChanged), on PostgreSQL in
// every instance once its notice arrives. Held: the values of the 16 boards asked for last, about
// 100 bytes a player.
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.ts';
import { NOTICES_RESUMED, subscribeToChanges } from '../../db/read-cache.ts';
import { type Direction, readBoardValues } from '../../db/repositories/leaderboard.ts';

/**
 * Rows read per chunk. SQLite answers on this thread: a chunk is a stall of every request meanwhile,
 * a fraction of a millisecond for 1,000 rows on a quiet machine (tens on a loaded one). PostgreSQL
 * works apart: fewer, larger chunks.
 */
const CHUNK_ROWS = { sqlite: 1000, postgres: 10_000 } as const;
const MAX_BOARDS = 16;

export interface RankBoard {
  seasonId: string;
  metricKey: string;
  direction: Direction;
}

export interface RankIndex {
  direction: Direction;
  /** Each shown player's sort key (the value, negated where lower is better: larger is better), ascending. */
  keys: Float64Array;
  /** Each shown player's value when read. */
  values: Map<string, number>;
  /** The app clock's time when the read began. */
  readAt: number;
}

const keyOf = (direction: Direction, value: number) => (direction === 'desc' ? value : -value);

/** The rank `userId` has with `value` among the other players of the index. */
export function rankIn(index: RankIndex, userId: string, value: number): number {
  const key = keyOf(index.direction, value);
  const { keys } = index;
  // The first key above `key`: the keys from there on are the better values.
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] as number) <= key) low = middle + 1;
    else high = middle;
  }
  let better = keys.length - low;
  const was = index.values.get(userId);
  if (was !== undefined && keyOf(index.direction, was) > key) better -= 1;
  return better + 1;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function readRankIndex(ctx: AppContext, board: RankBoard): Promise<RankIndex> {
  const readAt = ctx.clock().getTime();
  const values = new Map<string, number>();
  const chunk = CHUNK_ROWS[ctx.dialect];
  let after: string | null = null;
  for (;;) {
    const rows = await readBoardValues(ctx.db, board, after, chunk);
    for (const row of rows) values.set(row.user_id, Number(row.value));
    const last = rows[rows.length - 1];
    if (rows.length < chunk || !last) break;
    after = last.user_id;
    await nextTurn();
  }
  const keys = new Float64Array(values.size);
  let at = 0;
  for (const value of values.values()) keys[at++] = keyOf(board.direction, value);
  keys.sort();
  return { direction: board.direction, keys, values, readAt };
}

interface Kept {
  indexes: LRUCache<string, RankIndex>;
  /** The reads in flight, so a board is read once however many ask for it meanwhile. */
  reading: Map<string, Promise<RankIndex>>;
  /** Moved by every clear, so a read begun before an admin's change is not kept after it. */
  generation: number;
  clear(): void;
}

const kept = new WeakMap<object, Kept>();

/** The tag of the change notice that makes every instance forget its rank indexes. */
export const RANKS_CHANGED = 'leaderboard';

function keptFor(ctx: AppContext): Kept {
  let made = kept.get(ctx.config);
  if (!made) {
    const indexes = new LRUCache<string, RankIndex>({ max: MAX_BOARDS });
    const reading = new Map<string, Promise<RankIndex>>();
    const fresh: Kept = {
      indexes,
      reading,
      generation: 0,
      clear() {
        fresh.generation += 1;
        indexes.clear();
        reading.clear();
      },
    };
    made = fresh;
    kept.set(ctx.config, fresh);
    subscribeToChanges(ctx.db, (tag) => {
      if (tag === RANKS_CHANGED || tag === NOTICES_RESUMED) fresh.clear();
    });
  }
  return made;
}

/** After a change to who is ranked (hidden players, a deleted account, seasons, metrics): this process forgets now. */
export function forgetRankIndexes(ctx: AppContext): void {
  kept.get(ctx.config)?.clear();
}

function readOnce(ctx: AppContext, cache: Kept, key: string, board: RankBoard): Promise<RankIndex> {
  const pending = cache.reading.get(key);
  if (pending) return pending;
  const generation = cache.generation;
  const reading = readRankIndex(ctx, board)
    .then((index) => {
      if (cache.generation === generation) cache.indexes.set(key, index);
      return index;
    })
    .finally(() => {
      if (cache.reading.get(key) === reading) cache.reading.delete(key);
    });
  cache.reading.set(key, reading);
  return reading;
}

/** The board's rank index, at most LEADERBOARD_RANKS_MS old (read for this request when that is 0). */
export async function rankIndexOf(ctx: AppContext, board: RankBoard): Promise<RankIndex> {
  const maxAge = ctx.config.leaderboardRanksMs;
  if (maxAge <= 0) return readRankIndex(ctx, board);
  const cache = keptFor(ctx);
  // Keyed only by a season and a metric found in the database, never by raw input.
  const key = `${board.seasonId}\u0000${board.metricKey}`;
  const index = cache.indexes.get(key);
  const age = index ? ctx.clock().getTime() - index.readAt : Number.POSITIVE_INFINITY;
  if (index && age < maxAge) {
    if (age >= maxAge / 2) {
      readOnce(ctx, cache, key, board).catch((error) =>
        ctx.logger.warn('leaderboard.rank_index_failed', { error: String(error) }),
      );
    }
    return index;
  }
  return readOnce(ctx, cache, key, board);
}
