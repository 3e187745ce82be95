// What administrators read of the past, a page at a time, newest first: the audit log of every
// admin change (audit.ts writes it) and a player's credit ledger.
import type { AuditEntry, LedgerEntry, PageQueryInput } from '@starport/api-client/contract';
import { adminUserMessages } from '@starport/api-client/contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { CreditLedgerTable } from '../../db/database.ts';
import { pageAuditEntries } from '../../db/repositories/audit-log.ts';
import { pageLedgerOfUser } from '../../db/repositories/credits.ts';
import { findUserById } from '../../db/repositories/users.ts';
import { notFound } from '../../errors.ts';
import { newestFirstAnswer, newestFirstRequest } from '../../lib/page-cursor.ts';

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

export async function listAuditLog(
  ctx: AppContext,
  query: PageQueryInput,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const request = newestFirstRequest(query, 'audit');
  const page = newestFirstAnswer(await pageAuditEntries(ctx.db, request), request, 'audit');
  const entries = page.rows.map((row) => ({
    _id: row.id,
    actorId: row.actor_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: parsed(row.before),
    after: parsed(row.after),
    createdAt: row.created_at,
  }));
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
