// The game servers' side of a test: keys an administrator issues, and the poll and ack calls a
// game server makes with one.
import { expect } from 'vitest';
import { call } from './http.ts';
import type { TestHarness } from './test-context.ts';

export interface GameKey {
  key: { _id: string; prefix: string };
  secret: string;
}

export function gameServerCalls(h: TestHarness, adminToken: string) {
  return {
    /** A new key, made through the admin API. */
    async newKey(name = 'EU-1'): Promise<GameKey> {
      const res = await call(h, 'POST', '/api/admin/game-servers', { token: adminToken, body: { name } });
      expect(res.status).toBe(201);
      return res.json as GameKey;
    },
    poll: (secret: string, query = '') => call(h, 'GET', `/api/game/deliveries${query}`, { token: secret }),
    ack: (secret: string, ids: string[]) =>
      call(h, 'POST', '/api/game/deliveries/ack', { token: secret, body: { ids } }),
    /** What the admin's view says about each of a player's deliveries, by id. */
    async deliveriesOf(userId: string): Promise<Map<string, any>> {
      const res = await call(h, 'GET', `/api/admin/users/${userId}/deliveries`, { token: adminToken });
      expect(res.status).toBe(200);
      return new Map(res.json.deliveries.map((d: any) => [d._id, d]));
    },
  };
}
