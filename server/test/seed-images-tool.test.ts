// The seed pictures the server ships are what tools/draw-seed-images.mjs draws: run from the
// repository root as its README says, into a folder of the test's own, it gives the same bytes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SEED_IMAGES_DIR } from '../src/boot.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('tools/draw-seed-images.mjs', () => {
  it('redraws a shipped seed picture byte for byte, writing only where it is told', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-seed-images-'));
    onTestFinished(() => fs.rmSync(out, { recursive: true, force: true }));
    const shipped = fs.readFileSync(path.join(SEED_IMAGES_DIR, 'credits-500.webp'));
    const before = fs.statSync(path.join(SEED_IMAGES_DIR, 'credits-500.webp')).mtimeMs;

    execFileSync(process.execPath, ['tools/draw-seed-images.mjs', `--out=${out}`, 'credits-500'], {
      cwd: repoRoot,
      stdio: 'pipe',
    });

    expect(fs.readdirSync(out)).toEqual(['credits-500.webp']);
    expect(fs.readFileSync(path.join(out, 'credits-500.webp')).equals(shipped)).toBe(true);
    expect(fs.statSync(path.join(SEED_IMAGES_DIR, 'credits-500.webp')).mtimeMs).toBe(before);
  });
});
