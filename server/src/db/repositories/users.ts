// Data access for users (and the tier a user holds).
import { type RawBuilder, sql } from 'kysely';
import type { Executor, NewUser, UserRow } from '../database.ts';
import type { DialectName } from '../dialect.ts';
import { containsPattern } from '../like-pattern.ts';
import { prepared } from '../prepared.ts';

/** A user as the app handles it: every column but the password hash, with the tier's name and price. */
export interface UserWithTier
  extends Omit<UserRow, 'password_hash' | 'keep_new_items_on_site' | 'show_on_leaderboards'> {
  tier_name: string | null;
  tier_price_cents: number | null;
}

/** The columns of UserWithTier, for any query that joins users with tiers. */
export const userWithTierColumns = [
  'users.id',
  'users.email',
  'users.email_normalized',
  'users.username',
  'users.username_normalized',
  'users.credits',
  'users.is_admin',
  'users.current_tier_id',
  'users.discord_id',
  'users.discord_username',
  'users.created_at',
  'users.updated_at',
  'users.last_login_at',
  'users.email_verified_at',
  'users.deleted_at',
  'tiers.name as tier_name',
  'tiers.price_cents as tier_price_cents',
] as const;

function selectUsersWithTier(db: Executor) {
  return db.selectFrom('users').leftJoin('tiers', 'tiers.id', 'users.current_tier_id').select(userWithTierColumns);
}

const selectUserById = prepared((db: Executor, id: string) => selectUsersWithTier(db).where('users.id', '=', id));

export async function findUserById(db: Executor, id: string): Promise<UserWithTier | undefined> {
  return (await selectUserById(db, id)).rows[0];
}

/** The columns a purchase or a grant changes (db/change-tags.ts, 'credits:<id>'). */
export type UserBalance = Pick<UserWithTier, 'credits' | 'updated_at'>;

const selectBalance = prepared((db: Executor, id: string) =>
  db.selectFrom('users').select(['users.credits', 'users.updated_at']).where('users.id', '=', id),
);

/** A user's balance, by key: what a signed-in call reads afresh after the balance alone changed. */
export async function findUserBalance(db: Executor, id: string): Promise<UserBalance | undefined> {
  return (await selectBalance(db, id)).rows[0];
}

export async function findUserByNormalizedEmail(
  db: Executor,
  emailNormalized: string,
): Promise<UserWithTier | undefined> {
  return selectUsersWithTier(db).where('users.email_normalized', '=', emailNormalized).executeTakeFirst();
}

/** The user with their password hash: read only where a password is checked. */
export async function findUserForSignIn(
  db: Executor,
  emailNormalized: string,
): Promise<(UserWithTier & { password_hash: string }) | undefined> {
  return selectUsersWithTier(db)
    .select('users.password_hash')
    .where('users.email_normalized', '=', emailNormalized)
    .executeTakeFirst();
}

export async function findUserIdByNormalizedUsername(db: Executor, usernameNormalized: string) {
  return db.selectFrom('users').select('id').where('username_normalized', '=', usernameNormalized).executeTakeFirst();
}

export async function insertUser(db: Executor, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** Inserts the user unless its email or username is taken (by a process doing the same at once). */
export async function insertUserUnlessTaken(db: Executor, user: NewUser): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function updatePasswordHash(db: Executor, id: string, passwordHash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
}

/** When the user last signed in (the admin's list sorts by it). */
export async function updateLastLogin(db: Executor, id: string, now: string): Promise<void> {
  await db.updateTable('users').set({ last_login_at: now }).where('id', '=', id).execute();
}

export async function updateIsAdmin(db: Executor, id: string, isAdmin: boolean, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: isAdmin ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The ids of every administrator, locked against concurrent change (where the dialect has row locks: db/dialect.ts). */
export async function lockAdminIds(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('is_admin', '=', 1).forUpdate().execute();
  return rows.map((row) => row.id);
}

/** A user's balance, with the row locked against concurrent change (where the dialect has row locks). */
export async function lockUserCredits(db: Executor, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('credits').where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? Number(row.credits) : undefined;
}

/** Sets or clears the tier a user holds. Returns whether the user exists. */
export async function updateUserTier(db: Executor, id: string, tierId: string | null, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ current_tier_id: tierId, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What the admin's user list can be ordered by: each has an index (migration 015) ending in id. */
export type UserOrderKey = 'joined' | 'credits' | 'last_login';

/**
 * What the admin's search looks for (services/admin/user-list.ts decides): a term of 3 or more
 * characters anywhere in a username, an email or a Discord username through the trigram indexes of
 * migration 021; a shorter one at their start, a range [from, to) by byte order on the lowercased
 * columns (migration 015). Either way, or this Discord id exactly. Text is lowercased.
 */
export type UserSearch =
  | { kind: 'substring'; term: string; discordId: string }
  | { kind: 'prefix'; from: string; to: string; discordId: string };

/** What the admin's user list is narrowed to: the search, a tier, the admin flag. */
export interface UserFilters {
  dialect: DialectName;
  /**
   * `walk`: check the search row by row on the rows of the order's index (a term so common that its
   * matches come soon), not through the search's indexes (a rare one: its matches, then sorted).
   */
  search?: UserSearch & { walk: boolean };
  /** A tier's id, or null for players without one. */
  tierId?: string | null;
  admin?: boolean;
}

/** One page of the admin's user list (services/admin/user-list.ts decides what is asked). */
export interface UserPageRequest extends UserFilters {
  order: UserOrderKey;
  direction: 'asc' | 'desc';
  /** The last row of the page before, in this order. */
  after?: { key: string | number; id: string };
  /** How many rows to read. */
  limit: number;
  /**
   * With a walked search: how many rows of the order's index (after the cursor, with the tier and
   * admin filters) are read at most, the matches among them kept. Fewer matches than `limit` there
   * says nothing about the rows beyond: the caller asks again through the search's indexes.
   */
  walkRows?: number;
}

/** The sort key as the index holds it (migration 015): never signed in sorts as the oldest. */
function orderExpression(order: UserOrderKey): RawBuilder<unknown> {
  if (order === 'credits') return sql`users.credits`;
  if (order === 'last_login') return sql`coalesce(users.last_login_at, '')`;
  return sql`users.created_at`;
}

/** A prefix range on a lowercased column: byte order, as SQLite compares and PostgreSQL's "C" collation does. */
export function inRange(column: RawBuilder<unknown>, dialect: DialectName, from: string, to: string) {
  const key = dialect === 'postgres' ? sql`(${column} collate "C")` : column;
  return sql<boolean>`(${key} >= ${from} and ${key} < ${to})`;
}

/**
 * `expression` that no index serves, on SQLite (its unary +), so the planner takes the plan the
 * caller knows is better; PostgreSQL's planner judges by its statistics and is left to choose.
 */
function withoutIndex(expression: RawBuilder<unknown>, dialect: DialectName): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`+${expression}` : expression;
}

/**
 * The sort key as no index holds it, so the planner sorts the matches instead of walking the order's
 * index in the hope of meeting them: SQLite's unary +; on PostgreSQL, whose planner guesses a
 * trigram match's count loosely and would walk a million rows for a rare term, the same value
 * computed (`|| ''`, `+ 0`).
 */
function sortedNotWalked(key: RawBuilder<unknown>, order: UserOrderKey, dialect: DialectName): RawBuilder<unknown> {
  if (dialect === 'sqlite') return withoutIndex(key, dialect);
  return order === 'credits' ? sql`(${key} + 0)` : sql`(${key} || '')`;
}

/** `term` as one FTS5 phrase: its characters taken literally (a quote doubled), matched as trigrams. */
function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** The players whose names match `term` anywhere, through SQLite's trigram table (migration 021). */
function sqliteTrigramMatches(term: string) {
  return sql`select r.user_id from user_search s join user_search_rows r on r.id = s.rowid
    where user_search match ${ftsPhrase(term)}`;
}

/**
 * The search's match as one condition per column, each through its index; or, when `walk`, checked
 * row by row as the order's index is walked (on SQLite a plain substring test: the FTS table answers
 * only "which rows", and the text it indexes is the same lowercased text; on PostgreSQL strpos, which
 * no trigram index serves).
 */
function searchTerms(dialect: DialectName, search: UserSearch & { walk: boolean }) {
  const column = (expression: RawBuilder<unknown>) => (search.walk ? withoutIndex(expression, dialect) : expression);
  const discord = sql<boolean>`${column(sql`users.discord_id`)} = ${search.discordId}`;
  if (search.kind === 'prefix') {
    return [
      inRange(column(sql`users.username_normalized`), dialect, search.from, search.to),
      inRange(column(sql`users.email_normalized`), dialect, search.from, search.to),
      inRange(column(sql`lower(users.discord_username)`), dialect, search.from, search.to),
      discord,
    ];
  }
  if (search.walk) {
    // The term is lowercased, as the two normalized columns are: a plain substring test, cheaper per
    // row than ilike (and served by no index).
    const contains = dialect === 'postgres' ? sql`strpos` : sql`instr`;
    return [
      sql<boolean>`${contains}(users.username_normalized, ${search.term}) > 0`,
      sql<boolean>`${contains}(users.email_normalized, ${search.term}) > 0`,
      sql<boolean>`${contains}(lower(users.discord_username), ${search.term}) > 0`,
      discord,
    ];
  }
  if (dialect === 'postgres') {
    const pattern = containsPattern(search.term);
    return [
      sql<boolean>`users.username_normalized ilike ${pattern} escape '\\'`,
      sql<boolean>`users.email_normalized ilike ${pattern} escape '\\'`,
      sql<boolean>`users.discord_username ilike ${pattern} escape '\\'`,
      discord,
    ];
  }
  return [sql<boolean>`users.id in (${sqliteTrigramMatches(search.term)})`, discord];
}

/**
 * The ids of at most `limit` players the search matches, through the search's indexes (the admin's
 * payment search: a player's orders are then read through their own index).
 */
export async function findUserIdsMatching(
  db: Executor,
  dialect: DialectName,
  search: UserSearch,
  limit: number,
): Promise<string[]> {
  const terms = searchTerms(dialect, { ...search, walk: false });
  const result = await sql<{ id: string }>`
    select users.id from users where (${sql.join(terms, sql` or `)}) limit ${sql.lit(limit)}`.execute(db);
  return result.rows.map((row) => row.id);
}

/** The players the search matches, as a subquery of their ids (served by the search's indexes). */
export function userIdsMatching(dialect: DialectName, search: UserSearch) {
  const terms = searchTerms(dialect, { ...search, walk: false });
  return sql`select users.id from users where (${sql.join(terms, sql` or `)})`;
}

/** The tier and admin filters as conditions on users (the search is searchTerms'). */
function filterConditions(request: UserFilters & { order?: UserOrderKey }): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (request.tierId !== undefined) {
    // By join date, the tier's own index (tier, joined, id) is in order. By another order, walking
    // that order's index and keeping the tier's players beats sorting all of them (a tier holds many).
    const tier =
      request.order === undefined || request.order === 'joined'
        ? sql`users.current_tier_id`
        : withoutIndex(sql`users.current_tier_id`, request.dialect);
    conditions.push(
      request.tierId === null ? sql<boolean>`${tier} is null` : sql<boolean>`${tier} = ${request.tierId}`,
    );
  }
  // A literal, not a parameter: SQLite uses the partial index of administrators only for `is_admin = 1`.
  if (request.admin !== undefined) conditions.push(sql<boolean>`users.is_admin = ${sql.lit(request.admin ? 1 : 0)}`);
  return conditions;
}

/**
 * How many players the filters match, counted up to `cap` and no further: the count stops at the
 * `cap`th match. A walked search is checked row by row (its matches are common: the `cap`th comes
 * after about cap / share rows, whatever the number of players); any other through its indexes (few
 * matches to collect). On SQLite the trigram table counts a substring's matches either way: it hands
 * them out as it finds them, so it stops at the cap too.
 */
export async function countUsersMatching(db: Executor, filters: UserFilters, cap: number): Promise<number> {
  const { dialect, search } = filters;
  const conditions = filterConditions(filters);
  let source: RawBuilder<unknown>;
  if (search && dialect === 'sqlite' && search.kind === 'substring' && conditions.length === 0) {
    // The trigram table's matches as it finds them (it stops at the cap, common term or rare), and a
    // Discord id's player unless a name matched too: each player once.
    const names = sqliteTrigramMatches(search.term);
    source = sql`${names} union all
      select id from users where discord_id = ${search.discordId} and id not in (${names})`;
  } else {
    if (search) conditions.push(sql<boolean>`(${sql.join(searchTerms(dialect, search), sql` or `)})`);
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    source = sql`select 1 from users ${where}`;
  }
  const result = await sql<{ matches: number | string }>`
    select count(*) as matches from (${source} limit ${sql.lit(cap)}) capped`.execute(db);
  return Number(result.rows[0]?.matches ?? 0);
}

/** The sort key of a row in `order`, as orderExpression reads it. */
export function userOrderKey(row: UserWithTier, order: UserOrderKey): string | number {
  if (order === 'credits') return Number(row.credits);
  if (order === 'last_login') return row.last_login_at ?? '';
  return row.created_at;
}

/** A page of users in a keyset order (sort key, then id): no OFFSET, so page 1,000 costs what page 1 does. */
export async function pageUsersWithTier(db: Executor, request: UserPageRequest): Promise<UserWithTier[]> {
  return userPageQuery(db, request).execute();
}

/** The query of pageUsersWithTier, built but not run (test/list-indexes.test.ts reads its plan). */
export function userPageQuery(db: Executor, request: UserPageRequest) {
  const { dialect, search, after } = request;
  const key = orderExpression(request.order);
  const descending = request.direction === 'desc';
  const direction = descending ? sql`desc` : sql`asc`;
  const conditions = filterConditions(request);
  if (after) {
    conditions.push(
      descending
        ? sql<boolean>`(${key}, users.id) < (${after.key}, ${after.id})`
        : sql<boolean>`(${key}, users.id) > (${after.key}, ${after.id})`,
    );
  }
  const matches = search && sql<boolean>`(${sql.join(searchTerms(dialect, search), sql` or `)})`;
  const inOrder = <Q extends { orderBy(expression: RawBuilder<unknown>): Q }>(query: Q, orderKey = key) =>
    query.orderBy(sql`${orderKey} ${direction}`).orderBy(sql`users.id ${direction}`);
  const where = (all: RawBuilder<boolean>[]) => sql<boolean>`${all.length > 0 ? sql.join(all, sql` and `) : sql`true`}`;
  if (matches && search?.walk && request.walkRows !== undefined) {
    // The next rows of the order's index, at most walkRows of them, and the matches among them: the
    // work is bounded whatever the number of players.
    const walked = inOrder(db.selectFrom('users').selectAll('users').where(where(conditions))).limit(request.walkRows);
    return inOrder(
      db
        .selectFrom(walked.as('users'))
        .leftJoin('tiers', 'tiers.id', 'users.current_tier_id')
        .select(userWithTierColumns)
        .where(matches),
    ).limit(request.limit);
  }
  if (matches) conditions.push(matches);
  // A search with few matches: they come from the search's indexes and are sorted, never found by
  // walking the whole order's index.
  const orderKey = search && !search.walk ? sortedNotWalked(key, request.order, dialect) : key;
  return inOrder(selectUsersWithTier(db).where(where(conditions)), orderKey).limit(request.limit);
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findUserByDiscordId(db: Executor, discordId: string) {
  return db.selectFrom('users').select(['id', 'email']).where('discord_id', '=', discordId).executeTakeFirst();
}

export async function updateDiscordLink(
  db: Executor,
  id: string,
  link: { discordId: string | null; discordUsername: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ discord_id: link.discordId, discord_username: link.discordUsername, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Ids of every user with Discord linked, for the periodic reconcile. */
export async function listLinkedUserIds(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('discord_id', 'is not', null).execute();
  return rows.map((row) => row.id);
}

/** The user's password hash alone, for a call that confirms the current password. */
export async function findPasswordHash(db: Executor, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash;
}

/** Marks the current address verified, if it is still `emailNormalized`; false when it changed meanwhile. */
export async function markEmailVerified(
  db: Executor,
  id: string,
  emailNormalized: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves the account to a new, verified address (the unique index refuses one another account took). */
export async function updateVerifiedEmail(
  db: Executor,
  id: string,
  email: { email: string; normalized: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email: email.email, email_normalized: email.normalized, email_verified_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}
/** What replaces a deleted player's personal data on their row (services/accounts/account-deletion.ts). */
export interface AnonymisedUser {
  email: string;
  emailNormalized: string;
  username: string;
  usernameNormalized: string;
  passwordHash: string;
}

/**
 * Erases a player's personal data from their row, which stays (ledgers and payments name it): the
 * email, the username, the Discord link, the password, the admin flag and tier. Returns whether it was there.
 */
export async function anonymiseUser(db: Executor, id: string, replacement: AnonymisedUser, now: string) {
  const result = await db
    .updateTable('users')
    .set({
      email: replacement.email,
      email_normalized: replacement.emailNormalized,
      username: replacement.username,
      username_normalized: replacement.usernameNormalized,
      password_hash: replacement.passwordHash,
      discord_id: null,
      discord_username: null,
      is_admin: 0,
      current_tier_id: null,
      last_login_at: null,
      email_verified_at: null,
      deleted_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
