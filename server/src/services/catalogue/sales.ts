// Sales (issue 22): a percent off chosen categories and items between two times. Admins schedule
// them; the schedule starts each once its time has come and ends it once its end has passed (a sale
// whose start is already due when it is saved starts at once). Only a running sale prices anything,
// and an item sells at the better of its own discount and the best running sale covering it, never
// both (effectivePrice, in the contract, for the shop's view, the credit purchase and the card
// checkout alike). Every change, the schedule's starts and ends among them, is audited, and empties
// the public catalogue's cache on every instance (services/admin/audit.ts).
import {
  effectivePrice,
  type ItemSale,
  SALE_MAX_DAYS,
  type Sale,
  type SaleChange,
  type SaleInput,
  type SaleStatus,
  type SalesResponse,
  saleMessages,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { Executor, SaleRow, ShopItemRow } from '../../db/database.ts';
import { findPublicShopItemWithSales } from '../../db/repositories/catalogue.ts';
import {
  deleteSale,
  endDueSales,
  findSaleById,
  insertSale,
  listCategorySlugs,
  listExistingItemIds,
  listRunningSales,
  listSalesNewestFirst,
  startDueSales,
  writeSale,
} from '../../db/repositories/sales.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { newestFirstAnswer, newestFirstRequest } from '../../lib/page-cursor.ts';
import { type Audit, adminTransaction } from '../admin/audit.ts';

/** Who the audit log names for a sale the schedule started or ended. */
const SCHEDULE_ACTOR = 'system:sales-schedule';
const ADMIN_LIST = 'sales-admin';
const DAY_MS = 24 * 60 * 60 * 1000;

function parseIds(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function statusOf(row: SaleRow, now: string): SaleStatus {
  if (row.ended_at || row.ends_at <= now) return 'ended';
  return row.started_at ? 'running' : 'scheduled';
}

function toSaleView(row: SaleRow, now: string): Sale {
  return {
    _id: row.id,
    name: row.name,
    percentOff: Number(row.percent_off),
    categoryIds: parseIds(row.category_ids),
    itemIds: parseIds(row.item_ids),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: statusOf(row, now),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the audit log keeps of a sale: the record as admins see it. */
const toAuditRecord = (row: SaleRow, now: string) => ({ ...toSaleView(row, now), name: row.name });

// --- Prices --------------------------------------------------------------------------------------

/** The running sales at one moment, ready to say which one prices an item. */
export interface SalePrices {
  /** The best running sale covering the item (by its id or its category), or null. */
  saleFor(item: Pick<ShopItemRow, 'id' | 'category'>): ItemSale | null;
}

const NO_SALES: SalePrices = { saleFor: () => null };

/** The running sales at `now`: read once per catalogue fill or purchase (there are only ever a few). */
export async function loadSalePrices(db: Executor, now: Date): Promise<SalePrices> {
  const rows = await listRunningSales(db, toIso(now));
  if (rows.length === 0) return NO_SALES;
  const sales = rows.map((row) => ({
    percent: Number(row.percent_off),
    endsAt: row.ends_at,
    itemIds: new Set(parseIds(row.item_ids)),
    categoryIds: parseIds(row.category_ids),
  }));
  const slugs = await listCategorySlugs(db, [...new Set(sales.flatMap((sale) => sale.categoryIds))]);
  const covering = sales.map((sale) => ({
    ...sale,
    categorySlugs: new Set(sale.categoryIds.flatMap((id) => slugs.get(id) ?? [])),
  }));
  return {
    saleFor: (item) =>
      bestSale(covering.filter((sale) => sale.itemIds.has(item.id) || sale.categorySlugs.has(item.category))),
  };
}

/** Of the sales covering an item, the one that prices it: the biggest percent; of equal ones, the one that lasts longest (the countdown the shop shows). */
function bestSale(covering: readonly ItemSale[]): ItemSale | null {
  let best: ItemSale | null = null;
  for (const sale of covering) {
    if (!best || sale.percent > best.percent || (sale.percent === best.percent && sale.endsAt > best.endsAt)) {
      best = { percent: sale.percent, endsAt: sale.endsAt };
    }
  }
  return best;
}

/** What an item costs at one moment, in credits or in cents (itemPricer). */
export type ItemPricer = (item: ShopItemRow, currency: 'credits' | 'cents') => number;

/**
 * What items cost at `now`: each one's price after the better of its own discount and the running
 * sale (contract effectivePrice). The sales are read once, so every line of one checkout is priced
 * by the same sales at the same moment. The credit purchase and the card checkout charge this.
 */
export async function itemPricer(db: Executor, now: Date): Promise<ItemPricer> {
  const sales = await loadSalePrices(db, now);
  return (item, currency) => {
    const price = currency === 'credits' ? Number(item.price_credits) : Number(item.price_usd_cents);
    return effectivePrice(price, { discount: Number(item.discount), sale: sales.saleFor(item) });
  };
}

/**
 * One item the public shop shows, and what it costs now in credits or cents, in one read (the credit
 * purchase's, in its transaction): priced as itemPricer prices it, by the running sale covering it by
 * its id or its category. Undefined when the shop does not show it.
 */
export async function findItemWithPrice(
  db: Executor,
  itemId: string,
  now: Date,
  currency: 'credits' | 'cents',
): Promise<{ item: ShopItemRow; price: number } | undefined> {
  const rows = await findPublicShopItemWithSales(db, itemId, toIso(now));
  const first = rows[0];
  if (!first) return undefined;
  const { category_id, sale_percent_off, sale_ends_at, sale_item_ids, sale_category_ids, ...item } = first;
  const covering: ItemSale[] = [];
  for (const row of rows) {
    if (row.sale_ends_at === null || row.sale_percent_off === null) continue;
    const byItem = parseIds(row.sale_item_ids ?? '[]').includes(item.id);
    const byCategory = category_id !== null && parseIds(row.sale_category_ids ?? '[]').includes(category_id);
    if (byItem || byCategory) covering.push({ percent: Number(row.sale_percent_off), endsAt: row.sale_ends_at });
  }
  const listed = currency === 'credits' ? Number(item.price_credits) : Number(item.price_usd_cents);
  return { item, price: effectivePrice(listed, { discount: Number(item.discount), sale: bestSale(covering) }) };
}

// --- Admin ---------------------------------------------------------------------------------------

interface SaleFields {
  name: string;
  percentOff: number;
  categoryIds: string[];
  itemIds: string[];
  startsAt: string;
  endsAt: string;
}

/** Refuses what a sale cannot be: no targets, unknown ones, an end not after its start or already past, too long. */
async function checkSale(trx: Executor, fields: SaleFields, now: string): Promise<void> {
  if (fields.categoryIds.length === 0 && fields.itemIds.length === 0) throw invalid(saleMessages.targetsRequired);
  if (fields.endsAt <= fields.startsAt) throw invalid(saleMessages.endBeforeStart);
  if (fields.endsAt <= now) throw invalid(saleMessages.endInPast);
  if (Date.parse(fields.endsAt) - Date.parse(fields.startsAt) > SALE_MAX_DAYS * DAY_MS)
    throw invalid(saleMessages.tooLong);
  const categories = await listCategorySlugs(trx, fields.categoryIds);
  if (fields.categoryIds.some((id) => !categories.has(id))) throw invalid(saleMessages.unknownCategory);
  const items = await listExistingItemIds(trx, fields.itemIds);
  if (fields.itemIds.some((id) => !items.has(id))) throw invalid(saleMessages.unknownItem);
}

const unique = (ids: string[]) => [...new Set(ids)];
const normalizeTime = (text: string) => new Date(text).toISOString();

/** A sale whose start is due when it is saved runs at once; one moved to a later start waits again. */
const startedAtFor = (startsAt: string, current: string | null, now: string): string | null =>
  startsAt <= now ? (current ?? now) : null;

export async function createSale(ctx: AppContext, adminId: string, input: SaleInput): Promise<Sale> {
  const now = toIso(ctx.clock());
  const fields: SaleFields = {
    name: input.name.trim(),
    percentOff: input.percentOff,
    categoryIds: unique(input.categoryIds ?? []),
    itemIds: unique(input.itemIds ?? []),
    startsAt: normalizeTime(input.startsAt),
    endsAt: normalizeTime(input.endsAt),
  };
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    await checkSale(trx, fields, now);
    const row: SaleRow = {
      id: newId(),
      name: fields.name,
      percent_off: fields.percentOff,
      category_ids: JSON.stringify(fields.categoryIds),
      item_ids: JSON.stringify(fields.itemIds),
      starts_at: fields.startsAt,
      ends_at: fields.endsAt,
      started_at: startedAtFor(fields.startsAt, null, now),
      ended_at: null,
      created_by: adminId,
      created_at: now,
      updated_at: now,
    };
    await insertSale(trx, row);
    await audit({ action: 'sale.create', targetType: 'sale', targetId: row.id, after: toAuditRecord(row, now) });
    return toSaleView(row, now);
  });
}

/** An ended sale stays as it was (the record of what was sold at what price). */
export async function changeSale(ctx: AppContext, adminId: string, id: string, change: SaleChange): Promise<Sale> {
  const now = toIso(ctx.clock());
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const current = await findSaleById(trx, id);
    if (!current) throw notFound(saleMessages.notFound);
    if (statusOf(current, now) === 'ended') throw conflict(saleMessages.ended);
    const fields: SaleFields = {
      name: change.name?.trim() ?? current.name,
      percentOff: change.percentOff ?? Number(current.percent_off),
      categoryIds: change.categoryIds ? unique(change.categoryIds) : parseIds(current.category_ids),
      itemIds: change.itemIds ? unique(change.itemIds) : parseIds(current.item_ids),
      startsAt: change.startsAt ? normalizeTime(change.startsAt) : current.starts_at,
      endsAt: change.endsAt ? normalizeTime(change.endsAt) : current.ends_at,
    };
    await checkSale(trx, fields, now);
    const next: SaleRow = {
      ...current,
      name: fields.name,
      percent_off: fields.percentOff,
      category_ids: JSON.stringify(fields.categoryIds),
      item_ids: JSON.stringify(fields.itemIds),
      starts_at: fields.startsAt,
      ends_at: fields.endsAt,
      started_at: startedAtFor(fields.startsAt, current.started_at, now),
      updated_at: now,
    };
    const { id: _id, created_at: _created, created_by: _by, ...patch } = next;
    await writeSale(trx, id, patch);
    await audit({
      action: 'sale.update',
      targetType: 'sale',
      targetId: id,
      before: toAuditRecord(current, now),
      after: toAuditRecord(next, now),
    });
    return toSaleView(next, now);
  });
}

/** Deleting a running sale ends it at once. */
export async function removeSale(ctx: AppContext, adminId: string, id: string): Promise<Sale> {
  const now = toIso(ctx.clock());
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const removed = await deleteSale(trx, id);
    if (!removed) throw notFound(saleMessages.notFound);
    await audit({ action: 'sale.delete', targetType: 'sale', targetId: id, before: toAuditRecord(removed, now) });
    return toSaleView(removed, now);
  });
}

export async function getSale(ctx: AppContext, id: string): Promise<Sale> {
  const row = await findSaleById(ctx.db, id);
  if (!row) throw notFound(saleMessages.notFound);
  return toSaleView(row, toIso(ctx.clock()));
}

export async function listSales(ctx: AppContext, query: { limit?: number; cursor?: string }): Promise<SalesResponse> {
  const now = toIso(ctx.clock());
  const request = newestFirstRequest(query, ADMIN_LIST);
  const page = newestFirstAnswer(await listSalesNewestFirst(ctx.db, request), request, ADMIN_LIST);
  return { sales: page.rows.map((row) => toSaleView(row, now)), nextCursor: page.nextCursor };
}

// --- The schedule ----------------------------------------------------------------------------------

async function recordScheduleChange(audit: Audit, action: 'sale.start' | 'sale.end', row: SaleRow, now: string) {
  await audit({ action, targetType: 'sale', targetId: row.id, after: toAuditRecord(row, now) });
}

/**
 * The schedule's pass (services/jobs/schedule.ts): starts the sales whose time has come and ends those
 * whose end has passed, each once whichever instance runs it, audited; when any did, the public
 * catalogue's cache turns over on every instance (adminTransaction). Returns how many changed.
 */
export async function startAndEndSales(ctx: AppContext): Promise<number> {
  const now = toIso(ctx.clock());
  const changed = await adminTransaction(ctx, SCHEDULE_ACTOR, async (trx, audit) => {
    const ended = await endDueSales(trx, now);
    const started = await startDueSales(trx, now);
    for (const row of ended) await recordScheduleChange(audit, 'sale.end', row, now);
    for (const row of started) await recordScheduleChange(audit, 'sale.start', row, now);
    return [
      ...ended.map((row) => ({ id: row.id, event: 'ended' })),
      ...started.map((row) => ({ id: row.id, event: 'started' })),
    ];
  });
  for (const sale of changed) ctx.logger.info(`sales.${sale.event}`, { id: sale.id });
  return changed.length;
}
