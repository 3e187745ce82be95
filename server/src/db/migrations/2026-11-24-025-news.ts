// Issue 21, news and pilots online:
//
//   updates            the news posts admins write: Markdown body, draft / scheduled / published, the
//                      time a scheduled post goes out (publish_at) and the time it did (published_at),
//                      pinned, the image library's address of its cover, and who wrote it
//   game_heartbeats    one row per game server (its key and the name it reports): how many players it
//                      had online when it last called, and when (the site counts the last two minutes)
//   site_settings.play_url, play_label, news_webhook_url   the Play Game tile's address and words, and
//                      the Discord webhook a published post is announced to
//
// Only adds: new tables and nullable columns. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('updates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('cover_image', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('publish_at', 'text')
    .addColumn('published_at', 'text')
    .addColumn('pinned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('author_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The public list: published posts, newest first (published_at, id as the cursor).
  await db.schema.createIndex('updates_published').on('updates').columns(['status', 'published_at', 'id']).execute();
  // The scheduled pass: posts whose time has come.
  await db.schema.createIndex('updates_scheduled').on('updates').columns(['status', 'publish_at']).execute();

  await db.schema
    .createTable('game_heartbeats')
    .addColumn('key_id', 'text', (col) => col.notNull())
    .addColumn('server_name', 'text', (col) => col.notNull())
    .addColumn('players_online', 'integer', (col) => col.notNull())
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('game_heartbeats_pk', ['key_id', 'server_name'])
    .execute();
  await db.schema.createIndex('game_heartbeats_seen').on('game_heartbeats').column('seen_at').execute();

  await db.schema.alterTable('site_settings').addColumn('play_url', 'text').execute();
  await db.schema.alterTable('site_settings').addColumn('play_label', 'text').execute();
  await db.schema.alterTable('site_settings').addColumn('news_webhook_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('news_webhook_url').execute();
  await db.schema.alterTable('site_settings').dropColumn('play_label').execute();
  await db.schema.alterTable('site_settings').dropColumn('play_url').execute();
  await db.schema.dropTable('game_heartbeats').execute();
  await db.schema.dropTable('updates').execute();
}
