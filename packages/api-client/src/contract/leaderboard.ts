// The leaderboard (issue 21): the stats the game servers send, the public boards, the player's
// privacy setting, and the admin's metrics, seasons and hidden players.
import { z } from 'zod';
import { nextCursorSchema, pageCursorSchema } from './paging.ts';

export const leaderboardMessages = {
  statsInvalid: 'stats must be a list of 1 to 1000 stat events',
  eventIdInvalid: 'eventId must be 1 to 100 characters',
  playerIdInvalid: 'playerId must be 1 to 100 characters',
  metricInvalid: 'metric must be a metric key',
  valueInvalid: 'value must be a whole number from -1000000000000 to 1000000000000',
  modeInvalid: 'mode must be "set" or "add"',
  unknownPlayer: 'No such player',
  unknownMetric: 'No such metric',
  duplicateEvent: 'This eventId was applied before',
  tooManyStats: 'Too many stat batches from this game server.',
  metricNotFound: 'Metric not found',
  seasonNotFound: 'Season not found',
  metricKeyInvalid: 'The key must be 1 to 40 lowercase letters, digits, dots, dashes or underscores',
  metricKeyTaken: 'A metric with this key already exists',
  metricLabelRequired: 'Give the metric a label',
  orderInvalid: 'order must be "desc" or "asc"',
  formatInvalid: 'format must be "number", "duration" or "distance"',
  positionInvalid: 'position must be a whole number from 0 to 1000000',
  searchInvalid: 'search must be at most 20 characters',
  playerNotFound: 'Player not found',
  reasonInvalid: 'The reason must be at most 200 characters',
  anonymous: 'Anonymous pilot',
} as const;

export const STATS_BATCH_MAX = 1000;
export const STAT_VALUE_MAX = 1_000_000_000_000;
export const LEADERBOARD_PAGE_SIZE = 100;
export const LEADERBOARD_SEARCH_MAX = 20;

export const metricOrders = ['desc', 'asc'] as const;
export const metricFormats = ['number', 'duration', 'distance'] as const;
export type MetricOrder = (typeof metricOrders)[number];
export type MetricFormat = (typeof metricFormats)[number];

// --- Game servers ------------------------------------------------------------------------------

/** One stat event as the game sends it; each is checked on its own, so one bad entry fails only itself. */
export const statEventSchema = z.object({
  eventId: z
    .string({ error: leaderboardMessages.eventIdInvalid })
    .min(1, leaderboardMessages.eventIdInvalid)
    .max(100, leaderboardMessages.eventIdInvalid),
  /** The player's id, as the delivery calls give it. */
  playerId: z
    .string({ error: leaderboardMessages.playerIdInvalid })
    .min(1, leaderboardMessages.playerIdInvalid)
    .max(100, leaderboardMessages.playerIdInvalid),
  metric: z
    .string({ error: leaderboardMessages.metricInvalid })
    .min(1, leaderboardMessages.metricInvalid)
    .max(40, leaderboardMessages.metricInvalid),
  value: z
    .number({ error: leaderboardMessages.valueInvalid })
    .int(leaderboardMessages.valueInvalid)
    .min(-STAT_VALUE_MAX, leaderboardMessages.valueInvalid)
    .max(STAT_VALUE_MAX, leaderboardMessages.valueInvalid),
  /** set: the player's value becomes this; add: this is added to it. */
  mode: z.enum(['set', 'add'], { error: leaderboardMessages.modeInvalid }),
});
export type StatEvent = z.infer<typeof statEventSchema>;

/** POST /api/game/stats: the batch's outer shape; its entries are read one by one (statEventSchema). */
export const statsBatchSchema = z.object({
  stats: z
    .array(z.unknown(), { error: leaderboardMessages.statsInvalid })
    .min(1, leaderboardMessages.statsInvalid)
    .max(STATS_BATCH_MAX, leaderboardMessages.statsInvalid),
});
export type StatsBatch = { stats: StatEvent[] };

export const statResultStatuses = ['applied', 'duplicate', 'unknown_player', 'unknown_metric', 'invalid'] as const;
export type StatResultStatus = (typeof statResultStatuses)[number];
export const statResultSchema = z.object({
  /** As sent; null when the entry had none that could be read. */
  eventId: z.string().nullable(),
  status: z.enum(statResultStatuses),
  message: z.string().optional(),
});
export type StatResult = z.infer<typeof statResultSchema>;
/** One result per entry, in the order sent. */
export const statsResponseSchema = z.object({ results: z.array(statResultSchema) });
export type StatsResponse = z.infer<typeof statsResponseSchema>;

// --- Public boards -----------------------------------------------------------------------------

export const leaderboardMetricSchema = z.object({
  key: z.string(),
  label: z.string(),
  order: z.enum(metricOrders),
  format: z.enum(metricFormats),
});
export type LeaderboardMetric = z.infer<typeof leaderboardMetricSchema>;

export const leaderboardSeasonSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  startedAt: z.string(),
  /** Null for the current season. */
  endedAt: z.string().nullable(),
});
export type LeaderboardSeason = z.infer<typeof leaderboardSeasonSchema>;

/** GET /api/leaderboard/metrics: the visible metrics in their order, and the seasons, newest first. */
export const leaderboardMetricsResponseSchema = z.object({
  metrics: z.array(leaderboardMetricSchema),
  seasons: z.array(leaderboardSeasonSchema),
});
export type LeaderboardMetricsResponse = z.infer<typeof leaderboardMetricsResponseSchema>;

export const leaderboardQuerySchema = z.object({
  /** Left out: the first visible metric. */
  metric: z.string().max(40, leaderboardMessages.metricInvalid).optional(),
  /** Left out: the current season. */
  season: z.string().max(100, leaderboardMessages.seasonNotFound).optional(),
  cursor: pageCursorSchema,
  search: z.string().trim().max(LEADERBOARD_SEARCH_MAX, leaderboardMessages.searchInvalid).optional(),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  /** Ties share a rank: one more than the count of players with a better value. */
  rank: z.number().int(),
  /** "Anonymous pilot" and no tier for a player who chose not to be shown. */
  player: z.object({ username: z.string(), tierName: z.string().nullable() }),
  value: z.number(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardResponseSchema = z.object({
  metric: leaderboardMetricSchema.nullable(),
  season: leaderboardSeasonSchema,
  entries: z.array(leaderboardEntrySchema),
  /** The signed-in player's own row (by their own name, whatever their privacy); null when signed out or without a value. */
  me: leaderboardEntrySchema.nullable(),
  nextCursor: nextCursorSchema,
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

/** GET/PATCH /api/leaderboard/privacy: the player's own "Show me on leaderboards". */
export const leaderboardPrivacySchema = z.object({
  showOnLeaderboards: z.boolean({ error: 'showOnLeaderboards must be true or false' }),
});
export type LeaderboardPrivacy = z.infer<typeof leaderboardPrivacySchema>;

// --- Admin -------------------------------------------------------------------------------------

export const adminMetricSchema = leaderboardMetricSchema.extend({
  visible: z.boolean(),
  position: z.number().int(),
});
export type AdminMetric = z.infer<typeof adminMetricSchema>;
export const adminMetricsResponseSchema = z.object({ metrics: z.array(adminMetricSchema) });
export type AdminMetricsResponse = z.infer<typeof adminMetricsResponseSchema>;
export const adminMetricResponseSchema = z.object({ metric: adminMetricSchema });
export type AdminMetricResponse = z.infer<typeof adminMetricResponseSchema>;

const metricFields = {
  label: z
    .string({ error: leaderboardMessages.metricLabelRequired })
    .trim()
    .min(1, leaderboardMessages.metricLabelRequired)
    .max(60, leaderboardMessages.metricLabelRequired),
  order: z.enum(metricOrders, { error: leaderboardMessages.orderInvalid }),
  format: z.enum(metricFormats, { error: leaderboardMessages.formatInvalid }),
  visible: z.boolean({ error: 'visible must be true or false' }),
  position: z
    .number({ error: leaderboardMessages.positionInvalid })
    .int(leaderboardMessages.positionInvalid)
    .min(0, leaderboardMessages.positionInvalid)
    .max(1_000_000, leaderboardMessages.positionInvalid),
};

export const metricInputSchema = z.object({
  key: z
    .string({ error: leaderboardMessages.metricKeyInvalid })
    .regex(/^[a-z0-9._-]{1,40}$/, leaderboardMessages.metricKeyInvalid),
  ...metricFields,
  visible: metricFields.visible.default(true),
  position: metricFields.position.optional(),
});
export type MetricInput = z.input<typeof metricInputSchema>;
export const metricUpdateSchema = z.object(metricFields).partial();
export type MetricUpdate = z.input<typeof metricUpdateSchema>;

export const seasonResponseSchema = z.object({ season: leaderboardSeasonSchema });
export type SeasonResponse = z.infer<typeof seasonResponseSchema>;

export const hiddenPlayerSchema = z.object({
  userId: z.string(),
  username: z.string(),
  reason: z.string(),
  hiddenAt: z.string(),
});
export type HiddenPlayer = z.infer<typeof hiddenPlayerSchema>;
export const hiddenPlayersResponseSchema = z.object({ players: z.array(hiddenPlayerSchema) });
export type HiddenPlayersResponse = z.infer<typeof hiddenPlayersResponseSchema>;

/** POST /api/admin/leaderboard/hidden-players: hide a player (a cheater) from every board, or show them again. */
export const hidePlayerRequestSchema = z.object({
  username: z
    .string({ error: leaderboardMessages.playerNotFound })
    .trim()
    .min(1, leaderboardMessages.playerNotFound)
    .max(100, leaderboardMessages.playerNotFound),
  hidden: z.boolean({ error: 'hidden must be true or false' }),
  reason: z.string().trim().max(200, leaderboardMessages.reasonInvalid).optional(),
});
export type HidePlayerRequest = z.input<typeof hidePlayerRequestSchema>;
