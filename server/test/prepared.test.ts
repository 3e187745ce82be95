// Queries compiled once (db/prepared.ts): each call runs with its own values, constants stay put,
// an insert row's undefined fields are left out as Kysely would, it works inside a transaction, and
// a build that lets an argument steer the query is refused at its first call.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Executor, NewLedgerEntry } from '../src/db/database.ts';
import { prepared } from '../src/db/prepared.ts';
import { registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const usernameById = prepared((db: Executor, id: string) =>
  db.selectFrom('users').select(['username', 'credits']).where('id', '=', id).where('credits', '>=', 0),
);

const insertLedger = prepared((db: Executor, entry: NewLedgerEntry) => db.insertInto('credit_ledger').values(entry));

const ledgerRow = (userId: string, id: string, extra: Partial<NewLedgerEntry> = {}): NewLedgerEntry => ({
  id,
  user_id: userId,
  delta: 5,
  balance_after: 5,
  reason: 'test',
  created_at: '2026-11-22T12:00:00.000Z',
  ...extra,
});

describe.each(dialects)('prepared queries on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('runs each call with its own values, in or out of a transaction', async () => {
    const a = await registerPlayer(h);
    const b = await registerPlayer(h);
    expect((await usernameById(h.ctx.db, a.user._id)).rows).toEqual([{ username: a.user.username, credits: 0 }]);
    expect((await usernameById(h.ctx.db, b.user._id)).rows).toEqual([{ username: b.user.username, credits: 0 }]);
    expect((await usernameById(h.ctx.db, 'nobody')).rows).toEqual([]);
    const inTransaction = await h.ctx.db.transaction().execute((trx) => usernameById(trx, b.user._id));
    expect(inTransaction.rows).toEqual([{ username: b.user.username, credits: 0 }]);
  });

  it('leaves out the fields of an insert row that are undefined, as Kysely does, whatever came first', async () => {
    const player = await registerPlayer(h);
    await insertLedger(h.ctx.db, ledgerRow(player.user._id, 'with-actor', { reference: 'ref-1', actor_id: null }));
    await insertLedger(h.ctx.db, ledgerRow(player.user._id, 'without', { delta: 7 }));
    await insertLedger(h.ctx.db, ledgerRow(player.user._id, 'with-actor-2', { reference: 'ref-2', actor_id: null }));
    const rows = await h.ctx.db
      .selectFrom('credit_ledger')
      .select(['id', 'delta', 'reference'])
      .where('user_id', '=', player.user._id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'with-actor', delta: 5, reference: 'ref-1' },
      { id: 'with-actor-2', delta: 5, reference: 'ref-2' },
      { id: 'without', delta: 7, reference: null },
    ]);
  });

  it('refuses a build where an argument steers the query instead of being a value', async () => {
    const steered = prepared((db: Executor, column: string) =>
      db
        .selectFrom('users')
        .select('id')
        .where(column === 'x' ? 'id' : 'username', '=', 'a'),
    );
    await expect(steered(h.ctx.db, 'x')).rejects.toThrow('prepared query: argument 1 is not bound as a value');
    const named = prepared((db: Executor, column: 'id' | 'username') => db.selectFrom('users').select(column));
    await expect(named(h.ctx.db, 'id')).rejects.toThrow('an argument ended up in the SQL text');
  });
});

// PostgreSQL parses and plans a prepared query once per connection: it is sent as a named statement.
if (dialects.includes('postgres')) {
  describe('prepared queries on postgres', () => {
    it('are named statements on the connection that ran them', async () => {
      const h = await createHarness('postgres');
      onTestFinished(() => h.close());
      const player = await registerPlayer(h);
      const named = await h.ctx.db.transaction().execute(async (trx) => {
        await usernameById(trx, player.user._id);
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
        return rows.map((r) => r.statement);
      });
      expect(named.some((text) => text.includes('select "username", "credits" from "users"'))).toBe(true);
    });

    it("keep working on a connection after another process's migration changed the table under them", async () => {
      const h = await createHarness('postgres');
      onTestFinished(() => h.close());
      const allTiers = prepared((db: Executor, minimum: number) =>
        db.selectFrom('tiers').selectAll().where('price_cents', '>=', minimum),
      );
      const names = await h.ctx.db.connection().execute(async (conn) => {
        await allTiers(conn, 0);
        await sql`alter table tiers add column badge text`.execute(conn);
        await allTiers(conn, 0); // PostgreSQL: "cached plan must not change result type", then unnamed
        const { rows } = await allTiers(conn, 0);
        return Object.keys(rows[0] ?? { badge: null });
      });
      expect(names).toContain('badge');
    });
  });
}
