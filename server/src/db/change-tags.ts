// What this process's own statements change for the read cache (db/read-cache.ts), on either
// database: each statement is read as it is sent (PostgreSQL, db/connect.ts) or run (SQLite), so the
// process's own write is seen by its very next call. Another process's commits are told otherwise
// (PostgreSQL's notices, SQLite's data_version).
//
// The tags:
//   user:<id>      the user's row or one of their sessions: every read about them
//   credits:<id>   only the user's balance (credits, updated_at): their balance read, not their sessions
//   token:<hash>   that one session
// A write to users or sessions whose WHERE names the row by its key forgets that key; any other write
// to the tables the cache reads from (users, sessions, tiers) forgets everything; a new user or
// session forgets nothing (nothing kept can be about it). Again when its transaction ends: a read
// between the statement and the commit may have kept the row as it was, or as a rollback undid it.

/** The tables whose rows the read cache holds. */
const WATCHED = new Set(['users', 'sessions', 'tiers']);
/** Every write in a statement, a data-modifying WITH's among them. */
const WRITES = /\b(insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;
const NOT_A_WRITE = /^\s*(select|begin|commit|rollback|savepoint|release|listen|pragma)\b/i;
const ENDS_TRANSACTION = /^\s*(commit|rollback)\b/i;
/** `where "id" = $3 …` (or `= ?`) with only `and` after it: the rows are exactly those with that key. */
const KEYED_WHERE = /\bwhere\s+"(id|user_id|token_hash)"\s*=\s*(\$(\d+)|\?)(?![\s\S]*\bor\b)/i;
/** The columns a SET assigns: each follows the start of the list or a comma. */
const ASSIGNED = /(?:^|,)\s*"?(\w+)"?\s*=/g;
const BALANCE_COLUMNS = new Set(['credits', 'updated_at']);

/** What a statement's text says it changes; the tags then need only the statement's values. */
export type StatementChange =
  | { kind: 'none' }
  | { kind: 'all' }
  | { kind: 'transaction-end' }
  | { kind: 'keyed'; prefix: 'user' | 'credits' | 'token'; parameter: number };

/** The 0-based index of the `?` placeholder at `position`: the `?`s before it, outside quoted text. */
function placeholderIndex(text: string, position: number): number {
  let index = 0;
  let quote: string | null = null;
  for (let i = 0; i < position; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '?') index += 1;
  }
  return index;
}

/** Whether an UPDATE's SET (the text from `set` to `where`) assigns only the balance's columns. */
function setsOnlyBalance(write: string): boolean {
  const set = /^\s*update\s+"?users"?\s+set\s+([\s\S]*?)\s+where\b/i.exec(write)?.[1];
  if (!set || set.trimStart().startsWith('(')) return false;
  const columns = [...set.matchAll(ASSIGNED)].map((match) => (match[1] as string).toLowerCase());
  return columns.length > 0 && columns.every((column) => BALANCE_COLUMNS.has(column));
}

export function statementChange(text: string): StatementChange {
  if (ENDS_TRANSACTION.test(text)) return { kind: 'transaction-end' };
  const writes = [...text.matchAll(WRITES)].filter((match) => WATCHED.has((match[2] as string).toLowerCase()));
  if (writes.length === 0) {
    // Not a write to a watched table; anything else that names one may change it (a statement we do not read).
    if (NOT_A_WRITE.test(text) || /^\s*(insert|update|delete|with)\b/i.test(text)) return { kind: 'none' };
    return /"?\b(users|sessions|tiers)\b"?/i.test(text) ? { kind: 'all' } : { kind: 'none' };
  }
  const write = writes[0] as RegExpExecArray & { index: number };
  const verb = (write[1] as string).toLowerCase();
  // Several, or an insert that may replace or update a row that is there (an upsert): anything.
  const upsert = /\breplace\b/.test(verb) || (/\bon\s+conflict\b/i.test(text) && !/\bdo\s+nothing\b/i.test(text));
  if (writes.length > 1 || upsert) return { kind: 'all' };
  const table = (write[2] as string).toLowerCase();
  if (table === 'tiers') return { kind: 'all' };
  // A new user or session: nothing kept can be about it.
  if (verb.startsWith('insert')) return { kind: 'none' };
  const rest = text.slice(write.index);
  const keyed = KEYED_WHERE.exec(rest);
  if (!keyed) return { kind: 'all' };
  const column = (keyed[1] as string).toLowerCase();
  const parameter =
    keyed[3] !== undefined
      ? Number(keyed[3]) - 1
      : placeholderIndex(text, write.index + keyed.index + keyed[0].length - 1);
  if (table === 'sessions') {
    if (column === 'token_hash') return { kind: 'keyed', prefix: 'token', parameter };
    if (column === 'user_id') return { kind: 'keyed', prefix: 'user', parameter };
    return { kind: 'all' };
  }
  if (column !== 'id') return { kind: 'all' };
  return { kind: 'keyed', prefix: verb === 'update' && setsOnlyBalance(rest) ? 'credits' : 'user', parameter };
}

/** The tags one statement with these values changes: a list, everything, or nothing. */
export function changeTags(change: StatementChange, values: readonly unknown[]): string[] | 'all' | null {
  switch (change.kind) {
    case 'none':
    case 'transaction-end':
      return null;
    case 'all':
      return 'all';
    case 'keyed': {
      const value = values[change.parameter];
      return typeof value === 'string' ? [`${change.prefix}:${value}`] : 'all';
    }
  }
}

const MEMO_SIZE = 1000;
const memo = new Map<string, StatementChange>();

/** statementChange, remembered by text: the same few statements are sent again and again. */
export function statementChangeOf(text: string): StatementChange {
  let change = memo.get(text);
  if (!change) {
    // Statements built with varying lists (IN (...), batch inserts) would grow it without end.
    if (memo.size >= MEMO_SIZE) memo.clear();
    change = statementChange(text);
    memo.set(text, change);
  }
  return change;
}

/** What one statement of this process changes for the cache: tags, everything, or nothing. */
export function localChangeTags(text: string, values: readonly unknown[]): string[] | 'all' | null {
  return changeTags(statementChangeOf(text), values);
}

/** What a connection's statements have touched since its transaction began. */
export interface StatementTracker {
  /** Counts a statement as it is sent (or run). */
  sent(text: string, values: readonly unknown[]): void;
}

/**
 * One per connection (it knows when that connection's transaction ends): `forget` each tag a
 * statement changes, at once and again when the transaction ends; `everything` when it may have
 * changed anything.
 */
export function statementTracker(forget: (tag: string) => void, everything: () => void): StatementTracker {
  let touched: string[] = [];
  return {
    sent(text, values) {
      const change = statementChangeOf(text);
      if (change.kind === 'transaction-end') {
        // The transaction's writes are visible (or undone) now: forget what they touched again.
        for (const tag of touched) forget(tag);
        touched = [];
        return;
      }
      const tags = changeTags(change, values);
      if (tags === 'all') everything();
      else if (tags) {
        for (const tag of tags) forget(tag);
        touched.push(...tags);
      }
    },
  };
}
