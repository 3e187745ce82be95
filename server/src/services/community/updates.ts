// News posts (issue 21): admins write them in Markdown; a draft stays with the admins, a scheduled
// post is published by the schedule once its time comes (publishDueUpdates), a published one is read
// by everyone with its body rendered (markdown.ts). Publishing announces the post on Discord through
// a job in the same transaction. Every change is audited.
import {
  type AdminUpdate,
  adminMessages,
  DEFAULT_PAGE_SIZE,
  type PublicUpdate,
  pagingMessages,
  UPDATES_PAGE_SIZE,
  type UpdateChange,
  type UpdateInput,
  type UpdateStatus,
  type UpdatesQuery,
  type UpdatesResponse,
  updateMessages,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import {
  deleteUpdate,
  findNewestPinnedUpdate,
  findPublishedUpdateBySlug,
  findUpdateById,
  insertUpdate,
  listPublishedSlugs,
  listPublishedUpdates,
  listUpdatesNewestFirst,
  publishDueUpdates,
  type UpdateRow,
  writeUpdate,
} from '../../db/repositories/updates.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, encodeCursor, newestFirstAnswer, newestFirstRequest } from '../../lib/page-cursor.ts';
import { adminTransaction, insertAudit } from '../admin/audit.ts';
import { resolveSlug, withUniqueSlug } from '../catalogue/slugs.ts';
import { enqueue } from '../jobs/runner.ts';
import { announceUpdateJob } from './announce.ts';
import { renderMarkdown } from './markdown.ts';

/** Who the audit log names for a post the schedule published. */
const SCHEDULE_ACTOR = 'system:news-schedule';
const PUBLIC_LIST = 'updates-published';
const ADMIN_LIST = 'updates-admin';

function toPublicUpdate(row: UpdateRow): PublicUpdate {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    html: renderMarkdown(row.body),
    coverImage: row.cover_image,
    publishedAt: row.published_at ?? row.updated_at,
    pinned: row.pinned === 1,
  };
}

function toAdminUpdate(row: UpdateRow): AdminUpdate {
  return {
    ...toPublicUpdate(row),
    body: row.body,
    status: row.status,
    publishAt: row.publish_at,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const normalizeTime = (text: string | null | undefined): string | null | undefined =>
  text === undefined || text === null ? text : new Date(text).toISOString();

/** When a post of this status is published, and when it is to be; refusing a schedule without a future time. */
function timesFor(
  status: UpdateStatus,
  publishAt: string | null,
  current: { status: UpdateStatus; published_at: string | null } | null,
  now: string,
): { publish_at: string | null; published_at: string | null } {
  if (status === 'scheduled') {
    if (!publishAt) throw invalid(updateMessages.publishAtRequired);
    if (publishAt <= now) throw invalid(updateMessages.publishAtPast);
    return { publish_at: publishAt, published_at: null };
  }
  if (status === 'published') {
    const publishedAt = current?.status === 'published' && current.published_at ? current.published_at : now;
    return { publish_at: publishAt ?? publishedAt, published_at: publishedAt };
  }
  return { publish_at: publishAt, published_at: null };
}

async function announce(trx: Executor, _ctx: AppContext, row: UpdateRow, now: string): Promise<void> {
  await enqueue(trx, announceUpdateJob, { key: row.id, payload: { updateId: row.id } }, now);
}

async function checkCover(ctx: AppContext, coverImage: string | null | undefined): Promise<void> {
  if (coverImage && !(await ctx.images.has(coverImage))) throw invalid(adminMessages.imageNotInLibrary);
}

export async function createUpdate(ctx: AppContext, adminId: string, input: UpdateInput): Promise<AdminUpdate> {
  const now = toIso(ctx.clock());
  const title = input.title.trim();
  const slug = resolveSlug(input.slug, title);
  const status = input.status ?? 'draft';
  const times = timesFor(status, normalizeTime(input.publishAt) ?? null, null, now);
  const coverImage = input.coverImage || null;
  await checkCover(ctx, coverImage);
  const row: UpdateRow = {
    id: newId(),
    title,
    slug,
    summary: input.summary ?? '',
    body: input.body ?? '',
    cover_image: coverImage,
    status,
    ...times,
    pinned: input.pinned ? 1 : 0,
    author_id: adminId,
    created_at: now,
    updated_at: now,
  };
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    await withUniqueSlug('update', () => insertUpdate(trx, row));
    await audit({ action: 'update.create', targetType: 'update', targetId: row.id, after: toAuditRecord(row) });
    if (status === 'published') await announce(trx, ctx, row, now);
    return toAdminUpdate(row);
  });
}

/** What the audit log keeps of a post: everything but the body's full text (its length instead). */
function toAuditRecord(row: UpdateRow) {
  const { body, ...rest } = row;
  return { ...rest, name: row.title, bodyLength: body.length };
}

export async function changeUpdate(
  ctx: AppContext,
  adminId: string,
  id: string,
  change: UpdateChange,
): Promise<AdminUpdate> {
  const now = toIso(ctx.clock());
  if (change.coverImage) await checkCover(ctx, change.coverImage);
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const current = await findUpdateById(trx, id);
    if (!current) throw notFound(updateMessages.notFound);
    const title = change.title?.trim() ?? current.title;
    const status = change.status ?? current.status;
    const publishAt = change.publishAt === undefined ? current.publish_at : (normalizeTime(change.publishAt) ?? null);
    // A post scheduled before and left scheduled keeps its time only if it is still ahead.
    const times = timesFor(status, publishAt, current, now);
    const next: UpdateRow = {
      ...current,
      title,
      slug: change.slug === undefined ? current.slug : resolveSlug(change.slug, title),
      summary: change.summary ?? current.summary,
      body: change.body ?? current.body,
      cover_image: change.coverImage === undefined ? current.cover_image : change.coverImage || null,
      status,
      ...times,
      pinned: change.pinned === undefined ? current.pinned : change.pinned ? 1 : 0,
      updated_at: now,
    };
    const { id: _id, created_at: _created, author_id: _author, ...columns } = next;
    await withUniqueSlug('update', () => writeUpdate(trx, id, columns));
    await audit({
      action: 'update.update',
      targetType: 'update',
      targetId: id,
      before: toAuditRecord(current),
      after: toAuditRecord(next),
    });
    if (status === 'published' && current.status !== 'published') await announce(trx, ctx, next, now);
    return toAdminUpdate(next);
  });
}

export async function removeUpdate(ctx: AppContext, adminId: string, id: string): Promise<AdminUpdate> {
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const removed = await deleteUpdate(trx, id);
    if (!removed) throw notFound(updateMessages.notFound);
    await audit({ action: 'update.delete', targetType: 'update', targetId: id, before: toAuditRecord(removed) });
    return toAdminUpdate(removed);
  });
}

export async function getUpdateForAdmin(ctx: AppContext, id: string): Promise<AdminUpdate> {
  const row = await findUpdateById(ctx.db, id);
  if (!row) throw notFound(updateMessages.notFound);
  return toAdminUpdate(row);
}

export async function listUpdatesForAdmin(ctx: AppContext, query: { limit?: number; cursor?: string }) {
  const request = newestFirstRequest({ limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor }, ADMIN_LIST);
  const rows = await listUpdatesNewestFirst(ctx.db, request);
  const page = newestFirstAnswer(rows, request, ADMIN_LIST);
  return { updates: page.rows.map(toAdminUpdate), nextCursor: page.nextCursor };
}

/** The public list: published posts, newest first; the first page also names the pinned post. */
export async function listPublicUpdates(
  ctx: AppContext,
  query: { limit?: number; cursor?: string } & Omit<UpdatesQuery, 'limit'>,
): Promise<UpdatesResponse> {
  const pageSize = query.limit ?? UPDATES_PAGE_SIZE;
  let after: { publishedAt: string; id: string } | undefined;
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor, PUBLIC_LIST, 'string');
    if (!cursor) throw invalid(pagingMessages.badCursor);
    after = { publishedAt: String(cursor.key), id: cursor.id };
  }
  const rows = await listPublishedUpdates(ctx.db, { after, limit: pageSize + 1 });
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > pageSize && last
      ? encodeCursor({ order: PUBLIC_LIST, key: last.published_at ?? '', id: last.id })
      : null;
  const pinned = after ? undefined : await findNewestPinnedUpdate(ctx.db);
  return { pinned: pinned ? toPublicUpdate(pinned) : null, updates: page.map(toPublicUpdate), nextCursor };
}

export async function findPublicUpdate(ctx: AppContext, slug: string): Promise<PublicUpdate | null> {
  if (slug.length > 100) return null;
  const row = await findPublishedUpdateBySlug(ctx.db, slug);
  return row ? toPublicUpdate(row) : null;
}

export async function getPublicUpdate(ctx: AppContext, slug: string): Promise<PublicUpdate> {
  const post = await findPublicUpdate(ctx, slug);
  if (!post) throw notFound(updateMessages.notFound);
  return post;
}

/** The published posts for the feed, newest first. */
export async function listFeedUpdates(ctx: AppContext, limit: number): Promise<PublicUpdate[]> {
  return (await listPublishedUpdates(ctx.db, { limit })).map(toPublicUpdate);
}

/** The newest published posts' addresses and publishing times, for the sitemap (no body rendered). */
export async function listSitemapPosts(
  ctx: AppContext,
  limit: number,
): Promise<{ slug: string; publishedAt: string }[]> {
  const rows = await listPublishedSlugs(ctx.db, limit);
  return rows.map((row) => ({ slug: row.slug, publishedAt: row.published_at ?? row.updated_at }));
}

export const previewMarkdown = (body: string) => ({ html: renderMarkdown(body) });

/** The schedule's pass: publishes the scheduled posts whose time has come, audited, each announced once. */
export async function publishScheduledUpdates(ctx: AppContext): Promise<number> {
  const now = toIso(ctx.clock());
  const published = await inTransaction(ctx.db, async (trx) => {
    const rows = await publishDueUpdates(trx, now);
    for (const row of rows) {
      await insertAudit(trx, ctx, SCHEDULE_ACTOR, {
        action: 'update.publish',
        targetType: 'update',
        targetId: row.id,
        after: toAuditRecord(row),
      });
      await announce(trx, ctx, row, now);
    }
    return rows;
  });
  for (const row of published) ctx.logger.info('news.published', { id: row.id, slug: row.slug });
  return published.length;
}
