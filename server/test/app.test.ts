// The app's envelope: health, JSON 404s, body limits, malformed JSON, security headers, 500s.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../src/middleware/types.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('the app on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('GET /api/health answers ok with the database in use', async () => {
    const res = await call(h, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ok', database: dialect });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/api/nowhere', '/api/auth/me/extra', '/api', '/api/auth'])('answers %s with a JSON 404', async (path) => {
    const res = await call(h, 'GET', path);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: { message: 'Not found', code: 'not_found', requestId: expect.any(String) } });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await call(h, 'POST', '/api/auth/login', {
      rawBody: '{"email": "a@b.co", ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: { message: 'Request body must be valid JSON', code: 'invalid_request', requestId: expect.any(String) },
    });
  });

  it('answers a body over the limit with 413, with a Content-Length', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) });
    const res = await call(h, 'POST', '/api/auth/login', {
      rawBody: big,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) },
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({
      error: { message: 'Request body is too large', code: 'payload_too_large', requestId: expect.any(String) },
    });
  });

  it('answers a body over the limit with 413 when it is streamed without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 4) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await h.app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half', // Node's fetch needs it for a streamed body
    });
    expect(response.status).toBe(413);
    const count = await h.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });

  it('logs each request as one JSON line without its query string', async () => {
    await call(h, 'GET', '/api/health?code=secret-code&state=abc');
    const line = h.logs.find((l) => l.msg === 'request' && l.path === '/api/health');
    expect(line).toMatchObject({ method: 'GET', status: 200, ms: expect.any(Number) });
    expect(JSON.stringify(h.logs)).not.toContain('secret-code');
  });

  it('answers an unexpected failure with a bare 500 and logs it', async () => {
    // Kysely destroys only a driver it has used (migrations ran on a connection of their own).
    await call(h, 'GET', '/api/shop/categories');
    await h.ctx.db.destroy();
    const res = await call(h, 'GET', '/api/shop/categories');
    expect(res.status).toBe(500);
    expect(res.json).toEqual({
      error: { message: 'Internal server error', code: 'internal_error', requestId: expect.any(String) },
    });
    expect(res.text).not.toMatch(/at |stack|kysely|sqlite|postgres/i);
    expect(h.logs.some((l) => l.msg === 'request.failed')).toBe(true);
  });

  it('sends nosniff and Referrer-Policy everywhere, and HSTS only when served over HTTPS', async () => {
    const plain = await call(h, 'GET', '/api/health');
    expect(plain.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    await h.close();
    h = await createHarness(dialect, { env: { PUBLIC_URL: 'https://play.example.com' } });
    const secure = await call(h, 'GET', '/api/health');
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(secure.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps a log line whole when user input carries line breaks', async () => {
    await call(h, 'POST', '/api/auth/login', {
      body: { email: 'evil@example.com\n{"level":"info","msg":"auth.login"}', password: 'whatever-1' },
    });
    const failed = h.logs.filter((l) => l.msg === 'auth.login_failed');
    expect(failed).toHaveLength(1);
    expect(h.logs.filter((l) => l.msg === 'auth.login')).toHaveLength(0);
  });

  it.each(['//api/auth/me', '/api%2fnowhere', '/api%2Fauth%2Fme', '///api'])(
    'answers the disguised API path %s with a JSON 404, never the site',
    async (path) => {
      const res = await call(h, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: { message: 'Not found', code: 'not_found', requestId: expect.any(String) } });
    },
  );

  it('tells caches not to keep API answers', async () => {
    const player = await call(h, 'POST', '/api/auth/register', {
      body: { email: 'cache@example.com', username: 'cache_pilot', password: 'Orbital-Drift-42' },
    });
    expect(player.headers.get('cache-control')).toBe('no-store');
    const me = await call(h, 'GET', '/api/auth/me', { token: player.json.token });
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect((await call(h, 'GET', '/api/nowhere')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('handleError', () => {
  it("maps Hono's own refusals by their status and hides everything else behind a bare 500", async () => {
    const { Hono } = await import('hono');
    const { HTTPException } = await import('hono/http-exception');
    const { handleError } = await import('../src/app.ts');
    const { silentLogger } = await import('../src/logger.ts');
    const app = new Hono<AppEnv>()
      .get('/teapot', () => {
        throw new HTTPException(415, { message: 'Unsupported media type' });
      })
      .get('/forbidden', () => {
        throw new HTTPException(403, { message: 'No' });
      })
      .get('/crash', () => {
        throw new TypeError('secret detail');
      })
      .onError(handleError({ logger: silentLogger } as never));
    const teapot = await app.request('/teapot');
    expect(teapot.status).toBe(415);
    expect(await teapot.json()).toEqual({
      error: { message: 'Unsupported media type', code: 'invalid_request', requestId: expect.any(String) },
    });
    const forbidden = await app.request('/forbidden');
    expect(await forbidden.json()).toEqual({
      error: { message: 'No', code: 'forbidden', requestId: expect.any(String) },
    });
    const crash = await app.request('/crash');
    expect(crash.status).toBe(500);
    expect(await crash.text()).not.toContain('secret detail');
  });
});
