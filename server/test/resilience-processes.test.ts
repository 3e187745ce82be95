// Resilience with real server processes (issue 9): a purchase storm killed with SIGKILL part way and
// restarted on the same database, and two processes sharing one SQLite file. Credits and items must
// survive both: every balance equals its ledger, every debit has its inventory row and vice versa.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sumLedger } from '../src/db/repositories/credits.ts';
import { expectNoDrift, PRICE, setUpStorm, storm } from './helpers/purchase-storm.ts';
import {
  type BuiltServer,
  buildServer,
  type Running,
  startServer as startBuilt,
  stopServer,
} from './helpers/server-process.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

// Its own build folder: other files build and delete theirs while these run.
let built: BuiltServer;
beforeAll(() => {
  built = buildServer('dist-test-resilience');
});
afterAll(() => built.remove());

const startServer = (h: TestHarness) => startBuilt(built.entry, h);

describe.each(dialects)('a purchase storm on %s', (dialect) => {
  let h: TestHarness;
  const running: Running[] = [];
  beforeEach(async () => {
    h = await createHarness(dialect, { startsNow: true });
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => stopServer(r, 'SIGKILL')));
    await h.close();
  });

  it('killed with SIGKILL part way and restarted keeps every credit and item', async () => {
    const credits = 40 * PRICE;
    const { itemId, buyers } = await setUpStorm(h, 20, credits);
    const first = await startServer(h);
    running.push(first);
    const statuses: number[] = [];
    const storming = storm([first.url], itemId, buyers, statuses);
    // Kill in the middle of the storm, after some purchases have gone through.
    while (statuses.length < 150) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await storming;
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await expectNoDrift(h.ctx.db, buyers, credits);

    const second = await startServer(h);
    running.push(second);
    const after: number[] = [];
    await storm([second.url], itemId, buyers, after);
    // Everyone bought until out of credits: 400 (insufficient credits) ends each loop, never a 500.
    expect(after.filter((s) => s !== 200 && s !== 400)).toEqual([]);
    await expectNoDrift(h.ctx.db, buyers, credits);
    for (const buyer of buyers) expect(await sumLedger(h.ctx.db, buyer.id)).toBe(0);
  }, 60_000);
});

describe('two server processes on one SQLite file', () => {
  let h: TestHarness;
  const running: Running[] = [];
  beforeEach(async () => {
    h = await createHarness('sqlite', { startsNow: true });
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => stopServer(r, 'SIGTERM')));
    await h.close();
  });

  it('never lets SQLITE_BUSY reach a buyer and never drifts', async () => {
    const credits = 15 * PRICE;
    const { itemId, buyers } = await setUpStorm(h, 20, credits);
    const [a, b] = await Promise.all([startServer(h), startServer(h)]);
    running.push(a, b);
    const statuses: number[] = [];
    await storm([a.url, b.url], itemId, buyers, statuses);
    expect(statuses.filter((s) => s !== 200 && s !== 400)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(buyers.length * 15);
    expect(`${a.output()}${b.output()}`).not.toContain('SQLITE_BUSY');
    await expectNoDrift(h.ctx.db, buyers, credits);
  }, 60_000);
});
