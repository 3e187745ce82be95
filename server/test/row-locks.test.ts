// Row locks are the database layer's to decide: repositories ask for FOR UPDATE, PostgreSQL takes the
// lock, and SQLite (no row locks; its write transactions begin IMMEDIATE, one at a time) leaves the
// clause out. No caller says which dialect it runs on.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockUserCredits } from '../src/db/repositories/users.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('row locks on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('runs a locking read on either dialect, with FOR UPDATE only where the database has row locks', async () => {
    const player = await registerPlayer(h);
    const query = h.ctx.db.selectFrom('users').select('credits').where('id', '=', player.user._id).forUpdate();
    expect(query.compile().sql.includes('for update')).toBe(dialect === 'postgres');
    const rows = await inTransaction(h.ctx.db, (trx) =>
      trx.selectFrom('users').select('credits').where('id', '=', player.user._id).forUpdate().execute(),
    );
    expect(rows).toEqual([{ credits: 0 }]);
  });

  it.runIf(dialect === 'postgres')('holds the row a repository locked until its transaction ends', async () => {
    const player = await registerPlayer(h);
    const id = player.user._id;
    const tryLock = () => h.ctx.db.selectFrom('users').select('id').where('id', '=', id).forUpdate().noWait().execute();
    await inTransaction(h.ctx.db, async (trx) => {
      expect(await lockUserCredits(trx, id)).toBe(0);
      // Another connection cannot take the row while this transaction holds it (55P03: lock not available).
      await expect(tryLock()).rejects.toMatchObject({ code: '55P03' });
    });
    await expect(tryLock()).resolves.toEqual([{ id }]);
  });
});
