// The job runner (services/jobs/runner.ts) with a test job kind, on both dialects: retries with growing delays
// and then the dead letters an admin sees and may retry (GET /api/admin/jobs?state=dead), the lease
// and its heartbeat across two instances, one waiting job per key, and a stop that waits for the job
// in hand. The retry delay is a unit rule; the schedule (services/jobs/schedule.ts) starts and stops its tasks.
import { afterEach, describe, expect, it } from 'vitest';
import { toIso } from '../src/lib/clock.ts';
import { retryDelayMs } from '../src/services/jobs/retry-delay.ts';
import { createJobRunner, enqueue, type JobKind, reapExpiredLeases } from '../src/services/jobs/runner.ts';
import { startSchedule } from '../src/services/jobs/schedule.ts';
import { adminAndPlayer } from './helpers/admin.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const LEASE_MS = 60_000;

/** A promise the test opens when it chooses, and one the handler keeps when it has started. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

interface Echo {
  label: string;
}

/** A test job kind: three attempts, a second's backoff doubling, a minute's lease. */
function echoKind(run: JobKind<Echo>['run']): JobKind<Echo> {
  return { name: 'test.echo', run, maxAttempts: 3, leaseMs: LEASE_MS, backoff: { baseMs: 1_000, maxMs: 60_000 } };
}

describe('retryDelayMs', () => {
  const policy = { baseMs: 5_000, maxMs: 3_600_000 };

  it('doubles with each attempt, within a fifth either way, and never past the ceiling', () => {
    for (const [attempt, base] of [
      [1, 5_000],
      [2, 10_000],
      [3, 20_000],
      [8, 640_000],
    ] as const) {
      expect(retryDelayMs(attempt, policy, () => 0)).toBe(base * 0.8);
      expect(retryDelayMs(attempt, policy, () => 0.5)).toBe(base);
      expect(retryDelayMs(attempt, policy, () => 0.999_999)).toBeCloseTo(base * 1.2, 0);
    }
    expect(retryDelayMs(20, policy, () => 0.999_999)).toBe(3_600_000);
    expect(retryDelayMs(0, policy, () => 0.5)).toBe(5_000);
  });

  it('spreads the retries of jobs that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(3, policy)));
    expect(delays.size).toBeGreaterThan(40);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(16_000);
    for (const delay of delays) expect(delay).toBeLessThanOrEqual(24_000);
  });
});

describe.each(dialects)('the job runner on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  const jobRows = () =>
    h.ctx.db
      .selectFrom('jobs')
      .select(['id', 'status', 'attempts', 'run_after', 'last_error'])
      .where('kind', '=', 'test.echo')
      .execute();
  const queue = (label: string, key = label) =>
    enqueue(
      h.ctx.db,
      echoKind(async () => undefined),
      { key, payload: { label } },
      toIso(h.clock()),
    );

  it('retries with growing delays, then keeps the job as dead for admins, who may retry it', async () => {
    h = await createHarness(dialect);
    const { admin, player } = await adminAndPlayer(h);
    let failing = true;
    const seen: string[] = [];
    const kind = echoKind(async (_ctx, payload) => {
      seen.push(payload.label);
      if (failing) throw new Error('the far side is down');
    });
    const runner = createJobRunner(h.ctx, [kind]);
    await queue('first');

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await runner.runDue()).toBe(1);
      const [job] = await jobRows();
      expect(job).toMatchObject({ status: 'pending', attempts: attempt, last_error: 'Error: the far side is down' });
      const delay = Date.parse(job?.run_after as string) - h.clock().getTime();
      delays.push(delay);
      // Not before its time.
      h.clock.advance(delay - 1);
      expect(await runner.runDue()).toBe(0);
      h.clock.advance(1);
    }
    expect(delays[0]).toBeGreaterThanOrEqual(800);
    expect(delays[0]).toBeLessThanOrEqual(1_200);
    expect(delays[1]).toBeGreaterThanOrEqual(1_600);
    expect(delays[1]).toBeLessThanOrEqual(2_400);

    // The last attempt fails: the job is dead, and never runs again by itself.
    expect(await runner.runDue()).toBe(1);
    h.clock.advance(24 * 3_600_000);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual(['first', 'first', 'first']);
    const [dead] = await jobRows();
    expect(dead).toMatchObject({ status: 'failed', attempts: 3 });

    const listed = await call(h, 'GET', '/api/admin/jobs?state=dead', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.json.jobs).toEqual([
      {
        _id: dead?.id,
        kind: 'test.echo',
        key: 'first',
        status: 'failed',
        attempts: 3,
        error: 'Error: the far side is down',
        createdAt: '2026-11-22T12:00:00.000Z',
        updatedAt: expect.any(String),
      },
    ]);
    expect((await call(h, 'GET', '/api/admin/jobs?state=dead', { token: player.token })).status).toBe(403);
    const badState = await call(h, 'GET', '/api/admin/jobs?state=alive', { token: admin.token });
    expect([badState.status, badState.json.error.message]).toEqual([400, 'state must be one of: dead']);

    // The admin's retry: refused for what is not dead or does not exist, the job unchanged.
    const unknown = await call(h, 'POST', '/api/admin/jobs/nope/retry', { token: admin.token });
    expect([unknown.status, unknown.json.error.message]).toEqual([404, 'Job not found']);
    const retried = await call(h, 'POST', `/api/admin/jobs/${dead?.id}/retry`, { token: admin.token });
    expect(retried.status).toBe(200);
    expect(retried.json.job).toMatchObject({ _id: dead?.id, status: 'pending', attempts: 0, error: null });
    const again = await call(h, 'POST', `/api/admin/jobs/${dead?.id}/retry`, { token: admin.token });
    expect([again.status, again.json.error.message]).toEqual([409, 'Only a dead job can be retried']);
    expect((await call(h, 'GET', '/api/admin/jobs?state=dead', { token: admin.token })).json.jobs).toEqual([]);
    const audit = await h.ctx.db.selectFrom('audit_log').select(['action', 'target_id']).execute();
    expect(audit).toContainEqual({ action: 'job.retry', target_id: dead?.id });

    failing = false;
    expect(await runner.runDue()).toBe(1);
    expect(await jobRows()).toEqual([expect.objectContaining({ status: 'done', attempts: 1, last_error: null })]);
  });

  it('lists a dead job only until a later run of the same work succeeds', async () => {
    h = await createHarness(dialect);
    const { admin } = await adminAndPlayer(h);
    const outcomes = ['blocked', 'blocked', 'done'];
    const kind = echoKind(async () => {
      const status = outcomes.shift();
      return status === 'blocked' ? { status, error: 'needs an admin' } : undefined;
    });
    const runner = createJobRunner(h.ctx, [kind]);
    const dead = async () =>
      (await call(h, 'GET', '/api/admin/jobs?state=dead', { token: admin.token })).json.jobs.map(
        (job: { key: string; status: string; error: string }) => [job.key, job.status, job.error],
      );
    await queue('a');
    await queue('b');
    expect(await runner.runDue()).toBe(2);
    expect(await dead()).toEqual(expect.arrayContaining([['a', 'blocked', 'needs an admin']]));
    expect(await dead()).toHaveLength(2);
    h.clock.advance(1_000);
    await queue('a');
    expect(await runner.runDue()).toBe(1);
    expect(await dead()).toEqual([['b', 'blocked', 'needs an admin']]);
  });

  it('keeps a waiting job to one per key, however many ask at once', async () => {
    h = await createHarness(dialect);
    await Promise.all(Array.from({ length: 10 }, () => queue('same')));
    await queue('other');
    const rows = await h.ctx.db.selectFrom('jobs').select(['dedupe_key', 'status']).orderBy('dedupe_key').execute();
    expect(rows).toEqual([
      { dedupe_key: 'other', status: 'pending' },
      { dedupe_key: 'same', status: 'pending' },
    ]);
  });

  it('lets a heartbeat keep a long job from another instance, which takes it once the lease runs out', async () => {
    h = await createHarness(dialect);
    const other = await h.openInstance();
    const started = gate();
    const finish = gate();
    let runs = 0;
    const slow = echoKind(async () => {
      runs += 1;
      started.open();
      await finish.opened;
    });
    const quick = echoKind(async () => {
      runs += 1;
    });
    const first = createJobRunner(h.ctx, [slow]);
    const second = createJobRunner(other.ctx, [quick]);
    await queue('long');

    const running = first.runDue();
    await started.opened;
    h.clock.advance(LEASE_MS - 10_000);
    await first.heartbeat();
    h.clock.advance(LEASE_MS - 10_000);
    // Past the first lease, within the one the heartbeat extended.
    expect(await second.runDue()).toBe(0);
    finish.open();
    expect(await running).toBe(1);
    expect(await jobRows()).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })]);
    expect(runs).toBe(1);
  });

  it('gives the job of a process that stopped to another once its lease expires, and the late finish changes nothing', async () => {
    h = await createHarness(dialect);
    const other = await h.openInstance();
    const started = gate();
    const finish = gate();
    const stuck = echoKind(async () => {
      started.open();
      await finish.opened;
      return { status: 'blocked', error: 'finished late' };
    });
    const first = createJobRunner(h.ctx, [stuck]);
    const second = createJobRunner(other.ctx, [echoKind(async () => undefined)]);
    await queue('stranded');

    const running = first.runDue();
    await started.opened;
    h.clock.advance(LEASE_MS);
    expect(await second.runDue()).toBe(0);
    h.clock.advance(1);
    expect(await second.runDue()).toBe(1);
    finish.open();
    await running;
    expect(await jobRows()).toEqual([expect.objectContaining({ status: 'done', attempts: 2, last_error: null })]);
    expect(h.logs).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'jobs.lease_lost', kind: 'test.echo' }),
    );
  });

  it('dead-letters a job whose process stopped during its last attempt, instead of running it again', async () => {
    h = await createHarness(dialect);
    const { admin } = await adminAndPlayer(h);
    const started = gate();
    const stuck = {
      ...echoKind(async () => {
        started.open();
        await new Promise(() => {});
      }),
      maxAttempts: 1,
    };
    const first = createJobRunner(h.ctx, [stuck]);
    await queue('poison');
    void first.runDue();
    await started.opened;
    h.clock.advance(LEASE_MS + 1);
    const second = createJobRunner(h.ctx, [{ ...echoKind(async () => undefined), maxAttempts: 1 }]);
    expect(await second.runDue()).toBe(0);
    expect(await reapExpiredLeases(h.ctx, [stuck])).toBe(1);
    const dead = (await call(h, 'GET', '/api/admin/jobs?state=dead', { token: admin.token })).json.jobs;
    expect(dead).toEqual([
      expect.objectContaining({
        key: 'poison',
        status: 'failed',
        attempts: 1,
        error: 'The process running its last attempt stopped',
      }),
    ]);
  });

  it('stops taking jobs at stop, and resolves once the job in hand has finished', async () => {
    h = await createHarness(dialect);
    const started = gate();
    const finish = gate();
    const kind = echoKind(async () => {
      started.open();
      await finish.opened;
    });
    const runner = createJobRunner(h.ctx, [kind], { pollMs: 3_600_000 });
    runner.start();
    expect(runner.running()).toBe(true);
    await queue('in hand');
    runner.kick();
    await started.opened;
    await queue('next');

    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    expect(runner.running()).toBe(false);
    // A round trip to the database: the runner has had time to finish, had it not waited.
    await jobRows();
    expect(stopped).toBe(false);
    finish.open();
    await stopping;
    const rows = await h.ctx.db.selectFrom('jobs').select(['dedupe_key', 'status']).orderBy('dedupe_key').execute();
    expect(rows).toEqual([
      { dedupe_key: 'in hand', status: 'done' },
      { dedupe_key: 'next', status: 'pending' },
    ]);
  });
});

describe('the schedule', () => {
  it('runs what runs at start, skips what does not apply, and waits for a task in flight at stop', async () => {
    const h = await createHarness('sqlite');
    try {
      const finish = gate();
      const ran: string[] = [];
      const schedule = startSchedule(h.ctx, [
        {
          name: 'test.at_start',
          everyMs: 3_600_000,
          atStart: true,
          run: async () => {
            ran.push('at start');
            await finish.opened;
          },
        },
        { name: 'test.later', everyMs: 3_600_000, run: async () => ran.push('later') },
        {
          name: 'test.elsewhere',
          everyMs: 3_600_000,
          atStart: true,
          when: () => false,
          run: async () => ran.push('x'),
        },
      ]);
      expect(ran).toEqual(['at start']);
      let stopped = false;
      const stopping = schedule.stop().then(() => {
        stopped = true;
      });
      await h.ctx.db.selectFrom('jobs').selectAll().execute();
      expect(stopped).toBe(false);
      finish.open();
      await stopping;
      expect(ran).toEqual(['at start']);
    } finally {
      await h.close();
    }
  });

  it('logs a task that failed on the database being away as a warning, any other failure as an error', async () => {
    const h = await createHarness('sqlite');
    try {
      const away = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
      const schedule = startSchedule(h.ctx, [
        { name: 'test.outage', everyMs: 3_600_000, atStart: true, run: () => Promise.reject(away) },
        { name: 'test.fault', everyMs: 3_600_000, atStart: true, run: () => Promise.reject(new TypeError('a bug')) },
      ]);
      await schedule.stop();
      const failures = h.logs
        .filter((line) => String(line.msg).startsWith('test.'))
        .map((line) => [line.level, line.msg, line.error]);
      expect(failures).toEqual([
        ['warn', 'test.outage_failed', 'Error: Connection terminated unexpectedly'],
        ['error', 'test.fault_failed', 'TypeError: a bug'],
      ]);
    } finally {
      await h.close();
    }
  });
});
