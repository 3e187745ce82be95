// A build meeting a schema a newer build migrated: runs on an expanded one (rolling back), refuses a
// contracted one with one line naming both schema versions.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_SCHEMA_VERSION, migrateToLatest, SchemaTooNewError } from '../src/db/migrate.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('schema versions on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => h.close());

  const recordNewer = (name: string) =>
    sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(h.ctx.db);

  it('runs on a schema a newer build only expanded, and says so in the log', async () => {
    await recordNewer('2099-01-01-001-future-table');
    expect(await migrateToLatest(h.ctx.db, h.ctx.dialect, h.ctx.logger)).toEqual([]);
    expect(h.logs.find((l) => l.msg === 'db.schema_newer')).toMatchObject({
      database: '2099-01-01-001-future-table',
      build: BUILD_SCHEMA_VERSION,
    });
    // Readiness still holds: every migration this build has is applied.
    expect((await call(h, 'GET', '/api/health/ready')).status).toBe(200);
  });

  it('refuses a contracted schema with one line naming both versions', async () => {
    await recordNewer('2099-01-01-002-drop-old-column-contract');
    const refused = await migrateToLatest(h.ctx.db, h.ctx.dialect).catch((error) => error);
    expect(refused).toBeInstanceOf(SchemaTooNewError);
    expect(refused.message).toBe(
      `the database schema is at 2099-01-01-002-drop-old-column-contract, newer than this build's ${BUILD_SCHEMA_VERSION}, ` +
        'and its migration 2099-01-01-002-drop-old-column-contract changes what this build relies on: start the newer ' +
        'build, or restore the backup made before the upgrade',
    );
    expect(refused.message).not.toContain('\n');
  });

  it("refuses when a newer schema lacks one of this build's own migrations", async () => {
    await recordNewer('2099-01-01-001-future-table');
    await sql`delete from kysely_migration where name = ${BUILD_SCHEMA_VERSION}`.execute(h.ctx.db);
    await expect(migrateToLatest(h.ctx.db, h.ctx.dialect)).rejects.toThrow(/were never applied to it/);
  });
});
