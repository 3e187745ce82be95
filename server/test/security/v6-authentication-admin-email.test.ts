// V6 Authentication: "ADMIN_EMAIL never promotes an existing account whose password does not match ADMIN_PASSWORD" (SECURITY.md).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findUserForSignIn } from '../../src/db/repositories/users.ts';
import { ensureConfiguredAdmin } from '../../src/services/admin/administrators.ts';
import { call, registerPlayer } from '../helpers/http.ts';
import { type BuiltServer, buildServer, startServer, stopServer } from '../helpers/server-process.ts';
import { createHarness, dialects, type TestHarness } from '../helpers/test-context.ts';

const EMAIL = 'ops@starport.test';
const refusal = (why: string) =>
  `an account with ADMIN_EMAIL ${EMAIL} already exists and ADMIN_PASSWORD ${why}; if it is yours, run ` +
  `"npm run admin -- grant ${EMAIL}" or set its password as ADMIN_PASSWORD`;

let built: BuiltServer;
beforeAll(() => {
  built = buildServer('dist-test-v6-admin-email');
});
afterAll(() => built.remove());

describe.each(dialects)('ADMIN_EMAIL naming an existing account on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });

  /** Someone signed up with the operator's address before the operator set ADMIN_EMAIL. */
  async function squat() {
    h = await createHarness(dialect, { startsNow: true });
    const squatter = await registerPlayer(h, { email: EMAIL });
    const before = await findUserForSignIn(h.ctx.db, EMAIL);
    const configure = (adminPassword: string | null) => {
      h.ctx.config = { ...h.ctx.config, adminEmail: EMAIL, adminPassword };
    };
    const expectUnchanged = async () => {
      expect(await findUserForSignIn(h.ctx.db, EMAIL)).toEqual(before);
      const me = await call(h, 'GET', '/api/auth/me', { token: squatter.token });
      expect(me.json.user.isAdmin).toBe(false);
      const audit = await h.ctx.db.selectFrom('audit_log').select('action').execute();
      expect(audit).toEqual([]);
    };
    return { squatter, configure, expectUnchanged };
  }

  it('refuses to start, without promoting, when ADMIN_PASSWORD is unset', async () => {
    const { configure, expectUnchanged } = await squat();
    configure(null);
    await expect(ensureConfiguredAdmin(h.ctx)).rejects.toThrow(refusal('is not set'));
    await expectUnchanged();
  });

  it('refuses to start, without promoting, when ADMIN_PASSWORD is not its password', async () => {
    const { configure, expectUnchanged } = await squat();
    configure('Operator-Secret-9');
    await expect(ensureConfiguredAdmin(h.ctx)).rejects.toThrow(refusal('does not match it'));
    await expectUnchanged();
  });

  it('promotes it when ADMIN_PASSWORD is its password, and leaves that password as it is', async () => {
    const { squatter, configure } = await squat();
    const hashBefore = (await findUserForSignIn(h.ctx.db, EMAIL))?.password_hash;
    configure(squatter.password);
    expect(await ensureConfiguredAdmin(h.ctx)).toBe('promoted');
    expect((await findUserForSignIn(h.ctx.db, EMAIL))?.password_hash).toBe(hashBefore);
    const me = await call(h, 'GET', '/api/auth/me', { token: squatter.token });
    expect(me.json.user.isAdmin).toBe(true);
  });

  it('has nothing to do for an account that is already an administrator, whatever ADMIN_PASSWORD says', async () => {
    const { configure } = await squat();
    await h.ctx.db.updateTable('users').set({ is_admin: 1 }).where('email_normalized', '=', EMAIL).execute();
    for (const password of [null, 'Operator-Secret-9']) {
      configure(password);
      expect(await ensureConfiguredAdmin(h.ctx)).toBe('unchanged');
    }
  });

  it('a real start prints that one line on stderr and exits 1, promoting no one', async () => {
    const { expectUnchanged } = await squat();
    const start = startServer(built.entry, h, { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: '' });
    const failure = await start.then(
      async (running) => {
        await stopServer(running, 'SIGKILL');
        throw new Error('the server started');
      },
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^server exited with 1:\n/);
    // Log lines are JSON; the refusal is the only other line.
    const plain = failure
      .split('\n')
      .slice(1)
      .filter((line) => line.trim() !== '' && !line.startsWith('{'));
    expect(plain).toEqual([`Starport could not start: ${refusal('is not set')}`]);
    await expectUnchanged();
  }, 30_000);
});
