// Data access for the audit log of admin changes.
import { sql } from 'kysely';
import type { Executor, NewAuditEntry } from '../database.ts';
import { containsPattern } from '../like-pattern.ts';
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

/** What the audit log is filtered by (services/admin/history.ts): an action, and a lowercased term. */
export interface AuditFilter {
  action?: string;
  search?: string;
}

/**
 * A page of the audit log, newest first, with the administrator's and a player target's usernames.
 * An action reads its own index (migration 021); a search walks the log from the newest entry,
 * keeping the matches, until the page is full (the log grows with admin changes, not with players).
 */
export async function pageAuditEntries(db: Executor, page: NewestFirstPage, filter: AuditFilter = {}) {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
    .leftJoin('users as target', (join) =>
      join.onRef('target.id', '=', 'audit_log.target_id').on('audit_log.target_type', '=', 'user'),
    )
    .selectAll('audit_log')
    .select(['actor.username as actor_name', 'target.username as target_user_name']);
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  const term = filter.search;
  if (term) {
    const pattern = containsPattern(term);
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        eb('audit_log.actor_id', '=', term),
        eb('audit_log.target_id', '=', term),
        like('actor.username_normalized'),
        like('actor.email_normalized'),
        like('target.username_normalized'),
        like('target.email_normalized'),
        like('audit_log.before'),
        like('audit_log.after'),
      ]),
    );
  }
  return newestFirst(query, 'audit_log', page).execute();
}
