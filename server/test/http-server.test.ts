// The app served by Node as in production (@hono/node-server on a real socket), where headers and
// body limits take a different path than app.request: security and cache headers on API answers,
// errors, pages and assets (an answer's own Cache-Control wins), and 413 for a body over the limit
// with a Content-Length and sent chunked without one, leaving the database as it was.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newPlayer } from './helpers/http.ts';
import { type Served, serveHarness } from './helpers/node-server.ts';
import { createHarness, dialects, type HarnessOptions, type TestHarness } from './helpers/test-context.ts';

let served: Served | null = null;
afterEach(async () => {
  await served?.close();
  served = null;
});

async function start(dialect: (typeof dialects)[number], options: HarnessOptions = {}): Promise<Served> {
  served = await serveHarness(await createHarness(dialect, options));
  return served;
}

/** A request sent chunked (no Content-Length), as a client streaming its body would. */
function sendChunked(url: string, pathName: string, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${pathName}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may answer 413 and close before the whole body is sent.
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

async function countUsers(h: TestHarness): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(dialects)('the app served by Node on %s', (dialect) => {
  it('puts the security headers and no-store on API answers and errors, and no CSP', async () => {
    const { url } = await start(dialect);
    for (const [pathName, status] of [
      ['/api/health', 200],
      ['/api/auth/me', 401],
      ['/api/nowhere', 404],
    ] as const) {
      const res = await fetch(`${url}${pathName}`);
      expect(res.status, pathName).toBe(status);
      expect(res.headers.get('x-content-type-options'), pathName).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), pathName).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options'), pathName).toBe('DENY');
      expect(res.headers.get('cache-control'), pathName).toBe('no-store');
      expect(res.headers.get('content-security-policy'), pathName).toBeNull();
      expect(res.headers.get('strict-transport-security'), pathName).toBeNull();
      expect(res.headers.get('content-type'), pathName).toContain('application/json');
    }
  });

  it('puts the CSP on the site, keeping each answer its own Cache-Control', async () => {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-site-'));
    fs.mkdirSync(path.join(siteDir, 'assets'));
    fs.writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Starport</title><div id="root"></div>');
    fs.writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    const { url } = await start(dialect, { env: { SITE_DIR: siteDir } });
    try {
      for (const pathName of ['/', '/shop', '/admin/users']) {
        const page = await fetch(`${url}${pathName}`);
        expect(await page.text()).toContain('<div id="root">');
        expect(page.headers.get('content-security-policy'), pathName).toContain("object-src 'none'");
        expect(page.headers.get('cache-control'), pathName).toBe('no-cache');
        expect(page.headers.get('x-content-type-options'), pathName).toBe('nosniff');
      }
      const asset = await fetch(`${url}/assets/index-abc123.js`);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-security-policy')).toContain("script-src 'self'");
      const missing = await fetch(`${url}/assets/missing.js`);
      expect([missing.status, missing.headers.get('x-content-type-options')]).toEqual([404, 'nosniff']);
    } finally {
      fs.rmSync(siteDir, { recursive: true, force: true });
    }
  });

  it("gives every answer its X-Request-Id, the one its error envelope says, and a proxy's only with TRUST_PROXY", async () => {
    const { url } = await start(dialect);
    const ids = new Set<string | null>();
    for (const pathName of ['/api/health', '/api/nowhere', '/images/uploads/none.webp', '/']) {
      const res = await fetch(`${url}${pathName}`, { headers: { 'X-Request-Id': 'edge-42' } });
      const id = res.headers.get('x-request-id');
      expect(id, pathName).toMatch(/^[A-Za-z0-9._-]{1,100}$/);
      expect(id, pathName).not.toBe('edge-42');
      if (pathName === '/api/nowhere') expect(((await res.json()) as any).error.requestId).toBe(id);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
    await served?.close();

    const proxied = await start(dialect, { env: { TRUST_PROXY: 'true' } });
    const res = await fetch(`${proxied.url}/api/nowhere`, { headers: { 'X-Request-Id': 'edge-42' } });
    expect(res.headers.get('x-request-id')).toBe('edge-42');
    expect(await res.json()).toEqual({ error: { message: 'Not found', code: 'not_found', requestId: 'edge-42' } });
  });

  it('adds HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const { url } = await start(dialect, { env: { TRUST_PROXY: 'true' } });
    const secure = await fetch(`${url}/api/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const plain = await fetch(`${url}/api/health`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers 413 to a body over the limit, with a Content-Length or chunked, and creates nothing', async () => {
    const { url, h } = await start(dialect);
    const big = JSON.stringify({ ...newPlayer(), password: 'x'.repeat(200_000) });
    const withLength = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: big,
    });
    expect(withLength.status).toBe(413);
    expect(await withLength.json()).toEqual({
      error: { message: 'Request body is too large', code: 'payload_too_large', requestId: expect.any(String) },
    });

    const chunks = Array.from({ length: 4 }, (_, i) => big.slice(i * 60_000, (i + 1) * 60_000));
    const chunked = await sendChunked(url, '/api/auth/register', chunks);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error.code).toBe('payload_too_large');
    expect(await countUsers(h)).toBe(0);

    // A small body sent chunked is read as usual.
    const player = JSON.stringify(newPlayer());
    const small = await sendChunked(url, '/api/auth/register', [player.slice(0, 10), player.slice(10)]);
    expect(small.status).toBe(201);
    expect(await countUsers(h)).toBe(1);
  });
});
