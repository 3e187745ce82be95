// The leaderboard fed by the game servers (issue 21): the metrics an admin defines, seasons (a
// current one made here), each player's value per season and metric, the stat events already
// applied (so a replayed batch changes nothing; pruned after a while by the schedule), the players
// an admin hid from the boards, and the player's own "show me on leaderboards" setting.
//
// A player's rank is the count of values better than theirs, plus one: leaderboard_scores_rank is
// ordered as that count reads it (season, metric, hidden players apart, value), so it is a range
// count in the index, never a sort of the whole table. `hidden` is copied onto the player's scores
// when an admin hides them, so the count needs no join. Values are 64-bit on PostgreSQL.
//
// Only adds. Frozen once landed.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leaderboard_metrics')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('label', 'text', (col) => col.notNull())
    // 'desc': higher is better; 'asc': lower is better (a fastest time).
    .addColumn('sort_order', 'text', (col) => col.notNull())
    // 'number', 'duration' (seconds) or 'distance' (metres).
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('visible', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('position', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('leaderboard_seasons')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('number', 'integer', (col) => col.notNull().unique())
    .addColumn('started_at', 'text', (col) => col.notNull())
    // Null for the current season: exactly one at a time.
    .addColumn('ended_at', 'text')
    .execute();
  const now = new Date().toISOString();
  await sql`insert into leaderboard_seasons (id, number, started_at, ended_at) values ('season-1', 1, ${now}, null)`.execute(
    db,
  );

  await db.schema
    .createTable('leaderboard_scores')
    .addColumn('season_id', 'text', (col) => col.notNull())
    .addColumn('metric_key', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('leaderboard_scores_pk', ['season_id', 'metric_key', 'user_id'])
    .execute();
  await db.schema
    .createIndex('leaderboard_scores_rank')
    .on('leaderboard_scores')
    .columns(['season_id', 'metric_key', 'hidden', 'value', 'user_id'])
    .execute();
  // A player's own scores (hiding them, their "me" row).
  await db.schema.createIndex('leaderboard_scores_user').on('leaderboard_scores').column('user_id').execute();

  await db.schema
    .createTable('leaderboard_stat_events')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('processed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('leaderboard_stat_events_processed')
    .on('leaderboard_stat_events')
    .column('processed_at')
    .execute();

  await db.schema
    .createTable('leaderboard_hidden_players')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('hidden_by', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('show_on_leaderboards', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('show_on_leaderboards').execute();
  for (const table of [
    'leaderboard_hidden_players',
    'leaderboard_stat_events',
    'leaderboard_scores',
    'leaderboard_seasons',
    'leaderboard_metrics',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
