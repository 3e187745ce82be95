// The admins' side of the leaderboard (issue 21): the metrics the game servers may send, a new
// season (the current standings stay, archived under their season, and the new one starts from
// zero), and players hidden from every board (cheaters). Every change is audited.
import {
  type AdminMetric,
  type HiddenPlayer,
  type hidePlayerRequestSchema,
  type LeaderboardSeason,
  leaderboardMessages,
  type MetricUpdate,
  type metricInputSchema,
} from '@starport/api-client/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  deleteMetric,
  findCurrentSeason,
  findHiddenPlayer,
  findMetric,
  insertMetric,
  insertSeason,
  listHiddenPlayers,
  listMetrics,
  listSeasons,
  type MetricRow,
  nextMetricPosition,
  setPlayerHidden,
  startSeason,
  updateMetric,
} from '../../db/repositories/leaderboard.ts';
import { findUserIdByNormalizedUsername } from '../../db/repositories/users.ts';
import { conflict, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { normalizeUsername } from '../accounts/normalize.ts';
import { adminTransaction } from '../admin/audit.ts';
import { leaderboardChanged, toMetricView, toSeasonView } from './boards.ts';

const toAdminMetric = (row: MetricRow): AdminMetric => ({
  ...toMetricView(row),
  visible: row.visible === 1,
  position: Number(row.position),
});

export async function listMetricsForAdmin(ctx: AppContext): Promise<AdminMetric[]> {
  return (await listMetrics(ctx.db, false)).map(toAdminMetric);
}

async function changed<T>(ctx: AppContext, result: T): Promise<T> {
  await leaderboardChanged(ctx);
  return result;
}

export async function createMetric(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof metricInputSchema>,
): Promise<AdminMetric> {
  const now = toIso(ctx.clock());
  const metric = await adminTransaction(ctx, adminId, async (trx, audit) => {
    const row: MetricRow = {
      key: input.key,
      label: input.label,
      sort_order: input.order,
      format: input.format,
      visible: input.visible ? 1 : 0,
      position: input.position ?? (await nextMetricPosition(trx)),
      created_at: now,
      updated_at: now,
    };
    const inserted = await insertMetric(trx, row);
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw conflict(leaderboardMessages.metricKeyTaken);
    const view = toAdminMetric(row);
    await audit({
      action: 'leaderboard.metric_create',
      targetType: 'leaderboard_metric',
      targetId: row.key,
      after: view,
    });
    return view;
  });
  return changed(ctx, metric);
}

export async function updateMetricByKey(
  ctx: AppContext,
  adminId: string,
  key: string,
  input: MetricUpdate,
): Promise<AdminMetric> {
  const metric = await adminTransaction(ctx, adminId, async (trx, audit) => {
    const before = await findMetric(trx, key);
    if (!before) throw notFound(leaderboardMessages.metricNotFound);
    const changes: Partial<MetricRow> = { updated_at: toIso(ctx.clock()) };
    if (input.label !== undefined) changes.label = input.label.trim();
    if (input.order !== undefined) changes.sort_order = input.order;
    if (input.format !== undefined) changes.format = input.format;
    if (input.visible !== undefined) changes.visible = input.visible ? 1 : 0;
    if (input.position !== undefined) changes.position = input.position;
    await updateMetric(trx, key, changes);
    const after = toAdminMetric((await findMetric(trx, key)) as MetricRow);
    await audit({
      action: 'leaderboard.metric_update',
      targetType: 'leaderboard_metric',
      targetId: key,
      before: toAdminMetric(before),
      after,
    });
    return after;
  });
  return changed(ctx, metric);
}

/** Deletes the metric and its values in every season. */
export async function deleteMetricByKey(ctx: AppContext, adminId: string, key: string): Promise<AdminMetric> {
  const metric = await adminTransaction(ctx, adminId, async (trx, audit) => {
    const before = await findMetric(trx, key);
    if (!before) throw notFound(leaderboardMessages.metricNotFound);
    await deleteMetric(trx, key);
    const view = toAdminMetric(before);
    await audit({ action: 'leaderboard.metric_delete', targetType: 'leaderboard_metric', targetId: key, before: view });
    return view;
  });
  return changed(ctx, metric);
}

/** Ends the current season (its standings stay, under it) and starts the next, empty. */
export async function startNewSeason(ctx: AppContext, adminId: string): Promise<LeaderboardSeason> {
  const season = await adminTransaction(ctx, adminId, async (trx, audit) => {
    const current = await findCurrentSeason(trx);
    const number = current ? Number(current.number) + 1 : ((await listSeasons(trx))[0]?.number ?? 0) + 1;
    const next = { id: newId(), number, now: toIso(ctx.clock()) };
    // Two admins at once: the second finds the season already ended, and starts after the first's.
    if (current && !(await startSeason(trx, current.id, next))) throw conflict('A new season was just started');
    if (!current) await insertSeason(trx, next);
    const view = toSeasonView({ id: next.id, number, started_at: next.now, ended_at: null });
    await audit({
      action: 'leaderboard.season_start',
      targetType: 'leaderboard_season',
      targetId: next.id,
      before: current ? toSeasonView(current) : undefined,
      after: view,
    });
    return view;
  });
  return changed(ctx, season);
}

export async function listHiddenPlayersForAdmin(ctx: AppContext): Promise<HiddenPlayer[]> {
  return (await listHiddenPlayers(ctx.db)).map((row) => ({
    userId: row.user_id,
    username: row.username,
    reason: row.reason,
    hiddenAt: row.created_at,
  }));
}

/** Hides a player from every board (their values stay, unranked), or shows them again. */
export async function setPlayerHiddenByAdmin(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof hidePlayerRequestSchema>,
): Promise<HiddenPlayer[]> {
  await adminTransaction(ctx, adminId, async (trx, audit) => {
    const user = await findUserIdByNormalizedUsername(trx, normalizeUsername(input.username));
    if (!user) throw notFound(leaderboardMessages.playerNotFound);
    const before = await findHiddenPlayer(trx, user.id);
    const now = toIso(ctx.clock());
    const reason = input.reason?.trim() ?? '';
    await setPlayerHidden(trx, user.id, input.hidden ? { by: adminId, reason, now } : null);
    await audit({
      action: input.hidden ? 'leaderboard.player_hide' : 'leaderboard.player_unhide',
      targetType: 'user',
      targetId: user.id,
      before: { hidden: Boolean(before), reason: before?.reason ?? null },
      after: { hidden: input.hidden, reason: input.hidden ? reason : null },
    });
  });
  await leaderboardChanged(ctx);
  return listHiddenPlayersForAdmin(ctx);
}
