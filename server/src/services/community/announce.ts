import { findUpdateById } from '../../db/repositories/updates.ts';
import { getNewsWebhookUrl } from '../catalogue/site-settings.ts';
import type { JobKind } from '../jobs/runner.ts';

const TIMEOUT_MS = 10_000;
/** Discord's limits on an embed's title and description. */
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;

export interface AnnouncePayload {
  updateId: string;
}

/** Discord refused or could not be reached: try again (after `retryAfterMs` when it said so). */
class WebhookError extends Error {
  readonly retryAfterMs: number | null;
  constructor(message: string, retryAfterMs: number | null) {
    super(message);
    this.name = 'WebhookError';
    this.retryAfterMs = retryAfterMs;
  }
}

export function buildAnnouncement(
  publicUrl: string,
  post: { title: string; summary: string; slug: string; cover_image: string | null },
) {
  const url = `${publicUrl}/updates/${encodeURIComponent(post.slug)}`;
  return {
    // No @everyone or role pings from a post's words.
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title: post.title.slice(0, TITLE_MAX),
        description: post.summary.slice(0, DESCRIPTION_MAX),
        url,
        ...(post.cover_image ? { image: { url: `${publicUrl}${post.cover_image}` } } : {}),
      },
    ],
  };
}

export const announceUpdateJob: JobKind<AnnouncePayload> = {
  name: 'news.announce',
  maxAttempts: 8,
  async run(ctx, payload) {
    const post = await findUpdateById(ctx.db, payload.updateId);
    if (post?.status !== 'published') return { status: 'done', note: 'the post is no longer published' };
    const webhookUrl = await getNewsWebhookUrl(ctx.db);
    if (!webhookUrl) return { status: 'done', note: 'no news webhook set' };
    let response: Response;
    try {
      response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'Starport (news, 1.0)' },
        body: JSON.stringify(buildAnnouncement(ctx.config.publicUrl, post)),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new WebhookError(`webhook unreachable: ${(error as Error).message}`, null);
    }
    if (response.ok) return { status: 'done' };
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new WebhookError(
      `webhook answered ${response.status}`,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
    );
  },
  classify(error) {
    if (!(error instanceof WebhookError)) return undefined;
    return { status: 'pending', error: error.message, retryInMs: error.retryAfterMs ?? undefined };
  },
};
