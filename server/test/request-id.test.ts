// Every answer carries a request id (X-Request-Id), an error's envelope says it (`requestId`), and
// every log line written while handling the call carries it, so a player's report ("it said
// request 3f…-1a") finds its lines. A proxy's own id is taken only behind TRUST_PROXY, and only a
// sane one; otherwise the server makes its own.
import { errorEnvelopeSchema } from '@starport/api-client/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseRequestId, newRequestId } from '../src/lib/request-id.ts';
import { adminAndPlayer } from './helpers/admin.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const SANE_ID = /^[A-Za-z0-9._-]{1,100}$/;

describe('request ids', () => {
  it('are made unique and sane, and taken from a trusted proxy only when sane and at most 100 characters', () => {
    const made = Array.from({ length: 1000 }, () => newRequestId());
    expect(new Set(made).size).toBe(1000);
    for (const id of made) expect(id).toMatch(SANE_ID);

    for (const sane of ['edge-42', 'a.b_C-9', 'a'.repeat(100), '0123456789abcdef0123456789abcdef']) {
      expect(chooseRequestId(sane, true)).toBe(sane);
      expect(chooseRequestId(sane, false)).not.toBe(sane);
    }
    for (const insane of ['', 'a'.repeat(101), 'a b', 'a/b', '<script>', 'id\u0000', 'ü', 'a,b']) {
      const chosen = chooseRequestId(insane, true);
      expect(chosen).not.toBe(insane);
      expect(chosen).toMatch(SANE_ID);
    }
    expect(chooseRequestId(undefined, true)).toMatch(SANE_ID);
  });
});

describe.each(dialects)('request ids on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  const linesOf = (requestId: string | null) => h.logs.filter((line) => line.requestId === requestId);

  it('answer every call with an id of its own, the same as its error envelope says and its log lines carry', async () => {
    h = await createHarness(dialect);
    const ok = await call(h, 'GET', '/api/shop/site-settings');
    expect(ok.status).toBe(200);
    const okId = ok.headers.get('x-request-id');
    expect(okId).toMatch(SANE_ID);

    const missing = await call(h, 'GET', '/api/nowhere');
    const missingId = missing.headers.get('x-request-id') as string;
    expect(missingId).toMatch(SANE_ID);
    expect(missingId).not.toBe(okId);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: { message: 'Not found', code: 'not_found', requestId: missingId } });
    expect(errorEnvelopeSchema.parse(missing.json).error.requestId).toBe(missingId);

    expect(linesOf(okId)).toEqual([expect.objectContaining({ msg: 'request', path: '/api/shop/site-settings' })]);
    expect(linesOf(missingId)).toEqual([expect.objectContaining({ msg: 'request', status: 404 })]);
  });

  it('mark every line logged while handling a call, by the route and the services, and no other line', async () => {
    h = await createHarness(dialect);
    const { admin } = await adminAndPlayer(h);
    const player = await registerPlayer(h);
    h.logs.length = 0;

    const wrong = await call(h, 'POST', '/api/auth/login', {
      body: { email: player.user.email, password: 'not-it-1' },
    });
    expect(wrong.status).toBe(401);
    const wrongId = wrong.json.error.requestId;
    expect(wrong.headers.get('x-request-id')).toBe(wrongId);
    expect(linesOf(wrongId).map((line) => line.msg)).toEqual(['auth.login_failed', 'request']);

    const refused = await call(h, 'GET', '/api/admin/users', { token: player.token });
    expect(refused.status).toBe(403);
    expect(linesOf(refused.json.error.requestId).map((line) => line.msg)).toEqual(['authz.refused', 'request']);

    const changed = await call(h, 'PATCH', '/api/admin/site-settings', {
      token: admin.token,
      body: { thankYouMessage: 'Fly safe' },
    });
    expect(changed.status).toBe(200);
    expect(linesOf(changed.headers.get('x-request-id')).map((line) => line.msg)).toEqual(['admin.change', 'request']);

    // Nothing else in this test logs through a call; a line written outside one carries no id.
    h.ctx.logger.info('outside.any_call');
    expect(h.logs.filter((line) => !('requestId' in line)).map((line) => line.msg)).toEqual(['outside.any_call']);
  });

  it("take a proxy's X-Request-Id only behind TRUST_PROXY, and only a sane one", async () => {
    h = await createHarness(dialect);
    const direct = await call(h, 'GET', '/api/nowhere', { headers: { 'X-Request-Id': 'edge-42' } });
    expect(direct.headers.get('x-request-id')).not.toBe('edge-42');
    expect(direct.json.error.requestId).toBe(direct.headers.get('x-request-id'));
    await h.close();

    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true' } });
    const proxied = await call(h, 'GET', '/api/nowhere', { headers: { 'X-Request-Id': 'edge-42' } });
    expect(proxied.headers.get('x-request-id')).toBe('edge-42');
    expect(proxied.json.error).toEqual({ message: 'Not found', code: 'not_found', requestId: 'edge-42' });
    expect(linesOf('edge-42')).toEqual([expect.objectContaining({ msg: 'request', path: '/api/nowhere' })]);

    const forged = `${'x'.repeat(100)}"}`;
    const refused = await call(h, 'GET', '/api/shop/site-settings', { headers: { 'X-Request-Id': forged } });
    expect(refused.status).toBe(200);
    expect(refused.headers.get('x-request-id')).toMatch(SANE_ID);
    expect(linesOf(forged)).toEqual([]);
  });
});
