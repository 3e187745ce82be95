// Data access for users (and the tier a user holds).
import type { Executor, NewUser, UserRow } from '../database.ts';
import { prepared } from '../prepared.ts';

/** A user as the app handles it: every column but the password hash, with the tier's name and price. */
export interface UserWithTier extends Omit<UserRow, 'password_hash'> {
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

/** Every user, newest first, for the admin's user list. */
export async function listUsersWithTier(db: Executor): Promise<UserWithTier[]> {
  return selectUsersWithTier(db).orderBy('users.created_at', 'desc').orderBy('users.id').execute();
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
