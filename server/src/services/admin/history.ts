// What administrators read of the past, a page at a time, newest first: the audit log of every
// admin change (audit.ts writes it) and a player's credit ledger.
import type { AuditEntry, auditQuerySchema, LedgerEntry, PageQueryInput } from '@starport/api-client/contract';
import { adminUserMessages } from '@starport/api-client/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { CreditLedgerTable } from '../../db/database.ts';
import { pageAuditEntries } from '../../db/repositories/audit-log.ts';
import { pageLedgerOfUser } from '../../db/repositories/credits.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { notFound } from '../../errors.ts';
import { newestFirstAnswer, newestFirstRequest } from '../../lib/page-cursor.ts';

type AuditQueryInput = z.output<typeof auditQuerySchema>;

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

/** The name a change recorded for its target (a tier's, an item's, a category's), if any. */
function recordedName(...records: unknown[]): string | null {
  for (const record of records) {
    const name = (record as { name?: unknown } | null)?.name;
    if (typeof name === 'string') return name;
  }
  return null;
}

/**
 * The audit log a page at a time, newest first; filtered by one action, and searched (trimmed,
 * ignoring case; the contract's auditQuerySchema says what it matches). A cursor is for the list it
 * came from: passed with other filters it pages on from the same point in time.
 */
export async function listAuditLog(
  ctx: AppContext,
  query: AuditQueryInput,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const request = newestFirstRequest(query, 'audit');
  const search = query.search?.trim().toLowerCase() || undefined;
  const rows = await pageAuditEntries(ctx.db, request, { action: query.action, search });
  const page = newestFirstAnswer(rows, request, 'audit');
  const entries = page.rows.map((row) => {
    const before = parsed(row.before);
    const after = parsed(row.after);
    return {
      _id: row.id,
      actorId: row.actor_id,
      actorName: row.actor_name,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      targetName: row.target_user_name ?? recordedName(after, before),
      before,
      after,
      createdAt: row.created_at,
    };
  });
  return { entries, nextCursor: page.nextCursor };
}

export async function listUserLedger(
  ctx: AppContext,
  userId: string,
  query: PageQueryInput,
): Promise<{ entries: LedgerEntry[]; nextCursor: string | null }> {
  const request = newestFirstRequest(query, 'ledger');
  if (!(await findUserById(ctx.db, userId))) throw notFound(adminUserMessages.userNotFound);
  const page = newestFirstAnswer(await pageLedgerOfUser(ctx.db, userId, request), request, 'ledger');
  return { entries: page.rows.map(toLedgerEntryView), nextCursor: page.nextCursor };
}

/** A ledger row as administrators and the player's own data download show it. */
export function toLedgerEntryView(row: Selectable<CreditLedgerTable>): LedgerEntry {
  return {
    _id: row.id,
    delta: Number(row.delta),
    balanceAfter: Number(row.balance_after),
    reason: row.reason,
    reference: row.reference,
    actorId: row.actor_id,
    createdAt: row.created_at,
  };
}
