// Pilots online (issue 21): each game server's heartbeat, and the count the site shows.
import { z } from 'zod';

export const HEARTBEAT_PLAYERS_MAX = 1_000_000;
/** A server counts as up while its last heartbeat is at most this old. */
export const HEARTBEAT_WINDOW_MS = 2 * 60 * 1000;

export const heartbeatMessages = {
  serverNameRequired: 'serverName must be text of 1 to 100 characters',
  playersOnlineInvalid: `playersOnline must be a whole number from 0 to ${HEARTBEAT_PLAYERS_MAX}`,
  tooMany: 'Too many heartbeats from this game server; send one a minute',
} as const;

export const heartbeatRequestSchema = z.object({
  serverName: z
    .string({ error: heartbeatMessages.serverNameRequired })
    .trim()
    .min(1, heartbeatMessages.serverNameRequired)
    .max(100, heartbeatMessages.serverNameRequired),
  playersOnline: z
    .number({ error: heartbeatMessages.playersOnlineInvalid })
    .int(heartbeatMessages.playersOnlineInvalid)
    .min(0, heartbeatMessages.playersOnlineInvalid)
    .max(HEARTBEAT_PLAYERS_MAX, heartbeatMessages.playersOnlineInvalid),
});
export type HeartbeatRequest = z.input<typeof heartbeatRequestSchema>;

export const gameServerStatusSchema = z.object({
  /** The name of the key it called with. */
  keyName: z.string(),
  serverName: z.string(),
  playersOnline: z.number().int(),
  seenAt: z.string(),
});
export type GameServerStatus = z.infer<typeof gameServerStatusSchema>;
export const heartbeatResponseSchema = z.object({ server: gameServerStatusSchema.omit({ keyName: true }) });
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;

/** GET /api/status: players online on the servers heard from in the last two minutes. */
export const statusResponseSchema = z.object({
  playersOnline: z.number().int(),
  servers: z.number().int().describe('How many game servers reported in the last two minutes'),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** GET /api/admin/game-heartbeats: every server that ever reported, the latest first. */
export const adminHeartbeatsResponseSchema = z.object({ servers: z.array(gameServerStatusSchema) });
export type AdminHeartbeatsResponse = z.infer<typeof adminHeartbeatsResponseSchema>;
