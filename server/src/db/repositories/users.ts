// Data access for users (and the tier a user holds).
import type { Executor, NewUser, UserRow } from '../database.ts';

export interface UserWithTier extends UserRow {
  tier_name: string | null;
  tier_price_cents: number | null;
}

function selectUsersWithTier(db: Executor) {
  return db
    .selectFrom('users')
    .leftJoin('tiers', 'tiers.id', 'users.current_tier_id')
    .selectAll('users')
    .select(['tiers.name as tier_name', 'tiers.price_cents as tier_price_cents']);
}

export async function findUserById(db: Executor, id: string): Promise<UserWithTier | undefined> {
  return selectUsersWithTier(db).where('users.id', '=', id).executeTakeFirst();
}

export async function findUserByNormalizedEmail(
  db: Executor,
  emailNormalized: string,
): Promise<UserWithTier | undefined> {
  return selectUsersWithTier(db).where('users.email_normalized', '=', emailNormalized).executeTakeFirst();
}

export async function findUserIdByNormalizedUsername(db: Executor, usernameNormalized: string) {
  return db.selectFrom('users').select('id').where('username_normalized', '=', usernameNormalized).executeTakeFirst();
}

export async function insertUser(db: Executor, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
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

export async function countAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('is_admin', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
