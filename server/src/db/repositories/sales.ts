// Data access for sales (issue 22): the admins' records, the running ones that price the shop, and
// the schedule's conditional start and end (each sale starts and ends once, whichever instance runs it).
import { type SqlBool, sql } from 'kysely';
import type { Executor, SaleRow } from '../database.ts';
import { type NewestFirstPage, newestFirst } from '../newest-first.ts';

export async function insertSale(db: Executor, row: SaleRow): Promise<void> {
  await db.insertInto('sales').values(row).execute();
}

export async function findSaleById(db: Executor, id: string): Promise<SaleRow | undefined> {
  return db.selectFrom('sales').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function writeSale(db: Executor, id: string, patch: Partial<Omit<SaleRow, 'id'>>): Promise<void> {
  await db.updateTable('sales').set(patch).where('id', '=', id).execute();
}

export async function deleteSale(db: Executor, id: string): Promise<SaleRow | undefined> {
  return db.deleteFrom('sales').where('id', '=', id).returningAll().executeTakeFirst();
}

export async function listSalesNewestFirst(db: Executor, page: NewestFirstPage): Promise<SaleRow[]> {
  return newestFirst(db.selectFrom('sales').selectAll(), 'sales', page).execute();
}

/** A sale pricing the shop at `now`: started by the schedule, not ended, and its end still ahead. */
export const isRunningSale = (now: string) =>
  sql<SqlBool>`(sales.ended_at is null and sales.started_at is not null and sales.ends_at > ${now})`;

/** The sales pricing the shop at `now` (isRunningSale). */
export async function listRunningSales(db: Executor, now: string): Promise<SaleRow[]> {
  return db.selectFrom('sales').selectAll().where(isRunningSale(now)).execute();
}

/** Starts the sales whose time has come (and whose end has not): each once. */
export async function startDueSales(db: Executor, now: string): Promise<SaleRow[]> {
  return db
    .updateTable('sales')
    .set({ started_at: now })
    .where('ended_at', 'is', null)
    .where('started_at', 'is', null)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .returningAll()
    .execute();
}

/** Ends the sales whose end has passed (those that never started too): each once. */
export async function endDueSales(db: Executor, now: string): Promise<SaleRow[]> {
  return db
    .updateTable('sales')
    .set({ ended_at: now })
    .where('ended_at', 'is', null)
    .where('ends_at', '<=', now)
    .returningAll()
    .execute();
}

/** The slugs of the categories with these ids (a sale names categories by id; items name theirs by slug). */
export async function listCategorySlugs(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('shop_categories').select(['id', 'slug']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.slug]));
}

/** Which of these item ids exist. */
export async function listExistingItemIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('shop_items').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}
