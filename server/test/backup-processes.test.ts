// Issue 15's proof: `npm run admin -- backup` (the built CLI) run several times while a real server
// takes a purchase storm; every archive restores to a database that passes integrity_check and
// whose every balance equals its ledger. On PostgreSQL the command explains pg_dump instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.ts';
import { expectNoDrift, PRICE, setUpStorm, storm } from './helpers/purchase-storm.ts';
import { type BuiltServer, buildServer, type Running, startServer, stopServer } from './helpers/server-process.ts';
import { createHarness, type TestHarness, testDatabaseUrl } from './helpers/test-context.ts';

const outdir = 'dist-test-backup';
let built: BuiltServer;

beforeAll(() => {
  built = buildServer(outdir);
});
afterAll(() => {
  built.remove();
});

/** Runs the built admin CLI without blocking: the storm's requests go on while it works. */
function runCli(env: Record<string, string>, ...args: string[]) {
  const child = spawn(process.execPath, [built.cli, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
};

describe('backup during a purchase storm on SQLite', () => {
  let h: TestHarness;
  let work: string;
  const running: Running[] = [];
  beforeEach(async () => {
    h = await createHarness('sqlite', { startsNow: true });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-backup-storm-'));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => stopServer(r, 'SIGKILL')));
    await h.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('restores every archive to a sound database whose balances equal their ledgers', async () => {
    // More credits than the storm can spend: it runs until told to stop.
    const credits = 1000 * PRICE;
    const { itemId, buyers } = await setUpStorm(h, 20, credits);
    const server = await startServer(built.entry, h);
    running.push(server);
    const statuses: number[] = [];
    let done = false;
    const storming = storm([server.url], itemId, buyers, statuses, () => done);

    const archives: string[] = [];
    for (let i = 1; i <= 3; i += 1) {
      // Each backup starts with purchases going on, and the storm goes on while it runs.
      const seen = statuses.length;
      await until(() => statuses.length >= seen + 60 || statuses.some((s) => s !== 200));
      const archive = path.join(work, `backup-${i}.tar.gz`);
      const result = await runCli({ DATA_DIR: h.dataDir, DATABASE_URL: '' }, 'backup', archive);
      expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining(`to ${archive}`) });
      archives.push(archive);
    }
    const duringLast = statuses.length;
    await until(() => statuses.length >= duringLast + 20);
    done = true;
    await storming;
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await stopServer(server, 'SIGTERM');

    const bought: number[] = [];
    for (const archive of archives) {
      const dataDir = path.join(work, `restored-${path.basename(archive, '.tar.gz')}`);
      const result = await runCli({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'restore', archive);
      expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining(`Restored ${archive}`) });
      const file = path.join(dataDir, 'starport.sqlite');
      const check = new SqliteDatabase(file, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      bought.push(check.prepare('select count(*) from inventory_entries').pluck().get() as number);
      check.close();
      const restored = connectDatabase({ databaseUrl: null, sqliteFile: file });
      try {
        await expectNoDrift(restored.db, buyers, credits);
      } finally {
        await restored.close();
      }
    }
    // Three moments of the storm, each later than the one before, none of them the end of it.
    const total = statuses.filter((s) => s === 200).length;
    expect(bought[0]).toBeGreaterThan(0);
    expect(bought).toEqual([...bought].sort((a, b) => a - b));
    expect(bought[2]).toBeLessThan(total);
  }, 90_000);

  it('refuses a mistyped DATA_DIR, an existing target and a bad command', async () => {
    const missing = path.join(work, 'mistyped');
    const archive = path.join(work, 'x.tar.gz');
    const noDb = await runCli({ DATA_DIR: missing, DATABASE_URL: '' }, 'backup', archive);
    expect(noDb).toMatchObject({ code: 1, stderr: expect.stringContaining(`No database at ${missing}`) });
    expect(fs.existsSync(missing)).toBe(false);
    fs.writeFileSync(archive, 'keep me');
    const taken = await runCli({ DATA_DIR: h.dataDir, DATABASE_URL: '' }, 'backup', archive);
    expect(taken).toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
    expect(fs.readFileSync(archive, 'utf8')).toBe('keep me');
    const usage = await runCli({ DATA_DIR: h.dataDir, DATABASE_URL: '' }, 'backup');
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('backup FILE [--force]') });
  });
});

describe.skipIf(!testDatabaseUrl)('backup and restore on PostgreSQL', () => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness('postgres', { startsNow: true });
  });
  afterEach(async () => {
    await h.close();
  });

  it('explain pg_dump and pg_restore for this database, never showing the password', async () => {
    const url = new URL(h.databaseUrl);
    url.password = 'hunter2-secret';
    const database = url.pathname.slice(1);
    const archive = path.join(h.dataDir, 'starport.dump');
    const env = { DATA_DIR: h.dataDir, DATABASE_URL: url.toString() };
    const backup = await runCli(env, 'backup', archive);
    expect(backup.code).toBe(1);
    expect(backup.stdout).toContain(`pg_dump --format=custom --host=${url.hostname} --port=${url.port}`);
    expect(backup.stdout).toContain(`--dbname=${database} --file=${archive}`);
    expect(backup.stderr).toBe('No backup was made: use pg_dump / pg_restore as above.');
    const restore = await runCli(env, 'restore', archive);
    expect(restore.code).toBe(1);
    expect(restore.stdout).toContain(`pg_restore --clean --if-exists --no-owner --host=${url.hostname}`);
    for (const out of [backup, restore]) expect(`${out.stdout}${out.stderr}`).not.toContain('hunter2');
    expect(fs.existsSync(archive)).toBe(false);
  });
});
