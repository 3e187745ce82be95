// Every route from Hono's own route table (issue 9): an access matrix over the admin routes for a
// guest, a player and an admin, path spellings included; and hostile input, property-based with
// fast-check, to every route: never a 500, always the error envelope and nosniff, and nothing changed.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, grantCredits } from './helpers/catalogue-factories.ts';
import { call } from './helpers/http.ts';
import { type Route, routeTable } from './helpers/route-table.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const isAdminRoute = ({ method, path }: Route) =>
  path.startsWith('/api/admin/') ||
  path.startsWith('/api/shop/admin/') ||
  path === '/api/tiers/all' ||
  (path.startsWith('/api/tiers') && method !== 'GET');

/** The calls a signed-in player makes with no body that change something by design. */
const changesWithoutBody = ({ path }: Route) =>
  path.endsWith('/logout') || path === '/api/account/email/verification' || path === '/api/account/2fa/setup';

const fillParams = (path: string, value: string) => path.replace(/:[^/]+/g, value);

/** What the database holds, minus what reading it touches (sessions' last use). */
async function snapshot(h: TestHarness): Promise<Record<string, unknown>> {
  const tables = (await h.ctx.db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
  const out: Record<string, unknown> = {};
  for (const table of tables.sort()) {
    // The rate limits' counters (PostgreSQL) count attempts, refused ones included, by design.
    if (table === 'rate_limits') continue;
    if (table === 'sessions') {
      out[table] = (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(h.ctx.db)).rows;
      continue;
    }
    out[table] = (await sql`select * from ${sql.table(table)}`.execute(h.ctx.db)).rows
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return out;
}

describe.each(dialects)('routes from the route table on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  let routes: Route[];
  beforeAll(async () => {
    h = await createHarness(dialect);
    ({ admin, player } = await adminAndPlayer(h));
    await addCategory(h, { slug: 'ships' });
    await addItem(h, { name: 'Storm Drone', price_credits: 10 });
    await grantCredits(h, player.user._id, 5);
    routes = routeTable(h);
  });
  afterAll(async () => {
    await h.close();
  });

  it('finds the admin routes in the table', () => {
    const admins = routes.filter(isAdminRoute);
    expect(routes.length).toBeGreaterThan(50);
    expect(admins.length).toBeGreaterThan(20);
    expect(admins).toContainEqual({ method: 'GET', path: '/api/admin/users' });
    expect(admins).toContainEqual({ method: 'GET', path: '/api/tiers/all' });
  });

  it('answers every admin route 401 to a guest, 403 to a player and neither to an admin', async () => {
    for (const route of routes.filter(isAdminRoute)) {
      const path = fillParams(route.path, 'no-such-id');
      const body = route.method === 'GET' ? undefined : {};
      const label = `${route.method} ${path}`;
      expect((await call(h, route.method, path, { body })).status, `${label} as guest`).toBe(401);
      const asPlayer = await call(h, route.method, path, { body, token: player.token });
      expect(asPlayer.status, `${label} as player`).toBe(403);
      expect(asPlayer.json?.error?.code, label).toEqual(expect.any(String));
      // Read-only for the admin too: a body of {} or an unknown id changes nothing that matters here.
      if (route.method === 'GET') {
        const asAdmin = await call(h, route.method, path, { token: admin.token });
        expect([401, 403], `${label} as admin`).not.toContain(asAdmin.status);
        expect(asAdmin.status, `${label} as admin`).toBeLessThan(500);
      }
    }
  });

  it('refuses a player however an admin path is spelled', async () => {
    for (const route of routes.filter((r) => isAdminRoute(r) && r.method === 'GET')) {
      const path = fillParams(route.path, 'no-such-id');
      const variants = [
        `${path}/`,
        `/${path}`,
        path.toUpperCase(),
        path.replace('/api/', '/api%2F'),
        path.replace(/\/([^/]+)$/, '%2F$1'),
        path.replace('/api/', '/api/./'),
        path.replace('/api/', '/api/x/../'),
      ];
      for (const variant of variants) {
        const guest = await call(h, 'GET', variant);
        expect([401, 404], `${variant} as guest`).toContain(guest.status);
        const asPlayer = await call(h, 'GET', variant, { token: player.token });
        expect([403, 404], `${variant} as player`).toContain(asPlayer.status);
        expect(asPlayer.text, variant).not.toContain(admin.user.email);
      }
    }
  });

  it('survives hostile input to every route: no 500, the error envelope, nosniff, nothing changed', async () => {
    const before = await snapshot(h);
    const printable = fc.stringMatching(/^[ -~]{0,40}$/);
    const segment = fc.oneof(
      fc.string({ maxLength: 30 }).map(encodeURIComponent),
      fc.constantFrom('..', '%2e%2e', '%00', '%2F', '%', '%zz', 'null', '-1', '1e309', 'a'.repeat(300)),
    );
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .dictionary(
          fc.constantFrom('email', 'password', 'username', 'itemId', 'quantity', 'items', 'name', 'amount', 'tierId'),
          fc.oneof(fc.jsonValue(), fc.string(), fc.integer(), fc.constant(null)),
        )
        .map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', '{', '{"a":', '[]', 'null', '{"__proto__":{"isAdmin":true}}', '\u0000'),
    );
    const headers = fc.record(
      {
        'Content-Type': fc.oneof(
          fc.constantFrom(
            'application/json',
            'text/plain',
            'multipart/form-data; boundary=x',
            'application/x-www-form-urlencoded',
          ),
          printable,
        ),
        'X-Forwarded-For': printable,
        Cookie: printable,
        Accept: printable,
      },
      { requiredKeys: [] },
    );
    const who = fc.constantFrom<'guest' | 'player' | 'bad-token'>('guest', 'player', 'bad-token');
    const query = fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 })), { maxLength: 4 });

    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(segment, query, body, headers, who, async (param, pairs, payload, extra, as) => {
          const search = pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
          const path = `${fillParams(route.path, param)}${search}`;
          const sent: Record<string, string> = { ...extra };
          // Signing out, asking for a new verification mail and starting a two-factor setup (a secret
          // waiting for its first code) are what a player may change with no body; a guest's call must
          // change nothing.
          if (as === 'player' && !changesWithoutBody(route)) sent.Authorization = `Bearer ${player.token}`;
          if (as === 'bad-token') sent.Authorization = `Bearer ${param}`;
          const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
          const res = await call(h, route.method, path, { headers: sent, rawBody: hasBody ? payload : undefined });
          const label = `${route.method} ${path} as ${as}: ${res.status} ${res.text.slice(0, 200)}`;
          // 503 is the honest answer of a feature this server is not configured for (Discord).
          if (res.status >= 500) expect(res.json?.error?.code, label).toBe('service_unavailable');
          expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
          if (res.status >= 400 && path.startsWith('/api/')) {
            expect(res.json, label).toEqual({
              error: { message: expect.any(String), code: expect.any(String), requestId: expect.any(String) },
            });
          }
        }),
        { numRuns: 15 },
      );
    }
    expect(await snapshot(h)).toEqual(before);
  }, 60_000);
});
