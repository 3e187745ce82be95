// `npm run admin -- grant|revoke EMAIL`, run as a self-hoster would: the built CLI on a data folder.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContext } from '../src/boot.ts';
import { loadConfig } from '../src/config.ts';
import { findUserByNormalizedEmail } from '../src/db/repositories/users.ts';
import { silentLogger } from '../src/logger.ts';
import { register } from '../src/services/accounts.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
let dataDir: string;

function runCli(...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(serverDir, 'dist', 'admin-cli.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

async function isAdmin(email: string) {
  const { ctx, database } = await openContext(loadConfig({ DATA_DIR: dataDir }), { logger: silentLogger });
  const user = await findUserByNormalizedEmail(ctx.db, email);
  await database.close();
  return user?.is_admin === 1;
}

describe('the admin CLI', () => {
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-cli-'));
    const { ctx, database } = await openContext(loadConfig({ DATA_DIR: dataDir }), { logger: silentLogger });
    const meta = { address: 'test', userAgent: null };
    await register(ctx, { email: 'one@example.com', username: 'one', password: 'Orbital-Drift-42' }, meta);
    await register(ctx, { email: 'two@example.com', username: 'two', password: 'Orbital-Drift-42' }, meta);
    await database.close();
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('grants, revokes and refuses to revoke the last administrator', async () => {
    expect(runCli('grant', 'ONE@example.com')).toMatchObject({
      code: 0,
      stdout: 'ONE@example.com is now an administrator',
    });
    expect(await isAdmin('one@example.com')).toBe(true);
    expect(runCli('grant', 'one@example.com').stdout).toBe('one@example.com was already an administrator');
    expect(runCli('revoke', 'one@example.com')).toMatchObject({
      code: 1,
      stderr: 'The last administrator cannot be revoked',
    });
    expect(runCli('grant', 'two@example.com').code).toBe(0);
    expect(runCli('revoke', 'one@example.com')).toMatchObject({
      code: 0,
      stdout: 'one@example.com is no longer an administrator',
    });
    expect(await isAdmin('one@example.com')).toBe(false);
  });

  it('says what is wrong with an unknown email or a bad command', () => {
    expect(runCli('grant', 'ghost@example.com')).toMatchObject({
      code: 1,
      stderr: 'No account with the email ghost@example.com',
    });
    expect(runCli('promote')).toMatchObject({ code: 2, stderr: 'Usage: npm run admin -- grant EMAIL | revoke EMAIL' });
  });
});
