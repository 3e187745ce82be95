// Data access for the audit log of admin changes.
import type { Executor, NewAuditEntry } from '../database.ts';
import { type NewestFirstPage, newestFirst } from '../newest-first.ts';

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

export async function listAuditEntries(db: Executor, options: { targetType?: string; targetId?: string } = {}) {
  let query = db.selectFrom('audit_log').selectAll();
  if (options.targetType) query = query.where('target_type', '=', options.targetType);
  if (options.targetId) query = query.where('target_id', '=', options.targetId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** A page of the whole audit log, newest first. */
export async function pageAuditEntries(db: Executor, page: NewestFirstPage) {
  return newestFirst(db.selectFrom('audit_log').selectAll(), 'audit_log', page).execute();
}
