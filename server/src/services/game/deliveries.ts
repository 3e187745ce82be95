// The game servers' side (issue 7): keys an admin issues (shown once, stored as hashes), and the
// delivery queue the game polls. A delivery is an inventory entry not yet in the game; handing it
// to a game server leases it (no other server receives it meanwhile), an ack marks it In Game for
// good, and a lease that runs out returns it to the queue. At least once, with stable ids.
import {
  type AckRefusalReason,
  type AckResponse,
  type AdminDelivery,
  DELIVERY_LIMIT_DEFAULT,
  type Delivery,
  type GameItem,
  type GameServerKey,
  gameMessages,
  type PageQueryInput,
  type ShopItem,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import {
  findActiveGameServerKey,
  findGameServerKeyById,
  insertGameServerKey,
  listGameServerKeys,
  revokeGameServerKey,
  touchGameServerKey,
} from '../../db/repositories/game-server-keys.ts';
import {
  findDeliveryStates,
  findEntryById,
  leaseDelivery,
  listDeliveriesOfUser,
  listDeliveryCandidates,
  markDelivered,
  requeueDelivery,
} from '../../db/repositories/inventory.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invalid, notFound } from '../../errors.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { newId, newSecretToken, sha256Hex } from '../../lib/ids.ts';
import { newestFirstAnswer, newestFirstRequest } from '../../lib/page-cursor.ts';
import { adminTransaction } from '../admin/audit.ts';
import { ADMIN_MAIL } from '../admin/mail.ts';
import { tellDeliveriesDone } from '../notifications/wired-notices.ts';

/** How long a game server holds a delivery before it returns to the queue unacknowledged. */
export const LEASE_MS = 60_000;
/** Keys look like this, so a leaked one is easy to recognise in a log or a repository. */
export const GAME_KEY_PREFIX = 'spk_';
/** last_used_at is written at most this often per key. */
const TOUCH_INTERVAL_MS = 60_000;

type KeyRow = NonNullable<Awaited<ReturnType<typeof findGameServerKeyById>>>;

function toKeyView(row: KeyRow): GameServerKey {
  return {
    _id: row.id,
    name: row.name,
    prefix: row.key_prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export async function listKeys(ctx: AppContext): Promise<GameServerKey[]> {
  return (await listGameServerKeys(ctx.db)).map(toKeyView);
}

/** Makes a key; its secret is in this answer and nowhere else, ever. */
export async function createKey(
  ctx: AppContext,
  adminId: string,
  name: string,
): Promise<{ key: GameServerKey; secret: string }> {
  const secret = `${GAME_KEY_PREFIX}${newSecretToken()}`;
  const id = newId();
  const now = toIso(ctx.clock());
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    await insertGameServerKey(trx, {
      id,
      name: name.trim(),
      keyHash: sha256Hex(secret),
      keyPrefix: secret.slice(0, GAME_KEY_PREFIX.length + 6),
      createdBy: adminId,
      now,
    });
    const key = toKeyView((await findGameServerKeyById(trx, id)) as KeyRow);
    await audit({ action: 'game_key.create', targetType: 'game_key', targetId: id, after: key });
    return { key, secret };
  });
}

export async function revokeKey(ctx: AppContext, adminId: string, id: string): Promise<GameServerKey> {
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const before = await findGameServerKeyById(trx, id);
    if (!before) throw notFound(gameMessages.keyNotFound);
    await revokeGameServerKey(trx, id, toIso(ctx.clock()));
    const key = toKeyView((await findGameServerKeyById(trx, id)) as KeyRow);
    await audit({
      action: 'game_key.revoke',
      targetType: 'game_key',
      targetId: id,
      before: toKeyView(before),
      after: key,
    });
    return key;
  });
}

/** The key's id if the bearer is a working game server key; null otherwise. */
export async function authenticateGameKey(ctx: AppContext, secret: string): Promise<string | null> {
  if (!secret.startsWith(GAME_KEY_PREFIX)) return null;
  const key = await findActiveGameServerKey(ctx.db, sha256Hex(secret));
  if (!key) return null;
  const now = ctx.clock();
  if (!key.last_used_at || Date.parse(key.last_used_at) + TOUCH_INTERVAL_MS <= now.getTime()) {
    await touchGameServerKey(ctx.db, key.id, toIso(now));
  }
  return key.id;
}

/** What the game hands over: each game item times the quantity bought. */
function itemsToHandOver(snapshot: ShopItem, quantity: number): GameItem[] {
  return (snapshot.gameItems ?? []).map((item) => ({
    item_name: item.item_name,
    item_quantity: item.item_quantity * quantity,
  }));
}

/** What can be handed over without the player online: mail waits in the game's mailbox. */
const DELIVERABLE_OFFLINE = [ADMIN_MAIL] as const;

/**
 * Leases up to `limit` deliveries to one game server. Purchases need the player in the game, so
 * only a server naming them in `online` gets them (one naming nobody gets mail only); those
 * players' deliveries come first.
 */
export async function pollDeliveries(
  ctx: AppContext,
  keyId: string,
  options: { limit?: number; online?: string[] },
): Promise<Delivery[]> {
  const limit = options.limit ?? DELIVERY_LIMIT_DEFAULT;
  const online = options.online ?? [];
  const now = ctx.clock();
  const leaseUntil = toIso(addMs(now, LEASE_MS));
  // More candidates than asked for: some may be taken by another server meanwhile.
  const candidates = await listDeliveryCandidates(ctx.db, toIso(now), limit * 3, {
    onlineUserIds: online,
    offlineMethods: DELIVERABLE_OFFLINE,
  });
  const leased: Delivery[] = [];
  for (const row of candidates) {
    if (leased.length >= limit) break;
    const kind = row.acquired_method === ADMIN_MAIL ? 'mail' : 'purchase';
    const requiresOnline = kind === 'purchase';
    // The quantity as leased: a gift may have taken part of the entry since it was listed.
    const quantity = await leaseDelivery(ctx.db, row.id, { keyId, until: leaseUntil, now: toIso(now) });
    if (quantity === null) continue;
    leased.push({
      id: row.id,
      kind,
      player: { id: row.user_id, username: row.username, discordId: row.discord_id },
      items: itemsToHandOver(JSON.parse(row.item_snapshot) as ShopItem, quantity),
      requiresOnline,
      mail:
        kind === 'mail' && row.subject !== null
          ? { sender: row.sender_name ?? '', subject: row.subject, message: row.message ?? '' }
          : null,
      createdAt: row.created_at,
      attempt: Number(row.delivery_attempts) + 1,
      leaseUntil,
    });
  }
  if (leased.length > 0) ctx.logger.info('game.deliveries_leased', { keyId, ids: leased.map((d) => d.id) });
  return leased;
}

type DeliveryState = Awaited<ReturnType<typeof findDeliveryStates>>[number];

/** Why this key may not confirm a delivery it did not just confirm; null when it had confirmed it before. */
function ackRefusal(state: DeliveryState, keyId: string): AckRefusalReason | null {
  if (state.delivered_to_game === 1) return state.delivered_by === keyId ? null : 'acknowledged by another game server';
  if (state.revoked_at) return state.payment_status === 'disputed' ? 'disputed' : 'revoked';
  return state.leased_to && state.leased_to !== keyId ? 'leased by another game server' : 'not leased';
}

/**
 * Confirms deliveries: In Game from now on. Only the key holding the lease may, and never for a
 * revoked or disputed purchase; the others are refused with their reason, left as they were, and
 * logged. A second ack changes nothing; unknown ids are named.
 */
export async function acknowledgeDeliveries(ctx: AppContext, keyId: string, ids: string[]): Promise<AckResponse> {
  const unique = [...new Set(ids)];
  const now = toIso(ctx.clock());
  const { acknowledged, others, states } = await inTransaction(ctx.db, async (trx) => {
    const confirmed = await markDelivered(trx, unique, keyId, now);
    await tellDeliveriesDone(trx, confirmed, ctx.clock());
    const rest = unique.filter((id) => !confirmed.includes(id));
    return { acknowledged: confirmed, others: rest, states: await findDeliveryStates(trx, rest) };
  });
  const stateOf = new Map(states.map((state) => [state.id, state]));
  const result: AckResponse = { acknowledged, alreadyAcknowledged: [], unknown: [], refused: [] };
  for (const id of others) {
    const state = stateOf.get(id);
    const reason = state && ackRefusal(state, keyId);
    if (!state) result.unknown.push(id);
    else if (reason) result.refused.push({ id, reason });
    else result.alreadyAcknowledged.push(id);
  }
  for (const { id, reason } of result.refused) ctx.logger.warn('game.ack_refused', { keyId, entryId: id, reason });
  ctx.logger.info('game.deliveries_acknowledged', { keyId, ...result });
  return result;
}

/** One page of a player's deliveries, newest first (`GET /api/admin/users/{id}/deliveries`). */
export async function listUserDeliveries(
  ctx: AppContext,
  userId: string,
  query: PageQueryInput,
): Promise<{ deliveries: AdminDelivery[]; nextCursor: string | null }> {
  const request = newestFirstRequest(query, DELIVERIES_LIST);
  if (!(await findUserById(ctx.db, userId))) throw notFound('User not found');
  const now = toIso(ctx.clock());
  const page = newestFirstAnswer(await listDeliveriesOfUser(ctx.db, userId, request), request, DELIVERIES_LIST);
  const deliveries = page.rows.map(
    (row): AdminDelivery => ({
      _id: row.id,
      name: (JSON.parse(row.item_snapshot) as ShopItem).name,
      quantity: Number(row.quantity),
      acquiredMethod: row.acquired_method,
      createdAt: row.created_at,
      status: row.revoked_at
        ? 'revoked'
        : row.delivered_to_game === 1
          ? 'delivered'
          : row.lease_until && row.lease_until > now
            ? 'leased'
            : 'pending',
      attempts: Number(row.delivery_attempts),
      deliveredAt: row.delivered_at,
      deliveredBy: row.delivered_by_name,
    }),
  );
  return { deliveries, nextCursor: page.nextCursor };
}

/** The list's name in its cursors. */
const DELIVERIES_LIST = 'deliveries';

/** An admin puts a delivery back in the queue: Pending again, to be handed out anew. */
export async function requeue(ctx: AppContext, adminId: string, entryId: string): Promise<void> {
  await adminTransaction(ctx, adminId, async (trx, audit) => {
    const entry = await findEntryById(trx, entryId);
    if (!entry) throw notFound(gameMessages.deliveryNotFound);
    if (entry.revoked_at) throw invalid(gameMessages.deliveryRevoked);
    await requeueDelivery(trx, entryId);
    await audit({
      action: 'delivery.requeue',
      targetType: 'delivery',
      targetId: entryId,
      before: { delivered: entry.delivered_to_game === 1, deliveredAt: entry.delivered_at },
      after: { delivered: false },
    });
  });
}
