// Every admin change leaves a record: who, what, when, and the record before and after. The record
// is written in the change's own transaction (no change without its record) and logged once the
// transaction has committed (no log line for a change that rolled back). Changes the server makes by
// itself under a payment rule (a duplicate subscription cancelled) are recorded the same way. Since the
// records say what changed, a committed change to what the public catalogue shows empties its cache
// here, wherever the change came from (an API call, the admin CLI, a job).

import type { AuditAction } from '@starport/api-client/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database, Executor } from '../../db/database.ts';
import { insertAuditEntry } from '../../db/repositories/audit-log.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { catalogueChanged } from '../catalogue/public-cache.ts';

export interface AuditRecord {
  /** One of the contract's auditActionLabels (each action has its words there). */
  action: AuditAction;
  targetType:
    | 'tier'
    | 'item'
    | 'category'
    | 'image'
    | 'user'
    | 'mail'
    | 'site_settings'
    | 'game_key'
    | 'delivery'
    | 'job'
    | 'update'
    | 'item_transfer'
    | 'leaderboard_metric'
    | 'leaderboard_season'
    | 'payment'
    | 'sale'
    | 'credit_code_batch'
    | 'coupon';
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

export type Audit = (record: AuditRecord) => Promise<void>;

/**
 * The targets whose change the public catalogue shows: tiers, items, categories, site settings,
 * images (deleting one takes it off the items that showed it), and sales (their prices).
 */
const PUBLIC_CATALOGUE_TARGETS: ReadonlySet<AuditRecord['targetType']> = new Set([
  'tier',
  'item',
  'category',
  'image',
  'site_settings',
  'sale',
]);

const toJson = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

/** Writes one audit record in the transaction given: no change without its record. */
export async function insertAudit(trx: Executor, ctx: AppContext, actorId: string, record: AuditRecord): Promise<void> {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_id: actorId,
    action: record.action,
    target_type: record.targetType,
    target_id: record.targetId,
    before: toJson(record.before),
    after: toJson(record.after),
    created_at: toIso(ctx.clock()),
  });
}

/**
 * Runs an admin change in a transaction with an `audit` function that records it. `actorId` is the
 * admin's user id, or "cli:<os user>" for changes made outside the API. Once it has committed, a
 * change to the public catalogue empties its cache in this process and announces it to the others.
 */
export async function adminTransaction<T>(
  ctx: AppContext,
  actorId: string,
  work: (trx: Transaction<Database>, audit: Audit) => Promise<T>,
): Promise<T> {
  const recorded: AuditRecord[] = [];
  const result = await inTransaction(ctx.db, async (trx) =>
    work(trx, async (record) => {
      await insertAudit(trx, ctx, actorId, record);
      recorded.push(record);
    }),
  );
  for (const record of recorded) {
    ctx.logger.info('admin.change', {
      by: actorId,
      action: record.action,
      target: record.targetType,
      targetId: record.targetId,
    });
  }
  if (recorded.some((record) => PUBLIC_CATALOGUE_TARGETS.has(record.targetType))) await catalogueChanged(ctx);
  return result;
}
