// The leaderboard's side of a test: metrics made through the admin API, stats sent as a game server
// sends them, the board read as the site reads it, and players made in bulk for paging.
import { expect } from 'vitest';
import type { Account } from './admin.ts';
import { gameServerCalls } from './game-servers.ts';
import { call } from './http.ts';
import type { TestHarness } from './test-context.ts';

export interface Stat {
  eventId: string;
  playerId: string;
  metric: string;
  value: number;
  mode: 'set' | 'add';
}

let events = 0;
/** A stat event with a fresh eventId. */
export const stat = (playerId: string, metric: string, value: number, mode: 'set' | 'add' = 'set'): Stat => {
  events += 1;
  return { eventId: `ev-${events}-${Math.random().toString(36).slice(2, 8)}`, playerId, metric, value, mode };
};

export function leaderboardCalls(h: TestHarness, admin: Account) {
  return {
    async metric(key: string, overrides: Record<string, unknown> = {}) {
      const res = await call(h, 'POST', '/api/admin/leaderboard/metrics', {
        token: admin.token,
        body: { key, label: key.toUpperCase(), order: 'desc', format: 'number', ...overrides },
      });
      expect(res.status).toBe(201);
      return res.json.metric;
    },
    async key(): Promise<string> {
      return (await gameServerCalls(h, admin.token).newKey()).secret;
    },
    send: (secret: string, stats: unknown[]) => call(h, 'POST', '/api/game/stats', { token: secret, body: { stats } }),
    async board(query = '', token?: string) {
      const res = await call(h, 'GET', `/api/leaderboard${query}`, token ? { token } : {});
      expect(res.status).toBe(200);
      return res.json;
    },
  };
}

/** The board's rows as "rank name value", the way a reader sees them. */
export const rows = (board: { entries: { rank: number; player: { username: string }; value: number }[] }) =>
  board.entries.map((entry) => `${entry.rank} ${entry.player.username} ${entry.value}`);

/** `count` players written straight to the database (they never sign in), named `${prefix}NNN`. */
export async function addPlayers(h: TestHarness, count: number, prefix: string): Promise<string[]> {
  const now = h.clock().toISOString();
  const users = Array.from({ length: count }, (_, index) => {
    const name = `${prefix}${String(index).padStart(3, '0')}`;
    return {
      id: `${prefix}-id-${String(index).padStart(3, '0')}`,
      email: `${name}@example.com`,
      email_normalized: `${name}@example.com`.toLowerCase(),
      username: name,
      username_normalized: name.toLowerCase(),
      password_hash: 'never-signs-in',
      created_at: now,
      updated_at: now,
    };
  });
  await h.ctx.db.insertInto('users').values(users).execute();
  return users.map((user) => user.id);
}
