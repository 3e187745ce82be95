// /updates/feed.xml: the published news posts as an Atom feed, for feed readers. Outside /api,
// as the site's own address; the absolute links name PUBLIC_URL.
import { Hono } from 'hono';
import type { AppEnv } from '../middleware/types.ts';
import { FEED_SIZE, renderFeed } from '../services/community/feed.ts';
import { listFeedUpdates } from '../services/community/updates.ts';

export const newsFeedRoutes = new Hono<AppEnv>().get('/updates/feed.xml', async (c) => {
  const ctx = c.get('ctx');
  const posts = await listFeedUpdates(ctx, FEED_SIZE);
  return c.body(renderFeed(ctx.config.publicUrl, posts), 200, {
    'Content-Type': 'application/atom+xml; charset=UTF-8',
    'Cache-Control': 'public, max-age=300',
  });
});
