// The leaderboard's SQL: metrics, seasons, scores (pages as walks of the rank index), applied stat
// events, hidden players and the players' privacy setting.
import { sql } from 'kysely';
import type { Executor, LeaderboardMetricsTable } from '../database.ts';
import type { DialectName } from '../dialect.ts';
import { inRange } from './users.ts';

export type MetricRow = LeaderboardMetricsTable;
export type Direction = 'desc' | 'asc';

export const listMetrics = (db: Executor, onlyVisible: boolean) => {
  let query = db.selectFrom('leaderboard_metrics').selectAll();
  if (onlyVisible) query = query.where('visible', '=', 1);
  return query.orderBy('position').orderBy('key').execute();
};

export const findMetric = (db: Executor, key: string) =>
  db.selectFrom('leaderboard_metrics').selectAll().where('key', '=', key).executeTakeFirst();

export const findMetricKeys = async (db: Executor, keys: string[]): Promise<Set<string>> => {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('leaderboard_metrics').select('key').where('key', 'in', keys).execute();
  return new Set(rows.map((row) => row.key));
};

export const insertMetric = (db: Executor, row: MetricRow) =>
  db
    .insertInto('leaderboard_metrics')
    .values(row)
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();

export const updateMetric = (db: Executor, key: string, changes: Partial<MetricRow>) =>
  db.updateTable('leaderboard_metrics').set(changes).where('key', '=', key).execute();

export async function deleteMetric(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('leaderboard_scores').where('metric_key', '=', key).execute();
  await db.deleteFrom('leaderboard_metrics').where('key', '=', key).execute();
}

export const nextMetricPosition = async (db: Executor): Promise<number> => {
  const row = await db
    .selectFrom('leaderboard_metrics')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
};

// --- Seasons -----------------------------------------------------------------------------------

export const listSeasons = (db: Executor) =>
  db.selectFrom('leaderboard_seasons').selectAll().orderBy('number', 'desc').execute();

export const findCurrentSeason = (db: Executor) =>
  db.selectFrom('leaderboard_seasons').selectAll().where('ended_at', 'is', null).executeTakeFirst();

export const findSeason = (db: Executor, id: string) =>
  db.selectFrom('leaderboard_seasons').selectAll().where('id', '=', id).executeTakeFirst();

export const insertSeason = (db: Executor, season: { id: string; number: number; now: string }) =>
  db
    .insertInto('leaderboard_seasons')
    .values({ id: season.id, number: season.number, started_at: season.now, ended_at: null })
    .execute();

/** Ends the current season (if it is still `currentId`) and starts the next; false when another start won. */
export async function startSeason(db: Executor, currentId: string, next: { id: string; number: number; now: string }) {
  const ended = await db
    .updateTable('leaderboard_seasons')
    .set({ ended_at: next.now })
    .where('id', '=', currentId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) !== 1) return false;
  await insertSeason(db, next);
  return true;
}

// --- Stat events -------------------------------------------------------------------------------

/** Records the events not recorded before; answers the ids this call recorded (the others were applied before). */
export async function recordStatEvents(db: Executor, eventIds: string[], now: string): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  // Sorted, so concurrent batches take the unique index's locks in one order (no deadlock on PostgreSQL).
  const sorted = [...eventIds].sort();
  const rows = await db
    .insertInto('leaderboard_stat_events')
    .values(sorted.map((event_id) => ({ event_id, processed_at: now })))
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .execute();
  return new Set(rows.map((row) => row.event_id));
}

export const pruneStatEvents = (db: Executor, before: string) =>
  db.deleteFrom('leaderboard_stat_events').where('processed_at', '<', before).executeTakeFirst();

// --- Scores ------------------------------------------------------------------------------------

export interface ScoreChange {
  metricKey: string;
  userId: string;
  value: number;
  hidden: 0 | 1;
}

/** Sets (`add` false) or adds to (`add` true) each player's value, in one statement. */
export async function upsertScores(
  db: Executor,
  seasonId: string,
  changes: ScoreChange[],
  add: boolean,
  now: string,
): Promise<void> {
  if (changes.length === 0) return;
  const sorted = [...changes].sort((a, b) =>
    a.metricKey === b.metricKey ? (a.userId < b.userId ? -1 : 1) : a.metricKey < b.metricKey ? -1 : 1,
  );
  await db
    .insertInto('leaderboard_scores')
    .values(
      sorted.map((change) => ({
        season_id: seasonId,
        metric_key: change.metricKey,
        user_id: change.userId,
        value: change.value,
        hidden: change.hidden,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['season_id', 'metric_key', 'user_id']).doUpdateSet({
        value: add ? sql`leaderboard_scores.value + excluded.value` : sql`excluded.value`,
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .execute();
}

/**
 * A chunk of a board's shown players with their values, along the primary key after `afterUserId`:
 * what a rank index is read from (services/leaderboard/rank-index.ts).
 */
export function readBoardValues(
  db: Executor,
  board: { seasonId: string; metricKey: string },
  afterUserId: string | null,
  limit: number,
): Promise<{ user_id: string; value: number | string }[]> {
  let query = db
    .selectFrom('leaderboard_scores')
    .select(['user_id', 'value'])
    .where('season_id', '=', board.seasonId)
    .where('metric_key', '=', board.metricKey)
    .where('hidden', '=', 0);
  if (afterUserId !== null) query = query.where('user_id', '>', afterUserId);
  return query.orderBy('user_id').limit(limit).execute();
}

export interface BoardRow {
  user_id: string;
  value: number | string;
  username: string;
  show_on_leaderboards: 0 | 1;
  tier_name: string | null;
}

/**
 * A page of the board in rank order (ties by player id, in the same direction), after the cursor's
 * row.
 */
export function readBoard(
  db: Executor,
  board: { seasonId: string; metricKey: string; direction: Direction },
  options: { after?: { value: number; userId: string }; limit: number },
): Promise<BoardRow[]> {
  const { direction } = board;
  let query = db
    .selectFrom('leaderboard_scores as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('tiers as t', 't.id', 'u.current_tier_id')
    .select(['s.user_id', 's.value', 'u.username', 'u.show_on_leaderboards', 't.name as tier_name'])
    .where('s.season_id', '=', board.seasonId)
    .where('s.metric_key', '=', board.metricKey)
    .where('s.hidden', '=', 0);
  const after = options.after;
  if (after) {
    // One row-value comparison: the index's range starts right after the cursor's row.
    const past = direction === 'desc' ? sql.raw('<') : sql.raw('>');
    query = query.where(sql<boolean>`(s.value, s.user_id) ${past} (${after.value}, ${after.userId})`);
  }
  return query.orderBy('s.value', direction).orderBy('s.user_id', direction).limit(options.limit).execute();
}

/**
 * A page of a name search (a prefix: a range of lowercased names, players who chose to be shown),
 * in rank order after the cursor's row. With `walkRows`, the rank index is walked for at most that
 * many rows after the cursor, the names checked as it goes (a common prefix fills its page there);
 * without, the matching names are found through their index and sorted (a rare prefix: no walk of
 * the board in the hope of meeting them). The rows' ranks come from the board's rank index
 * (services/leaderboard/rank-index.ts), not from here.
 */
export async function searchBoard(
  db: Executor,
  dialect: DialectName,
  board: { seasonId: string; metricKey: string; direction: Direction },
  options: {
    after?: { value: number; userId: string };
    limit: number;
    search: { from: string; to: string };
    walkRows?: number;
  },
): Promise<BoardRow[]> {
  const { direction } = board;
  const after = options.after;
  const past = sql.raw(direction === 'desc' ? '<' : '>');
  const order = sql.raw(direction);
  const onBoard = sql`s.season_id = ${board.seasonId} and s.metric_key = ${board.metricKey} and s.hidden = 0`;
  const afterCursor = after ? sql`and (s.value, s.user_id) ${past} (${after.value}, ${after.userId})` : sql``;
  const named = inRange(sql`u.username_normalized`, dialect, options.search.from, options.search.to);
  // The value as no index holds it (SQLite's unary +, PostgreSQL's + 0), so the matches are sorted.
  const sortKey = dialect === 'sqlite' ? sql`+s.value` : sql`(s.value + 0)`;
  const found = options.walkRows
    ? sql<BoardRow>`select s.user_id, s.value, u.username, u.show_on_leaderboards, t.name as tier_name
        from (select s.user_id, s.value from leaderboard_scores s where ${onBoard} ${afterCursor}
          order by s.value ${order}, s.user_id ${order} limit ${options.walkRows}) s
        join users u on u.id = s.user_id left join tiers t on t.id = u.current_tier_id
        where u.show_on_leaderboards = 1 and ${named}
        order by s.value ${order}, s.user_id ${order} limit ${options.limit}`
    : sql<BoardRow>`select s.user_id, s.value, u.username, u.show_on_leaderboards, t.name as tier_name
        from users u join leaderboard_scores s on s.user_id = u.id left join tiers t on t.id = u.current_tier_id
        where ${onBoard} ${afterCursor} and u.show_on_leaderboards = 1 and ${named}
        order by ${sortKey} ${order}, s.user_id ${order} limit ${options.limit}`;
  return (await found.execute(db)).rows;
}

/** How many players' names fall in the search's range, counted in the names' index up to `cap`. */
export async function countNamed(
  db: Executor,
  dialect: DialectName,
  search: { from: string; to: string },
  cap: number,
): Promise<number> {
  const named = inRange(sql`username_normalized`, dialect, search.from, search.to);
  const result = await sql<{ n: number | string }>`select count(*) as n
    from (select 1 from users where ${named} limit ${cap}) m`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export const findScore = (db: Executor, seasonId: string, metricKey: string, userId: string) =>
  db
    .selectFrom('leaderboard_scores as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('tiers as t', 't.id', 'u.current_tier_id')
    .select(['s.user_id', 's.value', 's.hidden', 'u.username', 'u.show_on_leaderboards', 't.name as tier_name'])
    .where('s.season_id', '=', seasonId)
    .where('s.metric_key', '=', metricKey)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();

// --- Players -----------------------------------------------------------------------------------

/** Of these ids, the players that exist (not deleted), with whether an admin hid them. */
export async function findStatPlayers(db: Executor, ids: string[]): Promise<Map<string, 0 | 1>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('leaderboard_hidden_players as h', 'h.user_id', 'u.id')
    .select(['u.id', 'h.user_id as hidden'])
    .where('u.id', 'in', ids)
    .where('u.deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.hidden === null ? 0 : 1]));
}

/**
 * A deleted account's scores, on every board of every season, and an admin's hidden mark on it: a
 * deleted player is shown on no board and counted in no one's rank (services/accounts/account-deletion.ts).
 */
export async function deleteScoresOfUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('leaderboard_scores').where('user_id', '=', userId).execute();
  await db.deleteFrom('leaderboard_hidden_players').where('user_id', '=', userId).execute();
}

export const listHiddenPlayers = (db: Executor) =>
  db
    .selectFrom('leaderboard_hidden_players as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.user_id', 'u.username', 'h.reason', 'h.created_at'])
    .orderBy('h.created_at', 'desc')
    .execute();

export const findHiddenPlayer = (db: Executor, userId: string) =>
  db.selectFrom('leaderboard_hidden_players').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function setPlayerHidden(
  db: Executor,
  userId: string,
  hide: { by: string; reason: string; now: string } | null,
): Promise<void> {
  if (hide) {
    await db
      .insertInto('leaderboard_hidden_players')
      .values({ user_id: userId, hidden_by: hide.by, reason: hide.reason, created_at: hide.now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ reason: hide.reason }))
      .execute();
  } else {
    await db.deleteFrom('leaderboard_hidden_players').where('user_id', '=', userId).execute();
  }
  await db
    .updateTable('leaderboard_scores')
    .set({ hidden: hide ? 1 : 0 })
    .where('user_id', '=', userId)
    .execute();
}

export const readShowOnLeaderboards = async (db: Executor, userId: string): Promise<boolean> => {
  const row = await db.selectFrom('users').select('show_on_leaderboards').where('id', '=', userId).executeTakeFirst();
  return row?.show_on_leaderboards !== 0;
};

export const writeShowOnLeaderboards = (db: Executor, userId: string, show: boolean, now: string) =>
  db
    .updateTable('users')
    .set({ show_on_leaderboards: show ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
