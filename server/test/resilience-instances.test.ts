// Several server processes behind one address, as a load balancer runs them: three on one PostgreSQL
// database (images, rate limits, start-up, sessions and admin rights shared through it), and one
// process taking SIGTERM under load (it drains: no request cut, exit code 0).
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../src/services/admin/administrators.ts';
import { registerPlayer } from './helpers/http.ts';
import {
  type BuiltServer,
  buildServer,
  callServer,
  isAlive,
  type Running,
  startServer,
  stopServer,
} from './helpers/server-process.ts';
import { createHarness, type TestHarness, testDatabaseUrl } from './helpers/test-context.ts';

let built: BuiltServer;
beforeAll(() => {
  built = buildServer('dist-test-resilience-instances');
});
afterAll(() => built.remove());

describe.skipIf(!testDatabaseUrl)('three server processes on one PostgreSQL database', () => {
  let h: TestHarness;
  const running: Running[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => stopServer(r, 'SIGKILL')));
    await h?.close();
  });

  const startThree = (env: Record<string, string> = {}) =>
    Promise.all([0, 1, 2].map(() => startServer(built.entry, h, env))).then((list) => {
      running.push(...list);
      return list;
    });

  it('start at once on an empty database with ADMIN_EMAIL: one administrator, one catalogue, all three serving', async () => {
    h = await createHarness('postgres', { startsNow: true });
    const servers = await startThree({
      ADMIN_EMAIL: 'captain@example.com',
      ADMIN_PASSWORD: 'Orbital-Drift-42',
      SEED_CATALOGUE: 'true',
    });
    const admins = await h.ctx.db.selectFrom('users').select(['email', 'is_admin']).execute();
    expect(admins).toEqual([{ email: 'captain@example.com', is_admin: 1 }]);
    for (const server of servers) {
      expect(isAlive(server)).toBe(true);
      expect((await callServer(server.url, '/api/health/ready')).status).toBe(200);
      const login = await callServer(server.url, '/api/auth/login', {
        method: 'POST',
        body: { email: 'captain@example.com', password: 'Orbital-Drift-42' },
      });
      expect(login.status).toBe(200);
    }
    const names = (await callServer(servers[0]?.url as string, '/api/shop/categories')).json.categories.map(
      (c: { name: string }) => c.name,
    );
    expect(new Set(names).size).toBe(names.length);
  }, 90_000);

  it('share images, rate limits, sign-outs and admin rights', async () => {
    h = await createHarness('postgres', {
      startsNow: true,
      env: { LOGIN_LIMIT_PER_ADDRESS: '6', TRUST_PROXY: 'true' },
    });
    const admin = await registerPlayer(h);
    await grantAdmin(h.ctx, admin.user.email, 'test');
    const player = await registerPlayer(h);
    // No wait between the failed guesses below (FAILED_LOGIN_DELAY_AFTER): this is about the address's limit.
    const [a, b, c] = (await startThree({
      LOGIN_LIMIT_PER_ADDRESS: '6',
      FAILED_LOGIN_DELAY_AFTER: '10',
      TRUST_PROXY: 'true',
    })) as [Running, Running, Running];

    // An image uploaded through one instance is served, byte for byte, by the others.
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3af' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ship.png');
    const uploaded = await fetch(`${a.url}/api/shop/admin/images/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    const fromA = Buffer.from(await (await fetch(`${a.url}${imageUrl}`)).arrayBuffer());
    for (const other of [b, c]) {
      const res = await fetch(`${other.url}${imageUrl}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(fromA)).toBe(true);
    }

    // A login limit of 6 per address is 6 in total, wherever the attempts land.
    const from = { 'X-Forwarded-For': '203.0.113.50' };
    const body = { email: player.user.email, password: 'not-the-password' };
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const server = [a, b, c][i % 3] as Running;
      statuses.push((await callServer(server.url, '/api/auth/login', { method: 'POST', body, headers: from })).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429, 429]);

    // A sign-out on one instance is seen by another within a second (its session read was kept).
    expect((await callServer(b.url, '/api/auth/me', { token: player.token })).status).toBe(200);
    expect((await callServer(b.url, '/api/auth/me', { token: player.token })).status).toBe(200);
    expect((await callServer(a.url, '/api/auth/logout', { method: 'POST', token: player.token })).status).toBeLessThan(
      300,
    );
    const deadline = Date.now() + 1000;
    let seen = 0;
    while (Date.now() < deadline && seen !== 401) {
      seen = (await callServer(b.url, '/api/auth/me', { token: player.token })).status;
    }
    expect(seen).toBe(401);

    // A demotion on one instance refuses the next admin call on another.
    const second = await registerPlayer(h);
    await grantAdmin(h.ctx, second.user.email, 'test');
    expect((await callServer(c.url, '/api/admin/users', { token: second.token })).status).toBe(200);
    const demote = await callServer(a.url, `/api/admin/users/${second.user._id}/admin`, {
      method: 'PATCH',
      token: admin.token,
      body: { isAdmin: false },
    });
    expect(demote.status).toBe(200);
    expect((await callServer(c.url, '/api/admin/users', { token: second.token })).status).toBe(403);
  }, 90_000);
});

describe('SIGTERM under load', () => {
  let h: TestHarness;
  afterEach(async () => h?.close());

  it('drains: readiness turns 503, every request in flight is answered, keep-alive closes, exit code 0', async () => {
    h = await createHarness('sqlite', { startsNow: true });
    const players = await Promise.all([0, 1, 2, 3, 4].map(() => registerPlayer(h)));
    const server = await startServer(built.entry, h, { SHUTDOWN_TIMEOUT_MS: '10000' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 30 });
    const url = new URL(server.url);
    let stopping = false;
    const answered: number[] = [];
    const cut: string[] = [];
    /**
     * One request. A cut is an answer that began and did not finish. A connection refused or reset
     * before any answer (the listener closed, a socket still in the kernel's accept queue, an idle
     * keep-alive socket closed as the request went out) never reached the server, which says below
     * that it answered every request it took.
     */
    const request = (path: string, token: string) =>
      new Promise<void>((resolve) => {
        const req = http.request(
          { host: url.hostname, port: url.port, path, agent, headers: { Authorization: `Bearer ${token}` } },
          (res) => {
            res.resume();
            res.on('end', () => {
              answered.push(res.statusCode ?? 0);
              resolve();
            });
            res.on('error', (error) => {
              cut.push(`response: ${error.message}`);
              resolve();
            });
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ECONNREFUSED' && error.code !== 'ECONNRESET') cut.push(`${error.code}: ${error.message}`);
          resolve();
        });
        req.end();
      });
    const loops = Array.from({ length: 30 }, async (_, i) => {
      const token = (players[i % players.length] as { token: string }).token;
      while (!stopping) {
        const before = answered.length;
        await request(i % 2 ? '/api/auth/me' : '/api/shop/items', token);
        if (answered.length === before) await new Promise((r) => setTimeout(r, 10));
        if (!isAlive(server)) break;
      }
    });
    while (answered.length < 300) await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGTERM');
    // The signal reaches the process on its own time: a request already on its way may be answered
    // before the handler runs. Readiness is asked once the server has said it is stopping.
    while (!server.output().includes('"msg":"server.stopping"') && isAlive(server)) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const ready = await fetch(`${server.url}/api/health/ready`).then(
      (res) => res.status,
      () => 'refused',
    );
    const code = await server.exited;
    stopping = true;
    await Promise.all(loops);
    agent.destroy();
    expect(code).toBe(0);
    expect(cut).toEqual([]);
    expect(answered.filter((s) => s !== 200)).toEqual([]);
    // Either the drain was already seen (503) or the listener had closed (refused): never 200 once asked to stop.
    expect([503, 'refused']).toContain(ready);
    // The server's own count: every request it took was answered before it exited.
    const stopped = server
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"server.stopped"'));
    expect(JSON.parse(stopped as string)).toMatchObject({ clean: true, inFlight: 0 });
  }, 60_000);

  it('keeps serving through SHUTDOWN_DELAY_MS with readiness 503, so a load balancer can look away first', async () => {
    h = await createHarness('sqlite', { startsNow: true });
    const server = await startServer(built.entry, h, { SHUTDOWN_DELAY_MS: '2000' });
    // The site settings twice: the second is answered from memory, before the router (hot-reads.ts),
    // as the next ones will be during the delay.
    for (const _ of [1, 2]) expect((await callServer(server.url, '/api/shop/site-settings')).status).toBe(200);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ready = await callServer(server.url, '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.json.error.message).toContain('the server is shutting down');
    // A new connection is still taken and answered, told to close afterwards.
    const items = await callServer(server.url, '/api/shop/items');
    expect(items.status).toBe(200);
    expect(items.headers.get('connection')).toBe('close');
    // A hot read too: it is written at once, and the drain's header must still be on it (a header set
    // after the answer was written crashed the process here, cutting every request in flight).
    const settings = await callServer(server.url, '/api/shop/site-settings');
    expect(settings.status).toBe(200);
    expect(settings.headers.get('connection')).toBe('close');
    expect(await server.exited).toBe(0);
  }, 30_000);
});
