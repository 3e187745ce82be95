// A player's Purchases page reads its two sources (credit purchases, card orders and invoices) on
// their (user_id, created_at, id) indexes of migration 029, on both dialects: with one player holding
// 100,000 purchases among other players' and the planner's statistics taken, the plans of the first
// page and of a later one name the index, never scan a table whole and never sort. Plans, not timings:
// a page then reads about a page of rows whatever the player has bought.
import { type Compilable, CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditPurchasesPageQuery, paymentsPageQuery } from '../src/db/repositories/purchases.ts';
import { registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const PURCHASES = 100_000;

async function seed(h: TestHarness, userId: string): Promise<void> {
  const numbers =
    h.ctx.dialect === 'postgres'
      ? `select generate_series(1, ${PURCHASES}) as i`
      : `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PURCHASES}) select i from n`;
  // One in twenty the player's, the rest another's (a store has many players: with half of every table
  // the player's, PostgreSQL rightly walks the admin's newest-first index instead); a second apart.
  const owner = `case when i % 20 = 1 then '${userId}' else 'other' end`;
  await h.ctx.db.executeQuery(
    CompiledQuery.raw(`insert into users (id, email, email_normalized, username, username_normalized, password_hash,
      created_at, updated_at) values ('other', 'o@example.com', 'o@example.com', 'Other', 'other', 'x', '2026', '2026')`),
  );
  await h.ctx.db.executeQuery(
    CompiledQuery.raw(`insert into credit_purchases (id, user_id, item_id, item_name, quantity, price_credits,
      recipient_id, created_at)
    select 'cp' || i, ${owner}, null, 'Thing', 1, 100, null, '2026-11-01T' || cast(1000000 + i as text)
    from (${numbers}) numbers`),
  );
  await h.ctx.db.executeQuery(
    CompiledQuery.raw(`insert into payments (id, user_id, provider, kind, status, amount_cents, currency, purchase,
      created_at, updated_at, paid_at)
    select 'pay' || i, ${owner}, 'stripe', 'items', case when i % 40 = 1 then 'expired' else 'paid' end, 999, 'usd',
      '{"kind":"items","lines":[]}', '2026-11-01T' || cast(1000000 + i as text), '2026-11-01', '2026-11-01'
    from (${numbers}) numbers`),
  );
  await h.ctx.db.executeQuery(CompiledQuery.raw(h.ctx.dialect === 'postgres' ? 'vacuum analyze' : 'analyze'));
}

/** The plan's text, and each step that reads `table`: how, and through which index (null: the whole table). */
async function planOf(h: TestHarness, query: Compilable, table: string) {
  const compiled = query.compile();
  if (h.ctx.dialect === 'postgres') {
    const result = await h.ctx.db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    const steps: { how: string; index: string | null }[] = [];
    const visit = (node: Record<string, any>) => {
      if (node['Relation Name'] === table) steps.push({ how: node['Node Type'], index: node['Index Name'] ?? null });
      for (const child of node.Plans ?? []) visit(child);
    };
    const document = result.rows[0]?.['QUERY PLAN'] as [{ Plan: Record<string, any> }];
    visit(document[0].Plan);
    return { steps, text: JSON.stringify(document) };
  }
  const result = await h.ctx.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
  );
  const details = result.rows.map((row) => row.detail);
  const steps = details
    .filter((detail) => new RegExp(`^(SCAN|SEARCH) ${table}\\b`).test(detail))
    .map((detail) => ({ how: detail, index: /INDEX (\w+)/.exec(detail)?.[1] ?? null }));
  return { steps, text: details.join('\n') };
}

describe.each(dialects)('the Purchases page’s plans on %s', (dialect) => {
  let h: TestHarness;
  let userId: string;
  beforeAll(async () => {
    // Seeding 200,000 rows in one statement takes longer than the statement timeout on a busy machine.
    h = await createHarness(dialect, { env: { DATABASE_STATEMENT_TIMEOUT_MS: '0' } });
    userId = (await registerPlayer(h)).user._id;
    await seed(h, userId);
  }, 180_000);
  afterAll(async () => {
    await h.close();
  });

  const page = { limit: 51 };
  const later = { limit: 51, after: { createdAt: '2026-11-01T1050000', id: 'cp50000' } };

  it.each([
    ['credit_purchases', 'credit_purchases_user_page', creditPurchasesPageQuery],
    ['payments', 'payments_user_page', paymentsPageQuery],
  ] as const)('reads %s through %s, first page and a later one, in order', async (table, index, query) => {
    for (const request of [page, later]) {
      const plan = await planOf(h, query(h.ctx.db, userId, request), table);
      expect(plan.steps.length, plan.text).toBeGreaterThan(0);
      for (const step of plan.steps) {
        expect(step.index, plan.text).toBe(index);
        expect(step.how, plan.text).not.toMatch(/Seq Scan|^SCAN/);
      }
      // In the index's order: nothing sorted.
      expect(plan.text).not.toMatch(/TEMP B-TREE|"Node Type":"Sort"|Incremental Sort/);
    }
    // And the page is the right one: the newest 51 of the player's, then the 51 before the cursor.
    const rows = await query(h.ctx.db, userId, later).execute();
    expect(rows).toHaveLength(51);
    expect(rows.every((row) => row.created_at < '2026-11-01T1050000')).toBe(true);
  });
});
