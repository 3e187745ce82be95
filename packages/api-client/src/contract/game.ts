// The game servers' calls (/api/game/*) and the admin calls about game servers and deliveries.
import { z } from 'zod';
import { gameItemSchema } from './catalogue.ts';
import { nextCursorSchema } from './paging.ts';

export const gameMessages = {
  keyRequired: 'A game server key is required',
  keyInvalid: 'Unknown or revoked game server key',
  limitInvalid: 'limit must be a whole number from 1 to 100',
  onlineInvalid: 'online must be a comma-separated list of player ids',
  idsInvalid: 'ids must be a list of 1 to 500 delivery ids',
  keyNameRequired: 'Give the game server a name',
  keyNotFound: 'Game server key not found',
  deliveryNotFound: 'Delivery not found',
  deliveryRevoked: 'A revoked purchase cannot be delivered',
} as const;

export const DELIVERY_LIMIT_DEFAULT = 50;
export const DELIVERY_LIMIT_MAX = 100;
export const ACK_IDS_MAX = 500;

export const deliverySchema = z.object({
  /** Stable: the same delivery keeps its id however often it is handed out. */
  id: z.string(),
  kind: z.enum(['purchase', 'mail']),
  player: z.object({ id: z.string(), username: z.string(), discordId: z.string().nullable() }),
  /** What to hand over in the game: the item's game items times the quantity bought. */
  items: z.array(gameItemSchema),
  /** Purchases are handed to a player who is online (leased only to a poll naming them); mail waits in the game's mailbox. */
  requiresOnline: z.boolean(),
  mail: z.object({ sender: z.string(), subject: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  /** How many times it has been handed out, this time included. */
  attempt: z.number().int(),
  /** Until when this game server holds it; unacknowledged, it returns to the queue then. */
  leaseUntil: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveriesResponseSchema = z.object({ deliveries: z.array(deliverySchema) });
export type DeliveriesResponse = z.infer<typeof deliveriesResponseSchema>;

const onlineIds = z
  .array(z.string().trim().min(1).max(100), { error: gameMessages.onlineInvalid })
  .max(1000, gameMessages.onlineInvalid);

/** POST /api/game/deliveries: the same as the GET, for long lists of online players. */
export const pollDeliveriesRequestSchema = z.object({
  limit: z
    .number({ error: gameMessages.limitInvalid })
    .int(gameMessages.limitInvalid)
    .min(1, gameMessages.limitInvalid)
    .max(DELIVERY_LIMIT_MAX, gameMessages.limitInvalid)
    .optional(),
  online: onlineIds.optional(),
});
export type PollDeliveriesRequest = z.input<typeof pollDeliveriesRequestSchema>;

export const ackRequestSchema = z.object({
  ids: z
    .array(z.string().trim().min(1).max(100), { error: gameMessages.idsInvalid })
    .min(1, gameMessages.idsInvalid)
    .max(ACK_IDS_MAX, gameMessages.idsInvalid),
});
export type AckRequest = z.input<typeof ackRequestSchema>;

/** Why an id in an ack was not confirmed: only the key holding the lease may, and never a revoked one. */
export const ackRefusalReasons = [
  'not leased',
  'leased by another game server',
  'acknowledged by another game server',
  'revoked',
  'disputed',
] as const;
export type AckRefusalReason = (typeof ackRefusalReasons)[number];

export const ackResponseSchema = z.object({
  acknowledged: z.array(z.string()),
  /** Confirmed before by this key: acknowledging twice changes nothing. */
  alreadyAcknowledged: z.array(z.string()),
  unknown: z.array(z.string()),
  /** Left exactly as they were, each with its reason. */
  refused: z.array(z.object({ id: z.string(), reason: z.enum(ackRefusalReasons) })),
});
export type AckResponse = z.infer<typeof ackResponseSchema>;

// --- Admin -------------------------------------------------------------------------------------

export const gameServerKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the key itself is shown only at creation. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type GameServerKey = z.infer<typeof gameServerKeySchema>;
export const gameServerKeysResponseSchema = z.object({ keys: z.array(gameServerKeySchema) });
export type GameServerKeysResponse = z.infer<typeof gameServerKeysResponseSchema>;
export const createGameServerKeyRequestSchema = z.object({
  name: z
    .string({ error: gameMessages.keyNameRequired })
    .trim()
    .min(1, gameMessages.keyNameRequired)
    .max(100, gameMessages.keyNameRequired),
});
export type CreateGameServerKeyRequest = z.input<typeof createGameServerKeyRequestSchema>;
export const createGameServerKeyResponseSchema = z.object({ key: gameServerKeySchema, secret: z.string() });
export type CreateGameServerKeyResponse = z.infer<typeof createGameServerKeyResponseSchema>;
export const gameServerKeyResponseSchema = z.object({ key: gameServerKeySchema });
export type GameServerKeyResponse = z.infer<typeof gameServerKeyResponseSchema>;

export const deliveryStatuses = ['pending', 'leased', 'delivered', 'revoked'] as const;
export const adminDeliverySchema = z.object({
  _id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  acquiredMethod: z.string(),
  createdAt: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  deliveredAt: z.string().nullable(),
  deliveredBy: z.string().nullable(),
});
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;
export const adminDeliveriesResponseSchema = z.object({
  deliveries: z.array(adminDeliverySchema),
  nextCursor: nextCursorSchema,
});
export type AdminDeliveriesResponse = z.infer<typeof adminDeliveriesResponseSchema>;
/** POST /api/admin/deliveries/{id}/requeue: the id put back in the queue. */
export const requeueResponseSchema = z.object({ requeued: z.string() });
export type RequeueResponse = z.infer<typeof requeueResponseSchema>;
