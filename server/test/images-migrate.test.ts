// `npm run admin -- images migrate`: a library kept on disk (a SQLite install moving to PostgreSQL)
// is copied into the database, served from there by any instance, and a second run skips it all.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imagesDir, SEED_IMAGES_DIR } from '../src/boot.ts';
import { migrateDiskImagesToDatabase } from '../src/services/catalogue/image-migration.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { call } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
// Its own build folder: admin-cli.test.ts builds (and removes) dist-test at the same time.
const outdir = 'dist-test-images';
const cli = path.join(serverDir, outdir, 'admin-cli.js');

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', `--outdir=${outdir}`], { cwd: serverDir });
});
afterAll(() => {
  fs.rmSync(path.join(serverDir, outdir), { recursive: true, force: true });
});

const needsPostgres =
  'images migrate moves pictures into the database used with DATABASE_URL (PostgreSQL); with SQLite they stay in DATA_DIR/images, where they are served from.';

describe.each(dialects)('images migrate on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let older: string;
  let newer: string;
  let seed: string;
  beforeEach(async () => {
    h = await createHarness(dialect);
    ({ admin } = await adminAndPlayer(h));
    // A library as a SQLite install left it: two uploads, a seed picture, and files that are not pictures of it.
    const root = imagesDir(h.ctx.config);
    fs.mkdirSync(path.join(root, 'uploads'), { recursive: true });
    fs.mkdirSync(path.join(root, 'seed'), { recursive: true });
    older = path.join(root, 'uploads', 'older-upload.webp');
    newer = path.join(root, 'uploads', 'newer-upload.webp');
    seed = path.join(root, 'seed', 'credits-500.webp');
    const picture = (background: string) =>
      sharp({ create: { width: 30, height: 20, channels: 3, background } })
        .webp()
        .toBuffer();
    fs.writeFileSync(older, await picture('#ff0000'));
    fs.writeFileSync(newer, await picture('#0000ff'));
    fs.copyFileSync(path.join(SEED_IMAGES_DIR, 'credits-500.webp'), seed);
    fs.utimesSync(older, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    fs.utimesSync(newer, new Date('2026-02-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'));
    fs.utimesSync(seed, new Date('2025-12-01T00:00:00Z'), new Date('2025-12-01T00:00:00Z'));
    fs.writeFileSync(path.join(root, 'uploads', '.half.webp.part'), 'unfinished');
    fs.writeFileSync(path.join(root, 'uploads', 'notes.txt'), 'not a picture');
  });
  afterEach(async () => {
    await h.close();
  });

  function runCli(...args: string[]) {
    const env = { ...process.env, DATA_DIR: h.dataDir, DATABASE_URL: h.databaseUrl, LOG_LEVEL: 'warn' };
    const result = spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8' });
    return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
  }

  if (dialect === 'sqlite') {
    it('refuses: on SQLite the pictures are served from the data folder already', async () => {
      await expect(migrateDiskImagesToDatabase(h.ctx, imagesDir(h.ctx.config))).rejects.toThrow(needsPostgres);
      expect(runCli('images', 'migrate')).toMatchObject({ code: 1, stderr: needsPostgres });
      // Still served from disk, as before.
      expect((await h.app.request('/images/uploads/older-upload.webp')).status).toBe(200);
    });
    return;
  }

  it('copies the disk library into the database, newest first, byte for byte; a second run skips it', async () => {
    // Before: the database store does not know them.
    expect((await h.app.request('/images/uploads/older-upload.webp')).status).toBe(404);

    expect(await migrateDiskImagesToDatabase(h.ctx, imagesDir(h.ctx.config))).toEqual({
      moved: 3,
      skipped: 0,
      ignored: 2,
    });
    const other = await h.openInstance();
    for (const [url, file] of [
      ['/images/uploads/older-upload.webp', older],
      ['/images/uploads/newer-upload.webp', newer],
      ['/images/seed/credits-500.webp', seed],
    ] as const) {
      const res = await other.app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(file)), url).toBe(true);
    }
    const listed = await call(h, 'GET', '/api/shop/admin/images', { token: admin.token });
    expect(listed.json.images).toEqual([
      '/images/uploads/newer-upload.webp',
      '/images/uploads/older-upload.webp',
      '/images/seed/credits-500.webp',
    ]);

    // The built CLI, as an operator runs it: everything is there now.
    const again = runCli('images', 'migrate');
    expect(again).toMatchObject({
      code: 0,
      stdout: `0 images moved into the database, 3 already there, 2 other files ignored (the files in ${imagesDir(h.ctx.config)} are left in place)`,
    });
    expect(fs.existsSync(older)).toBe(true);
  });
});
