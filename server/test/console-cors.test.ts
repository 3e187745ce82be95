// The desktop console's CORS grant: exactly app://console, on /api only; every other origin gets none.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, newPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('the console CORS grant on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('answers the console preflight for a bearer call', async () => {
    const res = await call(h, 'OPTIONS', '/api/auth/me', {
      headers: {
        Origin: 'app://console',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('app://console');
    expect(res.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets the console read answers, refusals included', async () => {
    const player = newPlayer();
    const ok = await call(h, 'POST', '/api/auth/register', { body: player, headers: { Origin: 'app://console' } });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('access-control-allow-origin')).toBe('app://console');
    const refused = await call(h, 'GET', '/api/auth/me', { headers: { Origin: 'app://console' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('app://console');
  });

  it.each(['https://evil.example', 'null', 'app://console.evil', 'file://'])('grants nothing to %s', async (origin) => {
    const preflight = await call(h, 'OPTIONS', '/api/auth/me', {
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const res = await call(h, 'GET', '/api/health', { headers: { Origin: origin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('grants nothing outside /api', async () => {
    const res = await call(h, 'GET', '/', { headers: { Origin: 'app://console' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
