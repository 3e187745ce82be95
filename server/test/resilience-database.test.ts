// The database failing under a real server process on PostgreSQL, through a proxy the test controls
// (helpers/tcp-fault-proxy.ts): every backend terminated, connections reset, new connections refused
// for 5 s, and a stall longer than the statement timeout. Each time the process stays alive, calls
// during the fault answer 503 with Retry-After and the error envelope, calls after it succeed by
// themselves, and no balance drifts from its ledger. On SQLite: a full disk and a read-only
// database answer 503 with the real cause in the log.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, registerPlayer } from './helpers/http.ts';
import { type Buyer, expectNoDrift, PRICE, setUpStorm, storm } from './helpers/purchase-storm.ts';
import {
  type BuiltServer,
  buildServer,
  callServer,
  isAlive,
  type Running,
  type ServerAnswer,
  startServer,
  stopServer,
} from './helpers/server-process.ts';
import { type FaultProxy, startFaultProxy } from './helpers/tcp-fault-proxy.ts';
import { createHarness, type TestHarness, testDatabaseUrl } from './helpers/test-context.ts';

const STATEMENT_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 1000;

const buy = (url: string, buyer: Buyer, itemId: string) =>
  callServer(url, '/api/shop/purchase', { method: 'POST', token: buyer.token, body: { itemId, quantity: 1 } });

function expectUnavailable(answer: ServerAnswer) {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(answer.json?.error?.code).toBe('service_unavailable');
  expect(typeof answer.json?.error?.message).toBe('string');
}

/** Polls until `check` passes, for recovery that happens by itself shortly after a fault. */
async function eventually(check: () => Promise<boolean>, within = 20_000): Promise<void> {
  const deadline = Date.now() + within;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('did not recover in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!testDatabaseUrl)('a server process on PostgreSQL when the database fails', () => {
  let built: BuiltServer;
  let h: TestHarness;
  let proxy: FaultProxy;
  let server: Running;
  let itemId: string;
  let buyers: Buyer[];
  const credits = 30 * PRICE;

  beforeAll(() => {
    built = buildServer('dist-test-resilience-db');
  });
  afterAll(() => built.remove());

  beforeEach(async () => {
    h = await createHarness('postgres', { startsNow: true });
    ({ itemId, buyers } = await setUpStorm(h, 8, credits));
    const direct = new URL(h.databaseUrl);
    proxy = await startFaultProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(h.databaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startServer(built.entry, h, {
      DATABASE_URL: viaProxy.toString(),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    });
    // Warm: the pool holds connections and the session reads are kept, as on a live server.
    for (const buyer of buyers)
      expect((await callServer(server.url, '/api/auth/me', { token: buyer.token })).status).toBe(200);
  });

  afterEach(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await proxy?.close();
    await h?.close();
  });

  /** After the fault: alive, serving again by itself, and every credit where it should be. */
  async function expectRecovered() {
    await eventually(async () => (await callServer(server.url, '/api/health/ready')).status === 200);
    expect((await callServer(server.url, '/api/auth/me', { token: buyers[0]?.token })).status).toBe(200);
    const after = await buy(server.url, buyers[0] as Buyer, itemId);
    expect([200, 400]).toContain(after.status);
    expect(isAlive(server)).toBe(true);
    await expectNoDrift(h.ctx.db, buyers, credits);
  }

  it('survives every backend terminated (pg_terminate_backend) during a purchase storm', async () => {
    const statuses: number[] = [];
    const storming = storm([server.url], itemId, buyers, statuses, () => false, { keepGoingOn: [503] });
    const admin = new pg.Client({ connectionString: testDatabaseUrl as string });
    await admin.connect();
    const database = new URL(h.databaseUrl).pathname.slice(1);
    try {
      for (let round = 0; round < 3; round += 1) {
        while (statuses.length < 20 * (round + 1)) await pause(5);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
      }
    } finally {
      await admin.end();
    }
    await storming;
    // A purchase is bought, refused for lack of credits, or told to try again: never a 500.
    expect(statuses.filter((s) => s !== 200 && s !== 400 && s !== 503)).toEqual([]);
    expect(isAlive(server)).toBe(true);
    await expectRecovered();
  }, 90_000);

  it('survives every connection reset during a purchase storm', async () => {
    const statuses: number[] = [];
    const storming = storm([server.url], itemId, buyers, statuses, () => false, { keepGoingOn: [503] });
    for (let round = 0; round < 3; round += 1) {
      while (statuses.length < 20 * (round + 1)) await pause(5);
      proxy.reset();
    }
    await storming;
    expect(statuses.filter((s) => s !== 200 && s !== 400 && s !== 503)).toEqual([]);
    expect(isAlive(server)).toBe(true);
    await expectRecovered();
  }, 90_000);

  it('answers 503 while the database refuses connections for 5 s, then serves again by itself', async () => {
    await proxy.refuse();
    const refusedAt = Date.now();
    const buyer = buyers[1] as Buyer;
    expectUnavailable(await callServer(server.url, '/api/auth/me', { token: buyer.token }));
    expectUnavailable(await buy(server.url, buyer, itemId));
    const ready = await callServer(server.url, '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.json.checks.database).toBe('unreachable');
    expect((await callServer(server.url, '/api/health/live')).status).toBe(200);
    await pause(Math.max(0, 5000 - (Date.now() - refusedAt)));
    expectUnavailable(await callServer(server.url, '/api/shop/items'));
    await proxy.pass();
    await expectRecovered();
  }, 60_000);

  it('answers 503 within the timeouts while the database stalls, readiness within a second, then recovers', async () => {
    // A player whose session this process has not read yet: the read must reach the database (a
    // session already in memory may be answered from there, until a change is heard).
    const newcomer = await registerPlayer(h);
    proxy.stall();
    const buyer = buyers[2] as Buyer;
    const [me, purchase, items] = await Promise.all([
      callServer(server.url, '/api/auth/me', { token: newcomer.token }),
      buy(server.url, buyer, itemId),
      callServer(server.url, '/api/shop/items'),
    ]);
    expectUnavailable(me);
    expectUnavailable(purchase);
    expectUnavailable(items);
    const ready = await callServer(server.url, '/api/health/ready', { timeoutMs: 3000 });
    expect(ready.status).toBe(503);
    expect(ready.json.error.message).toContain('the database did not answer within 800 ms');
    expect((await callServer(server.url, '/api/health/live', { timeoutMs: 3000 })).status).toBe(200);
    await pause(STATEMENT_TIMEOUT_MS * 2);
    await proxy.pass();
    await expectRecovered();
    // The purchase that was told to try again took nothing.
    expect(server.output()).not.toContain('"level":"error"');
  }, 60_000);
});

describe('SQLite that cannot write', () => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness('sqlite', { startsNow: true });
  });
  afterEach(async () => h.close());

  const register = () =>
    call(h, 'POST', '/api/auth/register', {
      body: {
        email: `full${Date.now()}@example.com`,
        username: `full_${Date.now() % 100000}`,
        password: 'Orbital-Drift-42',
      },
    });

  it('answers 503 on a full disk, logs the real cause (not "cannot rollback") and writes nothing half', async () => {
    // The file may not grow; filler rows take the free pages, then sign-ups fill what room is left.
    await sql`create table filler (text text)`.execute(h.ctx.db);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(h.ctx.db);
    await sql.raw(`pragma max_page_count = ${Number(rows[0]?.page_count) + 2}`).execute(h.ctx.db);
    for (let full = false; !full; ) {
      full = await sql`insert into filler values (${'x'.repeat(500)})`.execute(h.ctx.db).then(
        () => false,
        () => true,
      );
    }
    let res = await register();
    let signedUp = 0;
    while (res.status === 201 && signedUp < 200) {
      signedUp += 1;
      res = await register();
    }
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.json.error.code).toBe('service_unavailable');
    const line = h.logs.find((l) => l.msg === 'db.unavailable') as { error: { code: string; message: string } };
    expect(line.error.code).toBe('SQLITE_FULL');
    expect(line.error.message).toMatch(/full/);
    expect(JSON.stringify(h.logs)).not.toContain('cannot rollback');
    // Every account made has its session; the refused one left neither.
    expect(await h.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(signedUp);
    expect(await h.ctx.db.selectFrom('sessions').select('user_id').execute()).toHaveLength(signedUp);
  });

  it('answers 503 on a read-only database and logs the real cause', async () => {
    await sql`pragma query_only = 1`.execute(h.ctx.db);
    const res = await register();
    expect(res.status).toBe(503);
    const line = h.logs.find((l) => l.msg === 'db.unavailable') as { error: { code: string } };
    expect(line.error.code).toMatch(/^SQLITE_READONLY/);
  });
});
