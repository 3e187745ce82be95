// The real server over real HTTP: health, headers, the JSON 404 and the per-address login limit.
import { expect, test } from '@playwright/test';
import { uniqueAccount } from '../fixtures/accounts.ts';

test('GET /api/health answers ok on SQLite', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
});

test('the site answers with its security headers and the built page', async ({ request }) => {
  const response = await request.get('/dashboard');
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['content-security-policy']).toContain("base-uri 'none'");
  const html = await response.text();
  expect(html).toContain('<div id="root">');
  expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
});

test('unknown API paths get the JSON error envelope', async ({ request }) => {
  const response = await request.get('/api/no/such/thing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({
    error: { message: 'Not found', code: 'not_found', requestId: expect.any(String) },
  });
});

test('a seeded item image is served from /images', async ({ request }) => {
  const response = await request.get('/images/seed/ship-vanguard-interceptor.webp');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/webp');
});

test('register then me over HTTP, and the token never appears in the answer headers', async ({ request }) => {
  const account = uniqueAccount('http');
  const registered = await request.post('/api/auth/register', { data: account });
  expect(registered.status()).toBe(201);
  const { token, user } = await registered.json();
  expect(JSON.stringify(registered.headers())).not.toContain(token);
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect((await me.json()).user).toEqual(user);
});
