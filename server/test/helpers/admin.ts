// An administrator and a player for admin tests, signed in through the real API.
import { grantAdmin } from '../../src/services/admin/administrators.ts';
import { registerPlayer } from './http.ts';
import type { TestHarness } from './test-context.ts';

export type Account = Awaited<ReturnType<typeof registerPlayer>>;

export async function adminAndPlayer(h: TestHarness): Promise<{ admin: Account; player: Account }> {
  const admin = await registerPlayer(h);
  await grantAdmin(h.ctx, admin.user.email, 'test');
  const player = await registerPlayer(h);
  return { admin, player };
}
