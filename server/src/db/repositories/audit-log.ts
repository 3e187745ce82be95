// Data access for the audit log of admin changes.
import type { Executor, NewAuditEntry } from '../database.ts';

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

export async function listAuditEntries(db: Executor, options: { targetType?: string; targetId?: string } = {}) {
  let query = db.selectFrom('audit_log').selectAll();
  if (options.targetType) query = query.where('target_type', '=', options.targetType);
  if (options.targetId) query = query.where('target_id', '=', options.targetId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}
