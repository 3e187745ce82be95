// The public catalogue's kept answers go out before the router (src/hot-reads.ts). Served by Node as
// in production, each must be the app's own answer to the same call: the same bytes in the form the
// client accepts, the same headers (security, no-store, type, encoding, Vary; HSTS and a proxy's id
// behind a trusted proxy), an id of its own and its log line; and what the middleware could treat
// otherwise (the console's origin, a query, HEAD, another method) must still reach the app.
import type http from 'node:http';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sqliteFile } from '../src/boot.ts';
import { type Fetch, withHotReads } from '../src/hot-reads.ts';
import { addCategory, addItem, addTier } from './helpers/catalogue-factories.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { rawRequest, type Served, serveHarness } from './helpers/node-server.ts';
import { createHarness, dialects, type HarnessOptions, type TestHarness } from './helpers/test-context.ts';

const SANE_ID = /^[A-Za-z0-9._-]{1,100}$/;
const HOT_PATHS = ['/api/shop/site-settings', '/api/shop/categories', '/api/shop/items', '/api/tiers'];
const ME = '/api/auth/me';
const FORMS: Record<string, string>[] = [{ 'accept-encoding': 'gzip, br' }, { 'accept-encoding': 'gzip' }, {}];
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface ServedWithSpy extends Served {
  /** The app's own fetch, behind the hot reads: the calls that reached it. */
  reachedApp: ReturnType<typeof vi.fn>;
}

let served: ServedWithSpy | null = null;
afterEach(async () => {
  await served?.close();
  served = null;
});

async function start(dialect: (typeof dialects)[number], options: HarnessOptions = {}): Promise<ServedWithSpy> {
  const h = await createHarness(dialect, { ...options, env: { CATALOGUE_CACHE_MS: '600000', ...options.env } });
  // The app's fetch already answers hot reads first; a second layer in front shows which calls it answers.
  const reachedApp = vi.fn(h.app.fetch as Fetch);
  served = { ...(await serveHarness(h, withHotReads(h.ctx, reachedApp))), reachedApp };
  return served;
}

const raw = rawRequest;

/** The headers that say what an answer is, without those that differ between any two calls. */
function lasting(headers: http.IncomingHttpHeaders) {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

async function seedCatalogue(h: TestHarness) {
  await addCategory(h, { slug: 'ships' });
  await addTier(h, { name: 'Captain' });
  // Enough items for the list to be over 1 KB: kept compressed.
  for (let i = 0; i < 8; i += 1) await addItem(h, { name: `Hot Item ${i}`, description: 'x'.repeat(120) });
}

describe.each(dialects)('hot reads on %s', (dialect) => {
  it("answer the public catalogue from memory with the app's own answer, in each form a client accepts", async () => {
    const { h, url, reachedApp } = await start(dialect);
    await seedCatalogue(h);
    const ids = new Set<string>();
    for (const path of HOT_PATHS) {
      const forms: Record<string, string>[] = [{ 'accept-encoding': 'gzip, br' }, { 'accept-encoding': 'gzip' }, {}];
      for (const accepts of forms) {
        // A query sends the call through the app (the items' route ignores one it does not know).
        const made = await raw(`${url}${path}?via=app`, accepts);
        const calls = reachedApp.mock.calls.length;
        const kept = await raw(`${url}${path}`, accepts);
        expect(reachedApp.mock.calls.length, `${path} answered before the app`).toBe(calls);
        expect(kept.status, path).toBe(200);
        expect(lasting(kept.headers), `${path} ${JSON.stringify(accepts)}`).toEqual(lasting(made.headers));
        expect(kept.body.equals(made.body), path).toBe(true);
        for (const res of [made, kept]) {
          expect(res.headers['x-request-id'], path).toMatch(SANE_ID);
          ids.add(res.headers['x-request-id'] as string);
        }
      }
    }
    expect(ids.size).toBe(HOT_PATHS.length * 3 * 2);
    // What the forms are: the items over 1 KB compressed as the client prefers, the rest as they are.
    const items = await raw(`${url}/api/shop/items`, { 'accept-encoding': 'gzip, br' });
    expect([items.headers['content-encoding'], items.headers.vary]).toEqual(['br', 'Accept-Encoding']);
    const tiers = await raw(`${url}/api/tiers`, { 'accept-encoding': 'gzip, br' });
    expect([tiers.headers['content-encoding'], tiers.headers['cache-control']]).toEqual([undefined, 'no-store']);
    expect(tiers.headers['x-frame-options']).toBe('DENY');
    expect(JSON.parse(tiers.body.toString()).tiers.map((t: { name: string }) => t.name)).toEqual(['Captain']);
  });

  it("take HSTS and a proxy's id from a trusted proxy, and log the call's line with its id", async () => {
    const { h, url, reachedApp } = await start(dialect, { env: { TRUST_PROXY: 'true' } });
    await seedCatalogue(h);
    const asked = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'edge-7' };
    const made = await raw(`${url}/api/tiers?via=app`, asked);
    const calls = reachedApp.mock.calls.length;
    h.logs.length = 0;
    const kept = await raw(`${url}/api/tiers`, asked);
    expect(reachedApp.mock.calls.length).toBe(calls);
    expect(lasting(kept.headers)).toEqual(lasting(made.headers));
    expect(kept.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(kept.headers['x-request-id']).toBe('edge-7');
    expect(h.logs).toEqual([
      expect.objectContaining({
        msg: 'request',
        requestId: 'edge-7',
        method: 'GET',
        path: '/api/tiers',
        status: 200,
        address: '203.0.113.9',
      }),
    ]);
  });

  it('leave to the app what its middleware treats otherwise: the console, HEAD, other methods, other spellings', async () => {
    const { h, url, reachedApp } = await start(dialect);
    await seedCatalogue(h);
    await raw(`${url}/api/tiers`);
    const reached = () => reachedApp.mock.calls.length;

    let before = reached();
    const fromConsole = await raw(`${url}/api/tiers`, { origin: 'app://console' });
    expect(reached()).toBe(before + 1);
    expect([fromConsole.status, fromConsole.headers['access-control-allow-origin']]).toEqual([200, 'app://console']);

    before = reached();
    const head = await raw(`${url}/api/tiers`, {}, 'HEAD');
    expect([reached(), head.status, head.body.length]).toEqual([before + 1, 200, 0]);

    before = reached();
    const post = await raw(`${url}/api/tiers`, { 'content-type': 'application/json' }, 'POST');
    expect([reached(), post.status]).toEqual([before + 1, 401]);

    for (const path of ['/api/tiers/', '/API/tiers', '/api/shop/items?category=ships']) {
      before = reached();
      const other = await raw(`${url}${path}`);
      expect(reached(), path).toBe(before + 1);
      expect(other.headers['x-request-id'], path).toMatch(SANE_ID);
    }
  });

  it('answer nothing kept when the cache is off: every call reaches the app', async () => {
    const { h, url, reachedApp } = await start(dialect, { env: { CATALOGUE_CACHE_MS: '0' } });
    await seedCatalogue(h);
    for (const path of HOT_PATHS) {
      const before = reachedApp.mock.calls.length;
      await raw(`${url}${path}`);
      await raw(`${url}${path}`);
      expect(reachedApp.mock.calls.length, path).toBe(before + 2);
    }
  });

  describe('GET /api/auth/me', () => {
    /** The next /me with `token`: whether it was answered before the app, and what it answered. */
    async function me(served: ServedWithSpy, token: string, extra: Record<string, string> = {}) {
      const before = served.reachedApp.mock.calls.length;
      const res = await raw(`${served.url}${ME}`, { ...bearer(token), ...extra });
      return { ...res, hot: served.reachedApp.mock.calls.length === before };
    }

    /**
     * Until a /me with `token` is answered before the app: the app's read is kept, and on PostgreSQL
     * the notices of the writes before it (sign-up, the last-seen write) have arrived and been applied.
     */
    async function untilHot(served: ServedWithSpy, token: string) {
      await expect.poll(async () => (await me(served, token)).hot, { timeout: 5000 }).toBe(true);
    }

    it("answers a kept session with the app's own answer, byte for byte, in every encoding, with its log line", async () => {
      const served = await start(dialect);
      const { h, url } = served;
      const player = await registerPlayer(h);
      await untilHot(served, player.token);
      for (const accepts of FORMS) {
        const made = await raw(`${url}${ME}?via=app`, { ...bearer(player.token), ...accepts });
        h.logs.length = 0;
        const kept = await me(served, player.token, accepts);
        expect(kept.hot, JSON.stringify(accepts)).toBe(true);
        expect(kept.status).toBe(200);
        expect(lasting(kept.headers)).toEqual(lasting(made.headers));
        expect(kept.body.equals(made.body)).toBe(true);
        expect(kept.headers['x-request-id']).toMatch(SANE_ID);
        expect(kept.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
        expect(h.logs).toEqual([
          expect.objectContaining({ msg: 'request', method: 'GET', path: ME, status: 200, userId: player.user._id }),
        ]);
      }
      expect(JSON.parse((await me(served, player.token)).body.toString()).user.username).toBe(player.user.username);
    });

    it('leaves to the app what it cannot answer from memory: no token, an unknown one, HEAD, a query, the console', async () => {
      const served = await start(dialect);
      const { url } = served;
      const player = await registerPlayer(served.h);
      await untilHot(served, player.token);

      const before = served.reachedApp.mock.calls.length;
      const none = await raw(`${url}${ME}`);
      const unknown = await me(served, 'not-a-session-token');
      const head = await raw(`${url}${ME}`, bearer(player.token), 'HEAD');
      const query = await raw(`${url}${ME}?x=1`, bearer(player.token));
      const fromConsole = await me(served, player.token, { origin: 'app://console' });
      expect(served.reachedApp.mock.calls.length).toBe(before + 5);
      expect([none.status, unknown.status, head.status, query.status, fromConsole.status]).toEqual([
        401, 401, 200, 200, 200,
      ]);
      expect(fromConsole.headers['access-control-allow-origin']).toBe('app://console');
    });

    it('shows a change to the player at once, and stops answering once the session is signed out here or on another instance', async () => {
      const served = await start(dialect);
      const { h } = served;
      const other = await h.openInstance();
      const player = await registerPlayer(h);
      const second = (
        await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: player.password } })
      ).json.token as string;
      for (const token of [player.token, second]) await untilHot(served, token);

      // Another instance changes the player: the next answer is the new one (on PostgreSQL once its notice arrived).
      await other.ctx.db.updateTable('users').set({ credits: 4242 }).where('id', '=', player.user._id).execute();
      await expect
        .poll(async () => JSON.parse((await me(served, player.token)).body.toString()).user.credits, { timeout: 5000 })
        .toBe(4242);

      // Signed out here.
      expect((await raw(`${served.url}/api/auth/logout`, bearer(player.token), 'POST')).status).toBe(200);
      const afterLogout = await me(served, player.token);
      expect([afterLogout.hot, afterLogout.status]).toEqual([false, 401]);

      // Signed out on another instance.
      await untilHot(served, second);
      expect((await call(other, 'POST', '/api/auth/logout', { token: second })).status).toBe(200);
      await expect.poll(async () => (await me(served, second)).status, { timeout: 5000 }).toBe(401);
      expect((await me(served, second)).hot).toBe(false);
    });

    it('stops answering a session another device revoked', async () => {
      const served = await start(dialect);
      const { h } = served;
      const player = await registerPlayer(h);
      const second = (
        await call(h, 'POST', '/api/auth/login', { body: { email: player.user.email, password: player.password } })
      ).json.token as string;
      await untilHot(served, player.token);
      const signedOut = await call(h, 'POST', '/api/account/sessions/sign-out-others', { token: second });
      expect(signedOut.status).toBe(200);
      const revoked = await me(served, player.token);
      expect([revoked.hot, revoked.status]).toEqual([false, 401]);
      expect((await me(served, second)).status).toBe(200);
    });

    it('leaves expiry and the last-seen write to the app', async () => {
      const served = await start(dialect);
      const { h } = served;
      const player = await registerPlayer(h);
      await untilHot(served, player.token);

      // A minute on, the session is due its last-seen write: the app answers (and writes it).
      h.clock.advance(61_000);
      const due = await me(served, player.token);
      expect([due.hot, due.status]).toEqual([false, 200]);
      await untilHot(served, player.token);

      // Idle past its limit, it has expired: the app says so.
      h.clock.advance(h.ctx.config.sessionIdleMs + 1000);
      const expired = await me(served, player.token);
      expect([expired.hot, expired.status]).toEqual([false, 401]);
      expect(JSON.parse(expired.body.toString()).error.message).toMatch(/expired/i);
    });

    it.runIf(dialect === 'sqlite')(
      'sees what another connection to the file committed since, on the next call over the wire',
      async () => {
        // Whether another process committed is asked once per turn of the event loop for the requests
        // read in it (db/read-cache.ts): a call sent after the commit is read in a later turn.
        const served = await start(dialect);
        const { h } = served;
        const player = await registerPlayer(h);
        await untilHot(served, player.token);
        const other = new SqliteDatabase(sqliteFile(h.ctx.config));
        onTestFinished(() => {
          other.close();
        });
        for (const isAdmin of [1, 0, 1]) {
          other.prepare('update users set is_admin = ? where id = ?').run(isAdmin, player.user._id);
          const seen = await me(served, player.token);
          expect([seen.hot, JSON.parse(seen.body.toString()).user.isAdmin]).toEqual([false, isAdmin === 1]);
          await untilHot(served, player.token);
        }
        other.prepare('delete from sessions where user_id = ?').run(player.user._id);
        expect((await me(served, player.token)).status).toBe(401);
      },
    );
  });
});
