// ASVS V13 Configuration: SECURITY.md "Sandbox payments only with an explicit PAYMENTS=sandbox, never when NODE_ENV looks like production in any spelling".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { addItem, addTier } from '../helpers/catalogue-factories.ts';
import { call, registerPlayer } from '../helpers/http.ts';
import { paymentsOf } from '../helpers/payments.ts';
import { type BuiltServer, buildServer } from '../helpers/server-process.ts';
import { createHarness, dialects, type TestHarness } from '../helpers/test-context.ts';

const KEYS = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const PRODUCTION_SPELLINGS = [
  'production',
  'Production',
  'PRODUCTION',
  ' production ',
  'prod',
  'Prod',
  'PROD',
  'prd',
  'live',
  'Live',
  'production-eu',
  'prod_2',
];

describe('which payments a configuration runs', () => {
  it('runs no card payments without keys and without PAYMENTS, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'development', 'production', 'prod']) {
      expect(loadConfig({ NODE_ENV }).payments).toEqual({ mode: 'off' });
    }
    expect(loadConfig({ PAYMENTS: 'off', ...KEYS }).payments).toEqual({ mode: 'off' });
  });

  it('runs the sandbox only when PAYMENTS=sandbox says so, in any case and with spaces around it', () => {
    for (const PAYMENTS of ['sandbox', 'Sandbox', ' SANDBOX ']) {
      expect(loadConfig({ PAYMENTS }).payments).toEqual({ mode: 'sandbox' });
    }
    for (const NODE_ENV of ['development', 'test', 'staging', 'preprod', '']) {
      expect(loadConfig({ PAYMENTS: 'sandbox', NODE_ENV }).payments).toEqual({ mode: 'sandbox' });
    }
    // An explicit choice wins over keys left in the environment.
    expect(loadConfig({ PAYMENTS: 'sandbox', ...KEYS }).payments).toEqual({ mode: 'sandbox' });
  });

  it.each(PRODUCTION_SPELLINGS)('refuses PAYMENTS=sandbox when NODE_ENV is %j', (NODE_ENV) => {
    expect(() => loadConfig({ PAYMENTS: 'sandbox', NODE_ENV })).toThrow(
      `PAYMENTS=sandbox is refused when NODE_ENV is "${NODE_ENV.trim()}"`,
    );
    // With keys too: the sandbox would still give everything away.
    expect(() => loadConfig({ PAYMENTS: 'sandbox', NODE_ENV, ...KEYS })).toThrow(/PAYMENTS=sandbox is refused/);
  });

  it('takes keys as Stripe, with or without PAYMENTS=stripe, and refuses PAYMENTS=stripe without them', () => {
    const stripe = { mode: 'stripe', secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: null };
    expect(loadConfig(KEYS).payments).toEqual(stripe);
    expect(loadConfig({ ...KEYS, PAYMENTS: 'Stripe', NODE_ENV: 'production' }).payments).toEqual(stripe);
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(
      'PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY',
    );
    expect(() => loadConfig({ ...KEYS, STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
    expect(loadConfig({ ...KEYS, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments).toEqual({
      ...stripe,
      apiBase: { protocol: 'http', host: '127.0.0.1', port: 12111 },
    });
  });

  it('refuses an unknown PAYMENTS value and the replaced PAYMENTS_SANDBOX', () => {
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow('PAYMENTS must be stripe, sandbox or off (got "free")');
    for (const PAYMENTS_SANDBOX of ['1', 'true', '0']) {
      expect(() => loadConfig({ PAYMENTS_SANDBOX })).toThrow('PAYMENTS_SANDBOX was replaced by PAYMENTS=sandbox');
    }
  });
});

describe('a server started with the sandbox in production', () => {
  let built: BuiltServer;
  beforeAll(() => {
    built = buildServer('dist-test-v13');
  });
  afterAll(() => built.remove());

  it('refuses to start, with one line saying why, before it opens any database', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-v13-'));
    const started = spawnSync(process.execPath, [built.entry], {
      env: {
        ...process.env,
        PAYMENTS: 'sandbox',
        PAYMENTS_SANDBOX: '',
        NODE_ENV: 'Production',
        PORT: '0',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
      },
      encoding: 'utf8',
      // A server that starts instead would run until killed here.
      timeout: 10_000,
    });
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(started.status).toBe(1);
    expect(started.stdout).toBe('');
    expect(started.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Starport could not start: PAYMENTS=sandbox is refused when NODE_ENV is "Production"/),
    ]);
  });
});

describe.each(dialects)('card payments switched off on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect, { env: { PAYMENTS: '' } });
  });
  afterEach(async () => {
    await h.close();
  });

  it('answers every payment call 503 with a clear message and records nothing', async () => {
    const ship = await addItem(h, { price_usd_cents: 999 });
    const tier = await addTier(h, { price_cents: 499 });
    const player = await registerPlayer(h);
    const off = {
      message: 'Card payments are not configured on this server',
      code: 'service_unavailable',
      requestId: expect.any(String),
    };
    const attempts: [string, unknown][] = [
      ['/api/stripe/create-checkout-session', { items: [{ itemId: ship.id, quantity: 1 }] }],
      ['/api/stripe/subscribe', { tierId: tier.id }],
      ['/api/stripe/change-tier', { tierId: tier.id }],
      ['/api/stripe/portal', undefined],
    ];
    for (const [path, body] of attempts) {
      const res = await call(h, 'POST', path, { token: player.token, body });
      expect([path, res.status, res.json?.error]).toEqual([path, 503, off]);
    }
    expect(await paymentsOf(h, player.user._id)).toEqual([]);
  });
});
