// Keeps each linked player's Discord roles equal to their tier: the current tier's role on, every
// other tier's role off. A change that affects roles (tier, link, unlink) enqueues a role-sync job
// in its own transaction; the job runner (services/jobs/runner.ts) carries it out with retries and backoff.
// This kind honours 429 retry_after, ends quietly when the member left the guild, and parks (for an
// admin) the problems only an admin can fix, never looping on them.

import type { RoleSyncProblem } from '@starport/api-client/contract';
import { createDiscordClient, type DiscordClient, DiscordError, discordErrorCodes } from '../../adapters/discord.ts';
import type { AppContext } from '../../context.ts';
import type { Executor, JobRow } from '../../db/database.ts';
import { listAllTiers } from '../../db/repositories/catalogue.ts';
import { jobDoneAfter, listJobs } from '../../db/repositories/jobs.ts';
import { findUserById, listLinkedUserIds } from '../../db/repositories/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { adminTransaction } from '../admin/audit.ts';
import { createJobRunner, enqueue, type JobKind, type JobOutcome } from '../jobs/runner.ts';

export const ROLE_SYNC_JOB = 'discord.sync_roles';

export interface RoleSyncPayload {
  userId: string;
  /** The Discord account whose roles to clear: set when unlinking, after which the user has none. */
  discordId?: string;
}

export const isBotConfigured = (ctx: AppContext): boolean =>
  Boolean(ctx.config.discord.botToken && ctx.config.discord.guildId);

/** The admin-facing words for the problems only an admin can fix. */
export const roleSyncProblems = {
  missingPermissions:
    'The bot lacks the Manage Roles permission, or its role is below the tier roles in the server settings',
  unknownRole: 'A tier names a Discord role id that does not exist in the server',
  badToken: 'Discord refused the bot token: check DISCORD_BOT_TOKEN',
} as const;

async function syncRoles(ctx: AppContext, payload: RoleSyncPayload): Promise<JobOutcome> {
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

/** What Discord's refusal means; anything else is retried with the runner's backoff. */
function classify(error: unknown): JobOutcome | undefined {
  if (!(error instanceof DiscordError)) return undefined;
  if (error.code === discordErrorCodes.unknownMember) return { status: 'done', note: 'not in the guild' };
  if (error.code === discordErrorCodes.missingPermissions) {
    return { status: 'blocked', error: roleSyncProblems.missingPermissions };
  }
  if (error.code === discordErrorCodes.unknownRole) return { status: 'blocked', error: roleSyncProblems.unknownRole };
  if (error.status === 401 || error.status === 403) return { status: 'blocked', error: roleSyncProblems.badToken };
  if (error.status === 429)
    return { status: 'pending', error: 'rate limited', retryInMs: error.retryAfterMs ?? undefined };
  return { status: 'pending', error: error.message };
}

export const roleSyncJob: JobKind<RoleSyncPayload> = {
  name: ROLE_SYNC_JOB,
  run: syncRoles,
  classify,
  enabled: isBotConfigured,
  maxAttempts: 10,
  leaseMs: 60_000,
  backoff: { baseMs: 5_000, maxMs: 60 * 60_000 },
  logAs: 'discord.role_sync',
};

/** Queues a role sync for a player; call it inside the transaction of the change that causes it. */
export async function enqueueRoleSync(db: Executor, payload: RoleSyncPayload, now: string): Promise<void> {
  // An unlink's clearing is its own job: it must not be merged into a later sync of a new account.
  const key = payload.discordId ? `${payload.userId}:${payload.discordId}` : payload.userId;
  await enqueue(db, roleSyncJob, { key, payload }, now);
}

/** Carries out every role sync that is due now, as the runner's poll does. Returns how many ran. */
export async function runDueRoleSyncs(ctx: AppContext, limit = 100): Promise<number> {
  return createJobRunner(ctx, [roleSyncJob]).runDue(limit);
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

/**
 * The most problems the list reads: more at once means one cause (a setting, the bot's rights) that
 * the newest of them already names.
 */
export const ROLE_SYNC_PROBLEMS_SHOWN = 100;

/**
 * Role syncs an admin must look at: blocked on a setting, or given up after retries, newest first.
 * Only each player's latest finished sync counts: a later success settles an earlier problem. Read
 * from the problems alone (at most ROLE_SYNC_PROBLEMS_SHOWN), never from the successes, which the
 * hourly reconcile adds for every linked member: each problem's player is asked once whether a sync
 * of theirs was done since.
 */
export async function listRoleSyncProblems(ctx: AppContext): Promise<RoleSyncProblem[]> {
  const latest = new Map<string, JobRow>();
  for (const job of await listJobs(ctx.db, ROLE_SYNC_JOB, ['blocked', 'failed'], ROLE_SYNC_PROBLEMS_SHOWN)) {
    const { userId } = JSON.parse(job.payload) as RoleSyncPayload;
    if (!latest.has(userId)) latest.set(userId, job);
  }
  const problems: RoleSyncProblem[] = [];
  for (const [userId, job] of latest) {
    if (await jobDoneAfter(ctx.db, ROLE_SYNC_JOB, userId, job.updated_at)) continue;
    problems.push({
      jobId: job.id,
      userId,
      status: job.status as 'blocked' | 'failed',
      error: job.last_error,
      at: job.updated_at,
    });
  }
  return problems;
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
