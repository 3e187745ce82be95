// What the read cache forgets for each of this process's own statements (db/change-tags.ts), on the
// SQL Kysely writes for each database: the key a write names, the balance alone for a debit, and
// everything where a statement could have changed rows it does not name.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { localChangeTags, statementChange, statementTracker } from '../src/db/change-tags.ts';
import type { Database } from '../src/db/database.ts';

const compilers = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

const tagsOf = (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
  const { sql: text, parameters } = query.compile();
  return localChangeTags(text, parameters);
};

describe.each(Object.entries(compilers))('own writes on %s', (_name, db) => {
  it('a debit or a grant of credits forgets the balance only', () => {
    const debit = db
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '-', 5), updated_at: 'now' }))
      .where('id', '=', 'u1')
      .where('credits', '>=', 5)
      .returning('credits');
    expect(tagsOf(debit)).toEqual(['credits:u1']);
    // PostgreSQL's debit with its ledger row, one statement (db/repositories/credits.ts).
    const withLedger = db
      .with('debited', (qb) =>
        qb
          .updateTable('users')
          .set((eb) => ({ credits: eb('credits', '-', 5), updated_at: 'now' }))
          .where('id', '=', 'u2')
          .where('credits', '>=', 5)
          .returning(['id', 'credits']),
      )
      .insertInto('credit_ledger')
      .columns(['id', 'user_id', 'delta', 'balance_after', 'reason', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('debited')
          .select([
            sql<string>`cast(${'l1'} as text)`.as('id'),
            'debited.id as user_id',
            sql<number>`-cast(${5} as bigint)`.as('delta'),
            'debited.credits as balance_after',
            sql<string>`cast(${'credit_purchase'} as text)`.as('reason'),
            sql<string>`cast(${'now'} as text)`.as('created_at'),
          ]),
      );
    expect(tagsOf(withLedger)).toEqual(['credits:u2']);
    expect(tagsOf(db.updateTable('users').set({ credits: 40 }).where('id', '=', 'u3'))).toEqual(['credits:u3']);
  });

  it('any other change to a user forgets every read about them', () => {
    expect(tagsOf(db.updateTable('users').set({ is_admin: 1 }).where('id', '=', 'u1'))).toEqual(['user:u1']);
    expect(tagsOf(db.updateTable('users').set({ credits: 1, current_tier_id: 't' }).where('id', '=', 'u1'))).toEqual([
      'user:u1',
    ]);
    expect(tagsOf(db.deleteFrom('users').where('id', '=', 'u1'))).toEqual(['user:u1']);
    expect(tagsOf(db.deleteFrom('sessions').where('user_id', '=', 'u1'))).toEqual(['user:u1']);
    expect(
      tagsOf(db.updateTable('sessions').set({ last_seen_at: 'now', last_address: '?' }).where('token_hash', '=', 'h1')),
    ).toEqual(['token:h1']);
  });

  it('a write that does not name its row by key, or to tiers, forgets everything', () => {
    expect(tagsOf(db.updateTable('users').set({ credits: 0 }).where('credits', '>', 5))).toBe('all');
    expect(
      tagsOf(
        db
          .updateTable('users')
          .set({ credits: 0 })
          .where((eb) => eb.or([eb('id', '=', 'a'), eb('id', '=', 'b')])),
      ),
    ).toBe('all');
    expect(tagsOf(db.deleteFrom('sessions').where('expires_at', '<=', 'now'))).toBe('all');
    expect(tagsOf(db.updateTable('tiers').set({ name: 'x' }).where('id', '=', 't1'))).toBe('all');
    expect(
      tagsOf(
        db
          .insertInto('users')
          .values({ id: 'u1' } as never)
          .onConflict((oc) => oc.column('id').doUpdateSet({ credits: 1 })),
      ),
    ).toBe('all');
  });

  it('a new user or session, and writes to other tables, forget nothing', () => {
    expect(tagsOf(db.insertInto('users').values({ id: 'u1' } as never))).toBeNull();
    expect(
      tagsOf(
        db
          .insertInto('users')
          .values({ id: 'u1' } as never)
          .onConflict((oc) => oc.doNothing()),
      ),
    ).toBeNull();
    expect(tagsOf(db.insertInto('sessions').values({ token_hash: 'h' } as never))).toBeNull();
    expect(tagsOf(db.insertInto('credit_purchases').values({ id: 'p', user_id: 'u1' } as never))).toBeNull();
    expect(tagsOf(db.selectFrom('users').selectAll().where('id', '=', 'u1'))).toBeNull();
    expect(tagsOf(db.updateTable('shop_items').set({ name: 'users' }).where('id', '=', 'i'))).toBeNull();
  });
});

describe('statementChange', () => {
  it('finds the key among ? placeholders, skipping any in quoted text', () => {
    const text = `update "users" set "display_name" = '?', "credits" = ? where "id" = ?`;
    expect(statementChange(text)).toEqual({ kind: 'keyed', prefix: 'user', parameter: 1 });
    expect(localChangeTags(text, [5, 'u9'])).toEqual(['user:u9']);
  });

  it('takes a key that is not text, or a statement it cannot read that names a watched table, as everything', () => {
    expect(localChangeTags('update "users" set "credits" = ? where "id" = ?', [1, 42])).toBe('all');
    expect(localChangeTags('vacuum users', [])).toBe('all');
    expect(localChangeTags('insert or replace into "users" ("id") values (?)', ['u1'])).toBe('all');
    expect(localChangeTags('commit', [])).toBeNull();
  });

  it('forgets what a transaction touched again when it ends, and forgets everything on an unkeyed write', () => {
    const forgotten: string[] = [];
    let everything = 0;
    const tracker = statementTracker(
      (tag) => forgotten.push(tag),
      () => {
        everything += 1;
      },
    );
    tracker.sent('begin immediate', []);
    tracker.sent('update "users" set "credits" = "credits" - ? where "id" = ?', [1, 'u1']);
    tracker.sent('update "sessions" set "last_seen_at" = ? where "token_hash" = ?', ['now', 'h1']);
    expect(forgotten).toEqual(['credits:u1', 'token:h1']);
    tracker.sent('commit', []);
    expect(forgotten).toEqual(['credits:u1', 'token:h1', 'credits:u1', 'token:h1']);
    tracker.sent('commit', []);
    expect(forgotten).toHaveLength(4);
    tracker.sent('delete from "sessions"', []);
    expect(everything).toBe(1);
  });
});
