// The Discord role problems an admin sees on the Users screen (GET /api/admin/discord/problems): each
// player's latest finished sync, when it was blocked or failed; read from the problems alone, so the
// successes the hourly reconcile adds for every linked member cost the list nothing, and at most
// ROLE_SYNC_PROBLEMS_SHOWN of them, newest first.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { JobStatus } from '../src/db/database.ts';
import { ROLE_SYNC_JOB, ROLE_SYNC_PROBLEMS_SHOWN } from '../src/services/discord/roles.ts';
import { adminAndPlayer } from './helpers/admin.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();

interface SyncRow {
  id: string;
  userId: string;
  discordId?: string;
  status: JobStatus;
  minute: number;
}

async function addSyncs(h: TestHarness, rows: SyncRow[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await h.ctx.db
      .insertInto('jobs')
      .values(
        rows.slice(i, i + 500).map((row) => ({
          id: row.id,
          kind: ROLE_SYNC_JOB,
          // An unlink's clearing carries the Discord account in its key (roles.ts enqueueRoleSync).
          dedupe_key: row.discordId ? `${row.userId}:${row.discordId}` : row.userId,
          payload: JSON.stringify(
            row.discordId ? { userId: row.userId, discordId: row.discordId } : { userId: row.userId },
          ),
          status: row.status,
          attempts: 1,
          run_after: at(row.minute),
          locked_until: null,
          last_error: row.status === 'done' ? null : `${row.status} for ${row.userId}`,
          created_at: at(row.minute),
          updated_at: at(row.minute),
        })),
      )
      .execute();
  }
}

describe.each(dialects)('the Discord role problems on %s', (dialect) => {
  it("lists each player's latest sync when it failed or was blocked, settled by a later success, at most ROLE_SYNC_PROBLEMS_SHOWN", async () => {
    const h = await createHarness(dialect);
    onTestFinished(() => h.close());
    const { admin } = await adminAndPlayer(h);
    const problems = async () => {
      const res = await call(h, 'GET', '/api/admin/discord/problems', { token: admin.token });
      expect(res.status).toBe(200);
      return (res.json as { problems: { userId: string; status: string; error: string; jobId: string }[] }).problems;
    };

    await addSyncs(h, [
      // Failed, then done: settled.
      { id: 'j-a1', userId: 'settled', status: 'failed', minute: 1 },
      { id: 'j-a2', userId: 'settled', status: 'done', minute: 2 },
      // Done, then blocked: a problem.
      { id: 'j-b1', userId: 'blocked', status: 'done', minute: 1 },
      { id: 'j-b2', userId: 'blocked', status: 'blocked', minute: 3 },
      // An unlink's clearing failed, then a sync of the player was done: settled.
      { id: 'j-c1', userId: 'unlinked', discordId: 'd-1', status: 'failed', minute: 1 },
      { id: 'j-c2', userId: 'unlinked', status: 'done', minute: 2 },
      // A sync was done since, but of another player whose id starts with this one's: still a problem.
      { id: 'j-d1', userId: 'failing', status: 'failed', minute: 4 },
      { id: 'j-d2', userId: 'failing2', status: 'done', minute: 5 },
      // Blocked twice: one problem, the newer.
      { id: 'j-e1', userId: 'twice', status: 'blocked', minute: 1 },
      { id: 'j-e2', userId: 'twice', status: 'blocked', minute: 2 },
      // The reconcile's successes for everyone else.
      ...Array.from({ length: 3000 }, (_, i) => ({
        id: `j-ok${i}`,
        userId: `member${i}`,
        status: 'done' as const,
        minute: 6,
      })),
    ]);
    expect((await problems()).map((p) => [p.userId, p.status, p.jobId, p.error])).toEqual([
      ['failing', 'failed', 'j-d1', 'failed for failing'],
      ['blocked', 'blocked', 'j-b2', 'blocked for blocked'],
      ['twice', 'blocked', 'j-e2', 'blocked for twice'],
    ]);

    // A setting that blocks every sync: the newest ROLE_SYNC_PROBLEMS_SHOWN are listed.
    await addSyncs(
      h,
      Array.from({ length: ROLE_SYNC_PROBLEMS_SHOWN + 20 }, (_, i) => ({
        id: `j-x${String(i).padStart(3, '0')}`,
        userId: `member${i}`,
        status: 'blocked' as const,
        minute: 10 + i,
      })),
    );
    const listed = await problems();
    expect(listed).toHaveLength(ROLE_SYNC_PROBLEMS_SHOWN);
    expect(listed[0]?.userId).toBe(`member${ROLE_SYNC_PROBLEMS_SHOWN + 19}`);
    expect(listed.at(-1)?.userId).toBe('member20');
  });
});
