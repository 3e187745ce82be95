// The opaque cursor of a paged list: base64url of JSON [order, key, id], naming the order it was
// made for, the last row's sort key and its id. Opaque to clients (the contract says only "pass it
// back"); read back here, anything that is not one of ours is null, for the caller's 400. And the
// two ends of a list read newest first (db/newest-first.ts): the request read from the query, the
// page answered with its cursor.
import { DEFAULT_PAGE_SIZE, type PageQueryInput, pagingMessages } from '@starport/api-client/contract';
import { invalid } from '../errors.ts';

export type CursorKey = string | number;

export interface PageCursor {
  order: string;
  key: CursorKey;
  id: string;
}

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.order, cursor.key, cursor.id])).toString('base64url');
}

/** The cursor, if `text` is one made for `order` with a key of the given type; otherwise null. */
export function decodeCursor(text: string, order: string, keyType: 'string' | 'number'): PageCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [cursorOrder, key, id] = value as unknown[];
  if (cursorOrder !== order || typeof id !== 'string' || id.length === 0 || id.length > 100) return null;
  if (keyType === 'number' ? !Number.isSafeInteger(key) : typeof key !== 'string' || key.length > 100) return null;
  return { order, key: key as CursorKey, id };
}

/** A page: the first `limit` rows, and the cursor after the last of them when more follow. */
export function toPage<Row>(
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => PageCursor,
): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodeCursor(cursorOf(page[page.length - 1] as Row)) };
}

/** What to read for `query` of the list named `list` (named in its cursors): one row more than a page. */
export function newestFirstRequest(
  query: PageQueryInput,
  list: string,
): { after?: { createdAt: string; id: string }; limit: number; pageSize: number } {
  const pageSize = query.limit ?? DEFAULT_PAGE_SIZE;
  if (query.cursor === undefined) return { limit: pageSize + 1, pageSize };
  const cursor = decodeCursor(query.cursor, list, 'string');
  if (!cursor) throw invalid(pagingMessages.badCursor);
  return { after: { createdAt: String(cursor.key), id: cursor.id }, limit: pageSize + 1, pageSize };
}

/** The page of `rows` (read with newestFirstRequest) and the cursor after it, null on the last. */
export function newestFirstAnswer<Row extends { id: string; created_at: string }>(
  rows: Row[],
  request: { pageSize: number },
  list: string,
) {
  return toPage(rows, request.pageSize, (row) => ({ order: list, key: row.created_at, id: row.id }));
}
