// What must not read every row of a table that grows with the players (issue 18, the scale table):
// each statement's plan finds its rows through an index, on both dialects. On PostgreSQL the planner
// is told to avoid sequential scans, so the plan shows an index exactly when one can serve.
import { type CompiledQuery, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

/** The plan of a statement, one line per step. */
async function planOf(ctx: AppContext, query: CompiledQuery): Promise<string> {
  if (ctx.dialect === 'sqlite') {
    const { rows } = await ctx.db.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    return rows.map((row) => row.detail).join('\n');
  }
  return inTransaction(ctx.db, async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

function expectIndexed(plan: string, table: string) {
  if (plan.includes('Seq Scan') || new RegExp(`SCAN ${table}(?! USING)`).test(plan)) {
    throw new Error(`reads every row of ${table}:\n${plan}`);
  }
  expect(plan).toMatch(/USING (COVERING )?INDEX|Index (Only )?Scan|Bitmap Index Scan/);
}

describe.each(dialects)('statements that must not read a whole table, on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  it('deleting a shop item finds the inventory entries that name it (the foreign key sets them null) by index', async () => {
    h = await createHarness(dialect);
    const query = h.ctx.db.selectFrom('inventory_entries').select('id').where('shop_item_id', '=', 'an-item').compile();
    expectIndexed(await planOf(h.ctx, query), 'inventory_entries');
  });

  it('deleting a tier finds the subscriptions that name it (the foreign key sets them null) by index', async () => {
    h = await createHarness(dialect);
    const query = h.ctx.db.selectFrom('subscriptions').select('id').where('tier_id', '=', 'a-tier').compile();
    expectIndexed(await planOf(h.ctx, query), 'subscriptions');
  });

  it('the hourly purge finds expired and idle sessions by index', async () => {
    h = await createHarness(dialect);
    // The statement of purgeExpiredSessions (db/repositories/sessions.ts).
    const query = h.ctx.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', '2026-11-24T00:00:00.000Z'),
          eb('last_seen_at', '<=', '2026-11-17T00:00:00.000Z'),
        ]),
      )
      .compile();
    expectIndexed(await planOf(h.ctx, query), 'sessions');
  });

  // Migration 034: these indexes hold only the rows that have a transfer or a payment, so a purchase
  // with credits writes neither; each read names one, so it reads the partial index.
  it('a transfer’s ledger rows are found by the index of rows that have a transfer', async () => {
    h = await createHarness(dialect);
    // The statement of listReceivedLinesOfTransfer (db/repositories/item-moves.ts).
    const query = h.ctx.db
      .selectFrom('item_ledger')
      .select(['entry_id', 'delta', 'user_id'])
      .where('transfer_id', '=', 'a-transfer')
      .where('delta', '>', 0)
      .orderBy('id')
      .compile();
    const plan = await planOf(h.ctx, query);
    expectIndexed(plan, 'item_ledger');
    expect(plan).toContain('item_ledger_by_transfer');
  });

  it('a payment’s entries are found, to revoke or restore them, by the index of entries bought by card', async () => {
    h = await createHarness(dialect);
    // The statements of revokeEntriesOfPayment and restoreEntriesOfPayment (db/repositories/inventory.ts).
    for (const revoked of ['is', 'is not'] as const) {
      const query = h.ctx.db
        .updateTable('inventory_entries')
        .set({ revoked_at: revoked === 'is' ? '2026-12-06T00:00:00.000Z' : null })
        .where('payment_id', '=', 'a-payment')
        .where('revoked_at', revoked, null)
        .compile();
      const plan = await planOf(h.ctx, query);
      expectIndexed(plan, 'inventory_entries');
      expect(plan).toContain('inventory_entries_by_payment');
    }
  });
});
