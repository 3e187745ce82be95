// `npm run admin -- grant|revoke EMAIL`, run as a self-hoster would: the built CLI on a real database.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findUserByNormalizedEmail } from '../src/db/repositories/users.ts';
import { registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
// Built beside dist, not over it, so a server running from dist is left alone.
const cli = path.join(serverDir, 'dist-test', 'admin-cli.js');

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', '--outdir=dist-test'], { cwd: serverDir });
});
afterAll(() => {
  fs.rmSync(path.join(serverDir, 'dist-test'), { recursive: true, force: true });
});

describe.each(dialects)('the admin CLI on %s', (dialect) => {
  let h: TestHarness;
  let env: Record<string, string>;
  beforeEach(async () => {
    h = await createHarness(dialect);
    await registerPlayer(h, { email: 'one@example.com' });
    await registerPlayer(h, { email: 'two@example.com' });
    env = { DATA_DIR: h.dataDir, DATABASE_URL: h.databaseUrl, LOG_LEVEL: 'info' };
  });
  afterEach(async () => {
    await h.close();
  });

  function runCli(...args: string[]) {
    const result = spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
    return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
  }

  async function isAdmin(email: string) {
    return (await findUserByNormalizedEmail(h.ctx.db, email))?.is_admin === 1;
  }

  // Runs the CLI three times, each a process that opens and migrates the database: past the suite's
  // 30 s when every other test file runs beside it (47 s in one full run).
  it('grants, revokes and refuses to revoke the last administrator, with an audit line each', async () => {
    const granted = runCli('grant', 'ONE@example.com');
    expect(granted).toMatchObject({ code: 0, stdout: 'ONE@example.com is now an administrator' });
    expect(JSON.parse(granted.stderr.split('\n').find((l) => l.includes('admin.granted')) ?? '{}')).toMatchObject({
      msg: 'admin.granted',
      email: 'one@example.com',
      by: expect.stringMatching(/^cli:/),
      time: expect.any(String),
    });
    expect(await isAdmin('one@example.com')).toBe(true);
    expect(runCli('grant', 'one@example.com').stdout).toBe('one@example.com was already an administrator');
    const last = runCli('revoke', 'one@example.com');
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('The last administrator cannot be revoked');
    expect(runCli('grant', 'two@example.com').code).toBe(0);
    const revoked = runCli('revoke', 'one@example.com');
    expect(revoked).toMatchObject({ code: 0, stdout: 'one@example.com is no longer an administrator' });
    expect(revoked.stderr).toContain('"msg":"admin.revoked"');
    expect(await isAdmin('one@example.com')).toBe(false);
  }, 120_000);

  it('says what is wrong with an unknown email or a bad command', () => {
    const unknown = runCli('grant', 'ghost@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the email ghost@example.com');
    const usage = runCli('promote');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(
      /^Usage: npm run admin -- grant EMAIL \| revoke EMAIL \| images migrate\n.*backup FILE/,
    );
  });
});

describe('the admin CLI with a mistyped DATA_DIR', () => {
  it('refuses instead of making an empty database', () => {
    const dataDir = path.join(os.tmpdir(), `starport-missing-${Date.now()}`);
    const result = spawnSync(process.execPath, [cli, 'grant', 'one@example.com'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `No database at ${path.join(dataDir, 'starport.sqlite')}: check DATA_DIR (or start the server once).`,
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
