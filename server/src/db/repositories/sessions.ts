// Data access for sessions, which are stored only as hashes of their tokens.
import type { Insertable } from 'kysely';
import type { Executor, SessionRow, SessionsTable } from '../database.ts';
import { prepared } from '../prepared.ts';
import { type UserWithTier, userWithTierColumns } from './users.ts';

export type NewSession = Insertable<SessionsTable>;

export async function insertSession(db: Executor, session: NewSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export interface SessionWithUser {
  session: Pick<SessionRow, 'token_hash' | 'created_at' | 'last_seen_at' | 'expires_at'>;
  user: UserWithTier;
}

const selectSessionWithUser = prepared((db: Executor, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('tiers', 'tiers.id', 'users.current_tier_id')
    .select(userWithTierColumns)
    .select([
      'sessions.token_hash as s_token_hash',
      'sessions.created_at as s_created_at',
      'sessions.last_seen_at as s_last_seen_at',
      'sessions.expires_at as s_expires_at',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

/** One round trip: the session and its user, with the user's tier. Every signed-in call runs it. */
export async function findSessionWithUser(db: Executor, tokenHash: string): Promise<SessionWithUser | undefined> {
  const [row] = (await selectSessionWithUser(db, tokenHash)).rows;
  if (!row) return undefined;
  const { s_token_hash, s_created_at, s_last_seen_at, s_expires_at, ...user } = row;
  return {
    session: {
      token_hash: s_token_hash,
      created_at: s_created_at,
      last_seen_at: s_last_seen_at,
      expires_at: s_expires_at,
    },
    user,
  };
}

const updateLastSeen = prepared((db: Executor, tokenHash: string, lastSeenAt: string, address: string | null) =>
  db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt, last_address: address })
    .where('token_hash', '=', tokenHash),
);

/** Records a use of the session: when, and from which address. */
export async function touchSession(
  db: Executor,
  tokenHash: string,
  lastSeenAt: string,
  address: string | null,
): Promise<void> {
  await updateLastSeen(db, tokenHash, lastSeenAt, address);
}

/** A session as the player's device list shows it: never its token's hash. */
export type DeviceSessionRow = Pick<
  SessionRow,
  'public_id' | 'user_agent' | 'created_address' | 'last_address' | 'created_at' | 'last_seen_at' | 'expires_at'
> & { current: boolean };

/** A player's sessions, most recently used first; `currentTokenHash` marks the one asking. */
export async function listSessionsOfUser(
  db: Executor,
  userId: string,
  currentTokenHash: string,
): Promise<DeviceSessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select([
      'public_id',
      'token_hash',
      'user_agent',
      'created_address',
      'last_address',
      'created_at',
      'last_seen_at',
      'expires_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('public_id')
    .execute();
  return rows.map(({ token_hash, ...row }) => ({ ...row, current: token_hash === currentTokenHash }));
}

/** Ends one of the player's sessions by its public id: 0 when it is not theirs or not there. */
export async function deleteSessionOfUser(db: Executor, userId: string, publicId: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of the player but `keepTokenHash` (null or left out: every one). Returns how many. */
export async function deleteSessionsOfUser(
  db: Executor,
  userId: string,
  keepTokenHash: string | null = null,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes sessions past their absolute expiry or idle since before `idleCutoff`. */
export async function deleteExpiredSessions(db: Executor, now: string, idleCutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
