// Backup and restore of a SQLite DATA_DIR (issue 15), called as the admin CLI calls them: the data
// and images come back, and a bad archive, an occupied DATA_DIR or a running server change nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.ts';
import { sumLedger } from '../src/db/repositories/credits.ts';
import {
  BACKUP_FORMAT,
  BackupRefused,
  backupSqlite,
  restoreSqlite,
  type SqliteData,
} from '../src/operations/backup.ts';
import { grantCredits } from './helpers/catalogue-factories.ts';
import { registerPlayer } from './helpers/http.ts';
import { createHarness, type TestHarness } from './helpers/test-context.ts';

const dataOf = (dataDir: string): SqliteData => ({ dataDir, databaseFile: path.join(dataDir, 'starport.sqlite') });

/** Every file under a folder with its bytes: "untouched" means this is equal before and after. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full)] = fs.readFileSync(full).toString('base64');
  }
  return files;
}

async function readUser(dataDir: string, id: string) {
  const handle = connectDatabase({ databaseUrl: null, sqliteFile: dataOf(dataDir).databaseFile });
  try {
    const user = await handle.db
      .selectFrom('users')
      .select(['username', 'credits'])
      .where('id', '=', id)
      .executeTakeFirst();
    return user ? { ...user, credits: Number(user.credits), ledger: await sumLedger(handle.db, id) } : undefined;
  } finally {
    await handle.close();
  }
}

describe('backup and restore of a SQLite DATA_DIR', () => {
  let h: TestHarness;
  let work: string;
  let playerId: string;
  const picture = Buffer.from('RIFF0000WEBPVP8 not really a picture');

  beforeEach(async () => {
    h = await createHarness('sqlite');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-backup-test-'));
    const player = await registerPlayer(h, { username: 'keeper' });
    playerId = player.user._id;
    await grantCredits(h, playerId, 250);
    fs.mkdirSync(path.join(h.dataDir, 'images', 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(h.dataDir, 'images', 'uploads', 'ship.webp'), picture);
  });
  afterEach(async () => {
    await h.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('round trip: a backup taken while the server has the database open restores data and images', async () => {
    // The sized copies of a picture are left out: the server makes them again when asked.
    fs.mkdirSync(path.join(h.dataDir, 'images', 'variants', 'uploads', 'ship.webp'), { recursive: true });
    fs.writeFileSync(path.join(h.dataDir, 'images', 'variants', 'uploads', 'ship.webp', 'w192.webp'), picture);
    const archive = path.join(work, 'starport.tar.gz');
    const manifest = await backupSqlite(dataOf(h.dataDir), archive);
    expect(manifest).toMatchObject({
      format: BACKUP_FORMAT,
      version: 1,
      database: { file: 'starport.sqlite', latestMigration: expect.stringMatching(/^2026-/) },
      counts: { users: 1, ledgerRows: 1, images: 1 },
    });
    // Nothing but the archive is left beside it.
    expect(fs.readdirSync(work)).toEqual(['starport.tar.gz']);

    const fresh = path.join(work, 'fresh-data');
    const result = await restoreSqlite(dataOf(fresh), archive);
    expect(result.movedAside).toBeNull();
    expect(await readUser(fresh, playerId)).toEqual({ username: 'keeper', credits: 250, ledger: 250 });
    expect(fs.readFileSync(path.join(fresh, 'images', 'uploads', 'ship.webp'))).toEqual(picture);
    expect(fs.readdirSync(fresh).sort()).toEqual(['images', 'starport.sqlite']);
    expect(fs.readdirSync(path.join(fresh, 'images'))).toEqual(['uploads']);
  });

  it('refuses to overwrite an existing file unless told to, and never leaves half an archive', async () => {
    const archive = path.join(work, 'taken.tar.gz');
    fs.writeFileSync(archive, 'precious');
    await expect(backupSqlite(dataOf(h.dataDir), archive)).rejects.toThrow(/already exists.*--force/);
    expect(fs.readFileSync(archive, 'utf8')).toBe('precious');
    await backupSqlite(dataOf(h.dataDir), archive, { overwrite: true });
    expect(fs.readFileSync(archive).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip

    // A failure part way (here: the database file is not a database) leaves no file behind.
    const broken = path.join(work, 'broken-data');
    fs.mkdirSync(broken);
    fs.writeFileSync(dataOf(broken).databaseFile, 'not a database at all, just some text '.repeat(200));
    await expect(backupSqlite(dataOf(broken), path.join(work, 'half.tar.gz'))).rejects.toThrow();
    expect(fs.readdirSync(work).sort()).toEqual(['broken-data', 'taken.tar.gz']);
  });

  it('refuses a DATA_DIR without a database instead of making one', async () => {
    const missing = path.join(work, 'mistyped');
    await expect(backupSqlite(dataOf(missing), path.join(work, 'x.tar.gz'))).rejects.toThrow(
      `No database at ${dataOf(missing).databaseFile}`,
    );
    expect(fs.existsSync(missing)).toBe(false);
    expect(fs.existsSync(path.join(work, 'x.tar.gz'))).toBe(false);
  });

  describe('restore', () => {
    let archive: string;
    let target: string;
    beforeEach(async () => {
      archive = path.join(work, 'good.tar.gz');
      await backupSqlite(dataOf(h.dataDir), archive);
      // A DATA_DIR with a database of its own (no server on it) and an image of its own.
      target = path.join(work, 'target-data');
      await restoreSqlite(dataOf(target), archive);
      const own = new SqliteDatabase(dataOf(target).databaseFile);
      own.prepare("update users set username = 'changed' where id = ?").run(playerId);
      own.close();
      fs.writeFileSync(path.join(target, 'images', 'uploads', 'own.webp'), 'own');
    });

    async function expectRefusedUntouched(file: string, message: RegExp, options: { force?: boolean } = {}) {
      const before = snapshot(target);
      const error = await restoreSqlite(dataOf(target), file, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupRefused);
      expect((error as Error).message).toMatch(message);
      expect(snapshot(target)).toEqual(before);
    }

    it('refuses a missing, truncated or foreign archive, even with --force, leaving DATA_DIR alone', async () => {
      await expectRefusedUntouched(path.join(work, 'nope.tar.gz'), /No archive at/, { force: true });
      const bytes = fs.readFileSync(archive);
      const truncated = path.join(work, 'truncated.tar.gz');
      fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expectRefusedUntouched(truncated, /not a readable backup archive/, { force: true });
      const garbage = path.join(work, 'garbage.tar.gz');
      fs.writeFileSync(garbage, 'this is not an archive');
      await expectRefusedUntouched(garbage, /not a readable backup archive/, { force: true });

      // A well-formed archive with no manifest, or one whose database is damaged.
      const parts = fs.mkdtempSync(path.join(work, 'parts-'));
      await tar.extract({ file: archive, cwd: parts });
      const manifest = JSON.parse(fs.readFileSync(path.join(parts, 'manifest.json'), 'utf8'));
      const noManifest = path.join(work, 'no-manifest.tar.gz');
      await tar.create({ gzip: true, file: noManifest, cwd: parts }, ['starport.sqlite']);
      await expectRefusedUntouched(noManifest, /no readable manifest\.json/, { force: true });

      // Damage a page in the middle, and give the manifest the damaged file's size and checksum, so
      // it is SQLite's own check that says no.
      const db = path.join(parts, 'starport.sqlite');
      const content = fs.readFileSync(db);
      content.fill(0x55, 4096 + 100, 4096 * 3);
      fs.writeFileSync(db, content);
      const { createHash } = await import('node:crypto');
      manifest.database.sha256 = createHash('sha256').update(content).digest('hex');
      fs.writeFileSync(path.join(parts, 'manifest.json'), JSON.stringify(manifest));
      const damaged = path.join(work, 'damaged.tar.gz');
      await tar.create({ gzip: true, file: damaged, cwd: parts }, ['manifest.json', 'starport.sqlite']);
      await expectRefusedUntouched(damaged, /fails SQLite.s integrity check/, { force: true });
    });

    it('refuses to restore over an existing database without --force', async () => {
      await expectRefusedUntouched(archive, /already holds data \(starport\.sqlite, images\).*--force/);
    });

    it('with --force moves the database and images that were there aside, and they still open', async () => {
      const result = await restoreSqlite(dataOf(target), archive, { force: true });
      expect(result.movedAside).toMatch(/before-restore-/);
      const aside = result.movedAside as string;
      expect(path.dirname(aside)).toBe(target);
      expect(await readUser(target, playerId)).toMatchObject({ username: 'keeper', credits: 250 });
      expect(fs.existsSync(path.join(target, 'images', 'uploads', 'own.webp'))).toBe(false);
      expect(fs.readFileSync(path.join(aside, 'images', 'uploads', 'own.webp'), 'utf8')).toBe('own');
      expect(await readUser(aside, playerId)).toMatchObject({ username: 'changed', credits: 250 });
    });

    it('with --force refuses while a server has the database open', async () => {
      const server = new SqliteDatabase(dataOf(target).databaseFile);
      server.pragma('journal_mode = WAL');
      server.prepare('select count(*) from users').get();
      try {
        await expectRefusedUntouched(archive, /in use \(is the server running\?\)/, { force: true });
      } finally {
        server.close();
      }
    });
  });
});
