// The stats the game servers send (POST /api/game/stats): a batch of events, each applied once by
// its eventId, in one transaction of set-based statements. A bad entry, an unknown player or an
// unknown metric is reported back on its own and never fails the batch; an event so reported is not
// recorded, so the game may send it again once the metric exists.
import { leaderboardMessages, type StatEvent, type StatResult, statEventSchema } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import {
  findCurrentSeason,
  findMetricKeys,
  findStatPlayers,
  pruneStatEvents,
  recordStatEvents,
  type ScoreChange,
  upsertScores,
} from '../../db/repositories/leaderboard.ts';
import { inTransaction } from '../../db/transaction.ts';
import { rateLimited } from '../../errors.ts';
import { addMs, toIso } from '../../lib/clock.ts';

/** Applied eventIds are remembered this long: a replay later than that would count again. */
export const STAT_EVENT_KEEP_DAYS = 30;

/** Reads one entry; its eventId is reported as sent when it was a string, whatever else is wrong. */
function readEntry(entry: unknown): { event: StatEvent } | { result: StatResult } {
  const parsed = statEventSchema.safeParse(entry);
  if (parsed.success) return { event: parsed.data };
  const raw = (entry as { eventId?: unknown } | null)?.eventId;
  const eventId = typeof raw === 'string' && raw.length <= 100 ? raw : null;
  return { result: { eventId, status: 'invalid', message: parsed.error.issues[0]?.message ?? 'Invalid stat event' } };
}

/**
 * What a player's events in this batch come to, in the order sent: the last `set` plus the `add`s
 * after it (a `set`), or the sum of the `add`s when none sets.
 */
function combine(events: StatEvent[]): { sets: ScoreChange[]; adds: ScoreChange[] } {
  const byPlayer = new Map<string, { set: boolean; value: number; metricKey: string; userId: string }>();
  for (const event of events) {
    const key = `${event.metric}\u0000${event.playerId}`;
    const now = byPlayer.get(key);
    if (event.mode === 'set' || !now) {
      byPlayer.set(key, {
        set: event.mode === 'set',
        value: event.value,
        metricKey: event.metric,
        userId: event.playerId,
      });
    } else {
      now.value += event.value;
    }
  }
  const sets: ScoreChange[] = [];
  const adds: ScoreChange[] = [];
  for (const change of byPlayer.values()) {
    (change.set ? sets : adds).push({
      metricKey: change.metricKey,
      userId: change.userId,
      value: change.value,
      hidden: 0,
    });
  }
  return { sets, adds };
}

export async function limitStatBatches(ctx: AppContext, keyId: string): Promise<void> {
  const verdict = await ctx.limiters.gameStatsPerKey.hit(keyId);
  if (!verdict.allowed) {
    ctx.logger.warn('game.stats_rate_limited', { keyId });
    throw rateLimited(leaderboardMessages.tooManyStats, verdict.retryAfterMs);
  }
}

export async function applyStats(ctx: AppContext, entries: unknown[]): Promise<StatResult[]> {
  const results: (StatResult | null)[] = [];
  const events: { index: number; event: StatEvent }[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const read = readEntry(entry);
    if ('result' in read) {
      results.push(read.result);
    } else if (seen.has(read.event.eventId)) {
      // The same eventId twice in one batch: the first counts.
      results.push({ eventId: read.event.eventId, status: 'duplicate', message: leaderboardMessages.duplicateEvent });
    } else {
      seen.add(read.event.eventId);
      results.push(null);
      events.push({ index, event: read.event });
    }
  }
  if (events.length === 0) return results as StatResult[];

  const now = toIso(ctx.clock());
  await inTransaction(ctx.db, async (trx) => {
    const [metrics, players, season] = [
      await findMetricKeys(trx, [...new Set(events.map(({ event }) => event.metric))]),
      await findStatPlayers(trx, [...new Set(events.map(({ event }) => event.playerId))]),
      await findCurrentSeason(trx),
    ];
    const known: typeof events = [];
    for (const item of events) {
      const { event } = item;
      if (!players.has(event.playerId)) {
        results[item.index] = {
          eventId: event.eventId,
          status: 'unknown_player',
          message: leaderboardMessages.unknownPlayer,
        };
      } else if (!metrics.has(event.metric)) {
        results[item.index] = {
          eventId: event.eventId,
          status: 'unknown_metric',
          message: leaderboardMessages.unknownMetric,
        };
      } else {
        known.push(item);
      }
    }
    const fresh = await recordStatEvents(
      trx,
      known.map(({ event }) => event.eventId),
      now,
    );
    const applied: StatEvent[] = [];
    for (const { index, event } of known) {
      if (fresh.has(event.eventId)) {
        results[index] = { eventId: event.eventId, status: 'applied' };
        applied.push(event);
      } else {
        results[index] = { eventId: event.eventId, status: 'duplicate', message: leaderboardMessages.duplicateEvent };
      }
    }
    if (!season || applied.length === 0) return;
    const { sets, adds } = combine(applied);
    for (const change of [...sets, ...adds]) change.hidden = players.get(change.userId) ?? 0;
    await upsertScores(trx, season.id, sets, false, now);
    await upsertScores(trx, season.id, adds, true, now);
  });
  return results as StatResult[];
}

/** The schedule's task: forgets applied eventIds older than STAT_EVENT_KEEP_DAYS. */
export async function pruneOldStatEvents(ctx: AppContext): Promise<void> {
  const before = toIso(addMs(ctx.clock(), -STAT_EVENT_KEEP_DAYS * 24 * 60 * 60 * 1000));
  await pruneStatEvents(ctx.db, before);
}
