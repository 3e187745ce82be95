// Data access for the player search of pickers (GET /api/players): usernames only, of players who
// have not deleted their account. Names that start with the term come through the prefix index
// (migration 015); names that contain it through PostgreSQL's trigram index (migration 021), or on
// SQLite a substring test over the names.
import { sql } from 'kysely';
import type { Executor } from '../database.ts';
import type { DialectName } from '../dialect.ts';
import { containsPattern } from '../like-pattern.ts';

export interface PlayerSearch {
  /** Lowercased, as username_normalized holds names. */
  term: string;
  /** The first string after every string that starts with the term. */
  upperBound: string;
  excludeUserId: string;
  limit: number;
}

export async function listPlayersByPrefix(db: Executor, dialect: DialectName, search: PlayerSearch) {
  const key = dialect === 'postgres' ? sql`(users.username_normalized collate "C")` : sql`users.username_normalized`;
  return db
    .selectFrom('users')
    .select(['users.id', 'users.username'])
    .where(sql<boolean>`(${key} >= ${search.term} and ${key} < ${search.upperBound})`)
    .where('users.deleted_at', 'is', null)
    .where('users.id', '!=', search.excludeUserId)
    .orderBy(key)
    .limit(search.limit)
    .execute();
}

export async function listPlayersContaining(
  db: Executor,
  dialect: DialectName,
  search: PlayerSearch & { skipIds: string[] },
) {
  const match =
    dialect === 'postgres'
      ? sql<boolean>`users.username_normalized ilike ${containsPattern(search.term)} escape '\\'`
      : sql<boolean>`instr(users.username_normalized, ${search.term}) > 0`;
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.username'])
    .where(match)
    .where('users.deleted_at', 'is', null)
    .where('users.id', '!=', search.excludeUserId);
  if (search.skipIds.length > 0) query = query.where('users.id', 'not in', search.skipIds);
  return query.orderBy('users.username_normalized').limit(search.limit).execute();
}

/** A player who can receive items: by username (normalised), not deleted. */
export async function findActivePlayerByUsername(db: Executor, usernameNormalized: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username_normalized', '=', usernameNormalized)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findPreferences(db: Executor, userId: string) {
  return db.selectFrom('users').select('keep_new_items_on_site').where('id', '=', userId).executeTakeFirst();
}

export async function updatePreferences(
  db: Executor,
  userId: string,
  preferences: { keepNewItemsOnSite: boolean },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ keep_new_items_on_site: preferences.keepNewItemsOnSite ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
