// The player's signed-in devices: each session with its browser, address and last use, and signing
// out one of them or every other. Ending a session deletes its row; the session read cache forgets
// it with that write, on this process at once and on the others when the database announces it
// (db/read-cache.ts: SQLite's data_version, PostgreSQL's per-user notice of migration 010).
import { type AccountSession, accountPageMessages } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import {
  type DeviceSessionRow,
  deleteSessionOfUser,
  deleteSessionsOfUser,
  listSessionsOfUser,
} from '../../db/repositories/sessions.ts';
import { notFound } from '../../errors.ts';
import { describeUserAgent } from './device-names.ts';

/** An IPv4 address as a dual-stack socket reports it ("::ffff:203.0.113.9") is shown as IPv4. */
const readableAddress = (address: string | null) => address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') ?? null;

export function toAccountSessionView(row: DeviceSessionRow): AccountSession {
  return {
    _id: row.public_id,
    device: describeUserAgent(row.user_agent),
    address: readableAddress(row.last_address ?? row.created_address),
    signedInAddress: readableAddress(row.created_address),
    createdAt: row.created_at,
    lastUsedAt: row.last_seen_at,
    current: row.current,
  };
}

export async function listDevices(ctx: AppContext, userId: string, tokenHash: string): Promise<AccountSession[]> {
  return (await listSessionsOfUser(ctx.db, userId, tokenHash)).map(toAccountSessionView);
}

/**
 * Signs out one of the player's devices (the one asking too, as Logout would). Another player's
 * session and an unknown id get the same 404, so the call tells nobody whose sessions exist.
 */
export async function signOutDevice(ctx: AppContext, userId: string, publicId: string): Promise<number> {
  const ended = await deleteSessionOfUser(ctx.db, userId, publicId);
  if (ended === 0) throw notFound(accountPageMessages.deviceNotFound);
  ctx.logger.info('auth.device_signed_out', { userId, session: publicId });
  return ended;
}

/** Signs out every device of the player but the one asking. */
export async function signOutOtherDevices(ctx: AppContext, userId: string, tokenHash: string): Promise<number> {
  const ended = await deleteSessionsOfUser(ctx.db, userId, tokenHash);
  ctx.logger.info('auth.other_devices_signed_out', { userId, count: ended });
  return ended;
}
