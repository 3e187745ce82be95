// Pilots online (issue 21): game servers' heartbeats with a game key (and only a key), their rate
// limit, the two-minute window of GET /api/status, the admin's list of servers, and the Play Game
// settings.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { gameServerCalls } from './helpers/game-servers.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('pilots online on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  beforeEach(async () => {
    h = await createHarness(dialect, { env: { GAME_HEARTBEAT_LIMIT_PER_KEY: '5' } });
    ({ admin, player } = await adminAndPlayer(h));
  });
  afterEach(async () => {
    await h.close();
  });

  const beat = (secret: string, body: unknown) => call(h, 'POST', '/api/game/heartbeat', { token: secret, body });
  const status = async () => (await call(h, 'GET', '/api/status')).json;

  it('takes a heartbeat only with a game key', async () => {
    const body = { serverName: 'EU-1', playersOnline: 3 };
    const none = await call(h, 'POST', '/api/game/heartbeat', { body });
    expect([none.status, none.json.error.message]).toEqual([401, 'A game server key is required']);
    const session = await beat(player.token, body);
    expect([session.status, session.json.error.message]).toEqual([401, 'Unknown or revoked game server key']);
    const { key, secret } = await gameServerCalls(h, admin.token).newKey();
    expect((await beat(secret, body)).status).toBe(200);
    await call(h, 'DELETE', `/api/admin/game-servers/${key._id}`, { token: admin.token });
    expect((await beat(secret, body)).status).toBe(401);
  });

  it('refuses a bad body', async () => {
    const { secret } = await gameServerCalls(h, admin.token).newKey();
    const refuse = async (body: unknown, message: string) => {
      const res = await beat(secret, body);
      expect([res.status, res.json.error.message]).toEqual([400, message]);
    };
    await refuse({ serverName: '', playersOnline: 1 }, 'serverName must be text of 1 to 100 characters');
    await refuse({ serverName: 'EU', playersOnline: -1 }, 'playersOnline must be a whole number from 0 to 1000000');
    await refuse({ serverName: 'EU', playersOnline: 1.5 }, 'playersOnline must be a whole number from 0 to 1000000');
  });

  it('counts the latest heartbeat of each server heard from in the last two minutes', async () => {
    expect(await status()).toEqual({ playersOnline: 0, servers: 0 });
    const eu = await gameServerCalls(h, admin.token).newKey('EU');
    const us = await gameServerCalls(h, admin.token).newKey('US');
    await beat(eu.secret, { serverName: 'EU-1', playersOnline: 10 });
    await beat(eu.secret, { serverName: 'EU-2', playersOnline: 5 });
    await beat(us.secret, { serverName: 'US-1', playersOnline: 7 });
    expect(await status()).toEqual({ playersOnline: 22, servers: 3 });
    h.clock.advance(60_000);
    // A later heartbeat replaces the earlier one of the same server.
    await beat(eu.secret, { serverName: 'EU-1', playersOnline: 12 });
    expect(await status()).toEqual({ playersOnline: 24, servers: 3 });
    h.clock.advance(60_001);
    // EU-2 and US-1 were last heard from more than two minutes ago.
    expect(await status()).toEqual({ playersOnline: 12, servers: 1 });
    h.clock.advance(60_000);
    expect(await status()).toEqual({ playersOnline: 0, servers: 0 });

    const list = await call(h, 'GET', '/api/admin/game-heartbeats', { token: admin.token });
    expect(list.json.servers[0]).toEqual({
      keyName: 'EU',
      serverName: 'EU-1',
      playersOnline: 12,
      seenAt: '2026-11-22T12:01:00.000Z',
    });
    expect(list.json.servers).toHaveLength(3);
    expect((await call(h, 'GET', '/api/admin/game-heartbeats', { token: player.token })).status).toBe(403);
  });

  it('limits the heartbeats of one key, counted once for many at once', async () => {
    const { secret } = await gameServerCalls(h, admin.token).newKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => beat(secret, { serverName: `S-${i}`, playersOnline: 1 })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.json.error.message).toMatch(/^Too many heartbeats from this game server; send one a minute/);
    expect(refused?.headers.get('retry-after')).toBeTruthy();
    expect((await status()).servers).toBe(5);
  });

  it('keeps the Play URL and label in the site settings, validated', async () => {
    const settings = async () => (await call(h, 'GET', '/api/shop/site-settings')).json.settings;
    expect(await settings()).toMatchObject({ playUrl: null, playLabel: 'Play Game' });
    const patch = (body: unknown) => call(h, 'PATCH', '/api/admin/site-settings', { token: admin.token, body });
    for (const bad of ['javascript://alert(1)', 'data://x', 'not a url', 'starport:play']) {
      const res = await patch({ playUrl: bad });
      expect([res.status, res.json.error.message]).toEqual([
        400,
        'Play URL must be an http(s) address or a launcher link such as starport://play',
      ]);
    }
    expect((await patch({ playUrl: 'starport://play', playLabel: 'Launch Starport' })).status).toBe(200);
    expect(await settings()).toMatchObject({ playUrl: 'starport://play', playLabel: 'Launch Starport' });
    expect((await patch({ playUrl: 'https://starport.test/download' })).status).toBe(200);
    expect((await settings()).playUrl).toBe('https://starport.test/download');
    expect((await patch({ playUrl: '' })).status).toBe(200);
    expect((await settings()).playUrl).toBeNull();
    expect((await patch({ playUrl: 'https://x.test', playLabel: 'x'.repeat(41) })).status).toBe(400);
  });
});
