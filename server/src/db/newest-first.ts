// One page of a list read newest first, ties by id (the audit log, a player's deliveries and
// ledger): a keyset read on (created_at, id) after the last row of the page before, which the
// indexes of migration 015 hold in that order.
import { type SelectQueryBuilder, sql } from 'kysely';

export interface NewestFirstPage {
  /** The last row of the page before. */
  after?: { createdAt: string; id: string };
  /** How many rows to read. */
  limit: number;
}

export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  page: NewestFirstPage,
): SelectQueryBuilder<DB, TB, O> {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  const { after } = page;
  const filtered = after ? query.where(sql<boolean>`(${createdAt}, ${id}) < (${after.createdAt}, ${after.id})`) : query;
  return filtered.orderBy(sql`${createdAt} desc`).orderBy(sql`${id} desc`).limit(page.limit);
}
