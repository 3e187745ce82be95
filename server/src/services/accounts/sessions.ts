// Sessions: opaque random tokens, stored as SHA-256 hashes, with idle and absolute expiry.
import type { AppContext } from '../../context.ts';
import { ReadCache } from '../../db/read-cache.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionWithUser,
  insertSession,
  type SessionWithUser,
  touchSession,
} from '../../db/repositories/sessions.ts';
import { findUserBalance, type UserBalance, type UserWithTier } from '../../db/repositories/users.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { newId, newSecretToken, sha256Hex } from '../../lib/ids.ts';

/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashToken = (token: string): string => sha256Hex(token);

/** Where a session is used from: its browser and its client address, as the device list shows them. */
export interface SessionOrigin {
  userAgent: string | null;
  address: string;
}

const USER_AGENT_MAX = 200;
const ADDRESS_MAX = 64;

export async function createSession(ctx: AppContext, userId: string, origin: SessionOrigin): Promise<string> {
  const token = newSecretToken();
  const now = ctx.clock();
  const address = origin.address.slice(0, ADDRESS_MAX);
  await insertSession(ctx.db, {
    token_hash: hashToken(token),
    public_id: newId(),
    user_id: userId,
    created_at: toIso(now),
    last_seen_at: toIso(now),
    expires_at: toIso(addMs(now, ctx.config.sessionAbsoluteMs)),
    user_agent: origin.userAgent ? origin.userAgent.slice(0, USER_AGENT_MAX) : null,
    created_address: address,
    last_address: address,
  });
  return token;
}

export type AuthResult =
  | { ok: true; user: UserWithTier; tokenHash: string }
  | { ok: false; reason: 'unknown' | 'expired' };

const sessionReads = new WeakMap<AppContext['db'], ReadCache<SessionWithUser>>();
const balanceReads = new WeakMap<AppContext['db'], ReadCache<UserBalance>>();

function cacheOf<V extends object>(ctx: AppContext, caches: WeakMap<AppContext['db'], ReadCache<V>>): ReadCache<V> {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new ReadCache(ctx.db, ctx.config.sessionCacheBounds);
    caches.set(ctx.db, cache);
  }
  return cache;
}

/** What the session read cache holds now (for tests and figures). */
export function sessionCacheUsage(ctx: AppContext) {
  return sessionReads.get(ctx.db)?.usage() ?? { entries: 0, bytes: 0, tags: 0 };
}

/** The session read kept for `token` as it was read, or undefined (for tests: whether a change forgot it). */
export function keptSessionRead(ctx: AppContext, token: string): Readonly<SessionWithUser> | undefined {
  return sessionReads.get(ctx.db)?.peek(hashToken(token));
}

/** A change to the user (credits, admin flag, tier) or to this session forgets the read. */
const sessionTags = (tokenHash: string) => (found: SessionWithUser) => [`user:${found.user.id}`, `token:${tokenHash}`];
/** A purchase, a grant or a refund changes only the balance ('credits:<id>'): its own read, not the session's. */
const balanceTags = (userId: string) => () => [`user:${userId}`, `credits:${userId}`];

/** The kept session with the balance kept beside it, which may be newer. */
function withBalance(found: Readonly<SessionWithUser>, balance: Readonly<UserBalance>): Readonly<SessionWithUser> {
  const { user } = found;
  if (balance.credits === user.credits && balance.updated_at === user.updated_at) return found;
  return { ...found, user: { ...user, credits: balance.credits, updated_at: balance.updated_at } };
}

/**
 * Every signed-in call reads its session: from memory while the database is unchanged (db/read-cache.ts).
 * The user's balance is kept apart: a purchase changes it, and the next call reads it alone (by key)
 * instead of the session with its user and tier.
 */
async function readSession(ctx: AppContext, tokenHash: string): Promise<Readonly<SessionWithUser> | undefined> {
  const sessions = cacheOf(ctx, sessionReads);
  // Both looked at in one synchronous run: the database is asked once whether it changed.
  const kept = sessions.peek(tokenHash);
  if (!kept) {
    const found = await sessions.get(tokenHash, () => findSessionWithUser(ctx.db, tokenHash), sessionTags(tokenHash));
    // Read with the session, the balance is as new as the database has it.
    return found;
  }
  const userId = kept.user.id;
  const balances = cacheOf(ctx, balanceReads);
  const balance =
    balances.peek(userId) ?? (await balances.get(userId, () => findUserBalance(ctx.db, userId), balanceTags(userId)));
  // No balance: the user is gone since (its session with it).
  return balance ? withBalance(kept, balance) : undefined;
}

/**
 * What a session read allows now, the one rule of it: past its absolute or idle deadline it is
 * `expired`; last seen a minute ago or more, it is still good but due a `touch` (a write); otherwise
 * it is `current` and answering with it writes nothing.
 */
function sessionState(
  ctx: AppContext,
  session: SessionWithUser['session'],
  now: Date,
): 'expired' | 'touch' | 'current' {
  const lastSeen = new Date(session.last_seen_at).getTime();
  if (new Date(session.expires_at) <= now || lastSeen + ctx.config.sessionIdleMs <= now.getTime()) return 'expired';
  return now.getTime() - lastSeen >= TOUCH_INTERVAL_MS ? 'touch' : 'current';
}

export async function authenticateToken(
  ctx: AppContext,
  token: string,
  options: { fresh?: boolean; address?: () => string } = {},
): Promise<AuthResult> {
  const tokenHash = hashToken(token);
  const found = options.fresh ? await findSessionWithUser(ctx.db, tokenHash) : await readSession(ctx, tokenHash);
  if (!found) return { ok: false, reason: 'unknown' };
  const now = ctx.clock();
  const state = sessionState(ctx, found.session, now);
  if (state === 'expired') {
    await deleteSession(ctx.db, tokenHash);
    return { ok: false, reason: 'expired' };
  }
  if (state === 'touch') {
    await touchSession(ctx.db, tokenHash, toIso(now), options.address?.().slice(0, ADDRESS_MAX) ?? null);
  }
  return { ok: true, user: found.user, tokenHash };
}

/**
 * The user of `token`'s session when the session read cache holds it, still as the database has it
 * (db/read-cache.ts peek), and authenticateToken would take it as it is: unexpired, no touch due.
 * Otherwise undefined, and authenticateToken decides (reads, deletes, touches). Without waiting, for
 * answering before the router (hot-reads.ts).
 */
export function keptSessionUser(ctx: AppContext, token: string): Readonly<UserWithTier> | undefined {
  const found = sessionReads.get(ctx.db)?.peek(hashToken(token));
  if (!found || sessionState(ctx, found.session, ctx.clock()) !== 'current') return undefined;
  const balance = balanceReads.get(ctx.db)?.peek(found.user.id);
  return balance ? withBalance(found, balance).user : undefined;
}

export async function revokeSession(ctx: AppContext, tokenHash: string): Promise<void> {
  await deleteSession(ctx.db, tokenHash);
}

/** Clears out expired sessions; run periodically so the table does not grow without end. */
export async function purgeExpiredSessions(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  return deleteExpiredSessions(ctx.db, toIso(now), toIso(addMs(now, -ctx.config.sessionIdleMs)));
}
