// Keeps each linked player's Discord roles equal to their tier: the current tier's role on, every
// other tier's role off. A change that affects roles (tier, link, unlink) enqueues a durable job in
// its own transaction; the worker carries jobs out with retries and backoff, honours 429
// retry_after, ends quietly when the member left the guild, and parks (for an admin) the problems
// only an admin can fix, never looping on them.

import type { RoleSyncProblem } from '@starport/api-client/contract';
import { createDiscordClient, type DiscordClient, DiscordError, discordErrorCodes } from '../adapters/discord.ts';
import type { AppContext } from '../context.ts';
import type { Executor, JobRow } from '../db/database.ts';
import { listAllTiers } from '../db/repositories/catalogue.ts';
import { claimDueJob, deleteFinishedJobs, enqueueJob, finishJob, listJobs } from '../db/repositories/jobs.ts';
import { findUserById, listLinkedUserIds } from '../db/repositories/users.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { addMs, toIso } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { adminTransaction } from './audit.ts';

export const ROLE_SYNC_JOB = 'discord.sync_roles';
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 10;
const BASE_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** Finished jobs are kept this long, for the problems list and for looking back. */
const FINISHED_JOB_KEEP_MS = 30 * 24 * 60 * 60_000;

export interface RoleSyncPayload {
  userId: string;
  /** The Discord account whose roles to clear: set when unlinking, after which the user has none. */
  discordId?: string;
}

/** Queues a role sync for a player; call it inside the transaction of the change that causes it. */
export async function enqueueRoleSync(db: Executor, payload: RoleSyncPayload, now: string): Promise<void> {
  await enqueueJob(db, {
    id: newId(),
    kind: ROLE_SYNC_JOB,
    // An unlink's clearing is its own job: it must not be merged into a later sync of a new account.
    dedupeKey: payload.discordId ? `${payload.userId}:${payload.discordId}` : payload.userId,
    payload,
    now,
  });
}

export const isBotConfigured = (ctx: AppContext): boolean =>
  Boolean(ctx.config.discord.botToken && ctx.config.discord.guildId);

type Outcome = { status: 'done' | 'blocked' | 'failed' | 'pending'; error?: string; retryInMs?: number; note?: string };

/** The admin-facing words for the problems only an admin can fix. */
export const roleSyncProblems = {
  missingPermissions:
    'The bot lacks the Manage Roles permission, or its role is below the tier roles in the server settings',
  unknownRole: 'A tier names a Discord role id that does not exist in the server',
  badToken: 'Discord refused the bot token: check DISCORD_BOT_TOKEN',
} as const;

async function syncRoles(ctx: AppContext, payload: RoleSyncPayload): Promise<Outcome> {
  const user = await findUserById(ctx.db, payload.userId);
  const discordId = payload.discordId ?? user?.discord_id;
  if (!discordId) return { status: 'done', note: 'not linked' };
  const tiers = await listAllTiers(ctx.db);
  // An unlink clears every tier role from the old account; otherwise only the held tier's stays.
  const keep = payload.discordId ? null : (tiers.find((t) => t.id === user?.current_tier_id)?.discord_role_id ?? null);
  const tierRoleIds = new Set(tiers.map((t) => t.discord_role_id).filter((id) => id));
  const discord = createDiscordClient(ctx.config.discord);
  const member = await discord.getGuildMember(discordId);
  const has = new Set(member.roles);
  if (keep && !has.has(keep)) await discord.addMemberRole(discordId, keep);
  for (const roleId of tierRoleIds) {
    if (roleId !== keep && has.has(roleId)) await discord.removeMemberRole(discordId, roleId);
  }
  return { status: 'done' };
}

function classify(error: unknown, attempts: number): Outcome {
  if (!(error instanceof DiscordError)) {
    return { status: 'pending', error: String(error), retryInMs: backoff(attempts) };
  }
  if (error.code === discordErrorCodes.unknownMember) return { status: 'done', note: 'not in the guild' };
  if (error.code === discordErrorCodes.missingPermissions) {
    return { status: 'blocked', error: roleSyncProblems.missingPermissions };
  }
  if (error.code === discordErrorCodes.unknownRole) return { status: 'blocked', error: roleSyncProblems.unknownRole };
  if (error.status === 401 || error.status === 403) return { status: 'blocked', error: roleSyncProblems.badToken };
  if (error.status === 429)
    return { status: 'pending', error: 'rate limited', retryInMs: error.retryAfterMs ?? backoff(attempts) };
  return { status: 'pending', error: error.message, retryInMs: backoff(attempts) };
}

const backoff = (attempts: number): number =>
  Math.min(BASE_BACKOFF_MS * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_MS);

/** Runs one claimed job to its next state. */
async function runJob(ctx: AppContext, job: JobRow): Promise<Outcome> {
  let outcome: Outcome;
  try {
    outcome = await syncRoles(ctx, JSON.parse(job.payload) as RoleSyncPayload);
  } catch (error) {
    outcome = classify(error, job.attempts);
  }
  if (outcome.status === 'pending' && job.attempts >= MAX_ATTEMPTS)
    outcome = { status: 'failed', error: outcome.error };
  const now = ctx.clock();
  await finishJob(ctx.db, job.id, {
    status: outcome.status,
    error: outcome.error ?? null,
    runAfter: outcome.retryInMs !== undefined ? toIso(addMs(now, outcome.retryInMs)) : undefined,
    now: toIso(now),
  });
  const log = outcome.status === 'blocked' || outcome.status === 'failed' ? 'warn' : 'info';
  ctx.logger[log]('discord.role_sync', {
    jobId: job.id,
    attempt: job.attempts,
    status: outcome.status,
    error: outcome.error,
    note: outcome.note,
  });
  return outcome;
}

/** Carries out every role sync that is due now. Returns how many ran. */
export async function runDueRoleSyncs(ctx: AppContext, limit = 100, keepGoing = () => true): Promise<number> {
  if (!isBotConfigured(ctx)) return 0;
  let ran = 0;
  // A stopping server finishes the job it holds and takes no further one.
  while (ran < limit && keepGoing()) {
    const now = ctx.clock();
    const job = await claimDueJob(ctx.db, ROLE_SYNC_JOB, toIso(now), toIso(addMs(now, LEASE_MS)));
    if (!job) break;
    await runJob(ctx, job);
    ran++;
  }
  return ran;
}

/** Re-applies what every linked member should have (the periodic reconcile). */
export async function enqueueRoleSyncForAll(ctx: AppContext): Promise<number> {
  const ids = await listLinkedUserIds(ctx.db);
  const now = toIso(ctx.clock());
  await inTransaction(ctx.db, async (trx) => {
    for (const userId of ids) await enqueueRoleSync(trx, { userId }, now);
  });
  return ids.length;
}

/** An admin's "Resync Discord roles", for one player or (userId null) for every linked player. */
export async function requestRoleResync(ctx: AppContext, adminId: string, userId: string | null): Promise<number> {
  const now = toIso(ctx.clock());
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const ids = userId ? [userId] : await listLinkedUserIds(trx);
    for (const id of ids) await enqueueRoleSync(trx, { userId: id }, now);
    await audit({ action: 'discord.resync', targetType: 'user', targetId: userId, after: { queued: ids.length } });
    return ids.length;
  });
}

/** Role syncs an admin must look at: blocked on a setting, or given up after retries. */
export async function listRoleSyncProblems(ctx: AppContext): Promise<RoleSyncProblem[]> {
  // Only each player's latest finished sync counts: a later success settles an earlier problem.
  const latest = new Map<string, JobRow>();
  for (const job of await listJobs(ctx.db, ROLE_SYNC_JOB, ['done', 'blocked', 'failed'])) {
    const { userId } = JSON.parse(job.payload) as RoleSyncPayload;
    if (!latest.has(userId)) latest.set(userId, job);
  }
  return [...latest.entries()]
    .filter(([, job]) => job.status === 'blocked' || job.status === 'failed')
    .map(([userId, job]) => ({
      jobId: job.id,
      userId,
      status: job.status as 'blocked' | 'failed',
      error: job.last_error,
      at: job.updated_at,
    }));
}

/** A background loop: due jobs every few seconds, a full reconcile every hour. */
export function startRoleSyncWorker(ctx: AppContext, options = { pollMs: 3_000, reconcileMs: 60 * 60_000 }) {
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (current || stopped) return;
    current = runDueRoleSyncs(ctx, 100, () => !stopped)
      .then(() => undefined)
      .catch((error) => ctx.logger.error('discord.worker_failed', { error: String(error) }))
      .finally(() => {
        current = null;
      });
  };
  const poll = setInterval(tick, options.pollMs);
  const reconcile = setInterval(() => {
    if (!isBotConfigured(ctx)) return;
    enqueueRoleSyncForAll(ctx).catch((error) => ctx.logger.error('discord.reconcile_failed', { error: String(error) }));
    deleteFinishedJobs(ctx.db, ROLE_SYNC_JOB, toIso(addMs(ctx.clock(), -FINISHED_JOB_KEEP_MS))).catch((error) =>
      ctx.logger.error('discord.purge_failed', { error: String(error) }),
    );
  }, options.reconcileMs);
  poll.unref();
  reconcile.unref();
  return {
    kick: () => tick(),
    /** Takes no new job; resolves once the jobs it has leased are done (a shutdown waits for them). */
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      clearInterval(reconcile);
      await current;
    },
  };
}

/** The guild's roles, for the tier form's role picker; empty without a bot. */
export async function listGuildRolesForAdmin(ctx: AppContext): Promise<{ id: string; name: string }[]> {
  if (!isBotConfigured(ctx)) return [];
  let roles: Awaited<ReturnType<DiscordClient['listGuildRoles']>>;
  try {
    roles = await createDiscordClient(ctx.config.discord).listGuildRoles();
  } catch (error) {
    throw new AppError('service_unavailable', `Discord did not list the server's roles: ${(error as Error).message}`);
  }
  return roles
    .filter((role) => !role.managed && role.name !== '@everyone')
    .sort((a, b) => b.position - a.position)
    .map((role) => ({ id: role.id, name: role.name }));
}
