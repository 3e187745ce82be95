// Resilience with real server processes (issue 9): a purchase storm killed with SIGKILL part way and
// restarted on the same database, and two processes sharing one SQLite file. Credits and items must
// survive both: every balance equals its ledger, every debit has its inventory row and vice versa.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sumLedger } from '../src/db/repositories/credits.ts';
import { addCategory, addItem, grantCredits } from './helpers/catalogue-factories.ts';
import { registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
// Its own build folder: admin-cli.test.ts builds and deletes dist-test while these files may run.
const outdir = 'dist-test-resilience';
const entry = path.join(serverDir, outdir, 'index.js');

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', `--outdir=${outdir}`], { cwd: serverDir });
});
afterAll(() => {
  fs.rmSync(path.join(serverDir, outdir), { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the built server on the harness's database and resolves once it listens. */
function startServer(h: TestHarness): Promise<Running> {
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: h.dataDir,
      DATABASE_URL: h.databaseUrl,
      SITE_DIR: path.join(h.dataDir, 'no-site'),
      SEED_CATALOGUE: 'false',
      LOG_LEVEL: 'info',
      STRIPE_SECRET_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 15_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"msg":"server\.listening".*?"port":(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

function stopServer(running: Running, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) return resolve();
    running.child.once('exit', () => resolve());
    running.child.kill(signal);
  });
}

interface Buyer {
  id: string;
  token: string;
}

const PRICE = 10;

async function setUp(h: TestHarness, buyers: number, credits: number) {
  await addCategory(h, { slug: 'ships' });
  const item = await addItem(h, { name: 'Storm Drone', price_credits: PRICE, discount: 0 });
  const list: Buyer[] = [];
  for (let i = 0; i < buyers; i += 1) {
    const player = await registerPlayer(h);
    await grantCredits(h, player.user._id, credits);
    list.push({ id: player.user._id, token: player.token });
  }
  return { itemId: item.id, buyers: list };
}

/** Each buyer buys in a loop until out of credits, the server is gone, or `stop()` says so. */
async function storm(urls: string[], itemId: string, buyers: Buyer[], statuses: number[], stop = () => false) {
  await Promise.all(
    buyers.map(async (buyer, index) => {
      const url = urls[index % urls.length];
      for (;;) {
        if (stop()) return;
        let status: number;
        try {
          const res = await fetch(`${url}/api/shop/purchase`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${buyer.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ itemId, quantity: 1 }),
          });
          status = res.status;
          await res.text();
        } catch {
          return; // The process was killed under us.
        }
        statuses.push(status);
        if (status !== 200) return;
      }
    }),
  );
}

/** The invariants: balance = ledger and never below 0, one debit per inventory row and back. */
async function expectNoDrift(h: TestHarness, buyers: Buyer[], credits: number) {
  for (const buyer of buyers) {
    const user = await h.ctx.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    const balance = Number(user.credits);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await sumLedger(h.ctx.db, buyer.id)).toBe(balance);
    const debits = await h.ctx.db
      .selectFrom('credit_ledger')
      .select(['reference', 'delta'])
      .where('user_id', '=', buyer.id)
      .where('reason', '=', 'credit_purchase')
      .execute();
    const entries = await h.ctx.db
      .selectFrom('inventory_entries')
      .select('id')
      .where('user_id', '=', buyer.id)
      .where('acquired_method', '=', 'credit_purchase')
      .execute();
    expect(debits.map((d) => d.reference).sort()).toEqual(entries.map((e) => e.id).sort());
    expect(debits.every((d) => Number(d.delta) === -PRICE)).toBe(true);
    expect(balance).toBe(credits - PRICE * entries.length);
  }
}

describe.each(dialects)('a purchase storm on %s', (dialect) => {
  let h: TestHarness;
  const running: Running[] = [];
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => stopServer(r, 'SIGKILL')));
    await h.close();
  });

  it('killed with SIGKILL part way and restarted keeps every credit and item', async () => {
    const credits = 40 * PRICE;
    const { itemId, buyers } = await setUp(h, 20, credits);
    const first = await startServer(h);
    running.push(first);
    const statuses: number[] = [];
    const storming = storm([first.url], itemId, buyers, statuses);
    // Kill in the middle of the storm, after some purchases have gone through.
    while (statuses.length < 150) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await storming;
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await expectNoDrift(h, buyers, credits);

    const second = await startServer(h);
    running.push(second);
    const after: number[] = [];
    await storm([second.url], itemId, buyers, after);
    // Everyone bought until out of credits: 400 (insufficient credits) ends each loop, never a 500.
    expect(after.filter((s) => s !== 200 && s !== 400)).toEqual([]);
    await expectNoDrift(h, buyers, credits);
    for (const buyer of buyers) expect(await sumLedger(h.ctx.db, buyer.id)).toBe(0);
  }, 60_000);
});

describe('two server processes on one SQLite file', () => {
  let h: TestHarness;
  const running: Running[] = [];
  beforeEach(async () => {
    h = await createHarness('sqlite');
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => stopServer(r, 'SIGTERM')));
    await h.close();
  });

  it('never lets SQLITE_BUSY reach a buyer and never drifts', async () => {
    const credits = 15 * PRICE;
    const { itemId, buyers } = await setUp(h, 20, credits);
    const [a, b] = await Promise.all([startServer(h), startServer(h)]);
    running.push(a, b);
    const statuses: number[] = [];
    await storm([a.url, b.url], itemId, buyers, statuses);
    expect(statuses.filter((s) => s !== 200 && s !== 400)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(buyers.length * 15);
    expect(`${a.output()}${b.output()}`).not.toContain('SQLITE_BUSY');
    await expectNoDrift(h, buyers, credits);
  }, 60_000);
});
