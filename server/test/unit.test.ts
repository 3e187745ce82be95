// Unit rules: configuration, the rate limiter, password hashing parameters,
// discounted prices and unique violations.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CREDIT_CODE_ALPHABET,
  discountedPrice,
  effectiveDiscount,
  effectivePrice,
  formatCreditCode,
  normalizeCreditCode,
} from '@starport/api-client/contract';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, loadDotEnv } from '../src/config.ts';
import { isUniqueViolation } from '../src/db/dialect.ts';
import { describeWait } from '../src/lib/rate-limiter.ts';
import { createMemoryRateLimiter } from '../src/lib/rate-limiter-memory.ts';
import { createLogger } from '../src/logger.ts';
import { needsRehash } from '../src/services/accounts/passwords.ts';
import { newCreditCode } from '../src/services/purchases/credit-codes.ts';

describe('loadConfig', () => {
  it('needs nothing: SQLite in ./data, port 3000, documented limits', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.rateLimits.loginPerAddress).toEqual({ limit: 20, windowMs: 300_000 });
    expect(config.rateLimits.registerPerAddress).toEqual({ limit: 10, windowMs: 3_600_000 });
    expect(config.tradeLockMs).toBe(7 * 24 * 3_600_000);
    expect(config.rateLimits.failedLoginsPerAccountAddress).toEqual({ limit: 10, windowMs: 900_000 });
    expect(config.rateLimits.failedLoginsPerAccount).toEqual({ limit: 100, windowMs: 3_600_000 });
    expect(config.rateLimits.failedLoginDelay).toEqual({ after: 3, firstMs: 2_000, growth: 2 });
    expect(config.sessionIdleMs).toBe(7 * 86_400_000);
    expect(config.sessionAbsoluteMs).toBe(30 * 86_400_000);
  });

  it('reads the environment and refuses nonsense with a clear message', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://play.example/' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h/db', publicUrl: 'https://play.example' });
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT must be a whole number of at least 0 (got "abc")');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must be a postgres:// URL');
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow('TRUST_PROXY must be true or false');
  });
});

describe('createLogger', () => {
  it('writes one JSON line per entry, escaping line breaks in what it is given', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    logger.debug('not shown');
    logger.warn('auth.login_failed', { email: 'a@b.co\n{"forged":true}' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: 'warn',
      msg: 'auth.login_failed',
      email: 'a@b.co\n{"forged":true}',
      time: expect.stringMatching(/Z$/),
    });
  });

  it('says which levels it writes, so callers can skip gathering what would be dropped', () => {
    const logger = createLogger('warn', () => {});
    expect(['debug', 'info', 'warn', 'error'].map((l) => logger.enabled(l as 'info'))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('loadDotEnv', () => {
  it('reads a .env file, and variables already set win', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-env-'));
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, 'STARPORT_TEST_A=from-file\nSTARPORT_TEST_B=from-file\n');
    process.env.STARPORT_TEST_B = 'from-env';
    try {
      loadDotEnv(file);
      expect(process.env.STARPORT_TEST_A).toBe('from-file');
      expect(process.env.STARPORT_TEST_B).toBe('from-env');
      loadDotEnv(path.join(dir, 'missing.env'));
    } finally {
      delete process.env.STARPORT_TEST_A;
      delete process.env.STARPORT_TEST_B;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('memory rate limiter', () => {
  // The library reads Date.now(): only Date is faked, timers run as usual.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('allows the limit within a window, refuses beyond it, and opens again when the window ends', async () => {
    const limiter = createMemoryRateLimiter('t', { limit: 2, windowMs: 60_000 });
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(true);
    later(20_000);
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterMs: 40_000, attempts: 3, windowLeftMs: 40_000 });
    expect((await limiter.check('a')).allowed).toBe(false);
    expect((await limiter.hit('b')).allowed).toBe(true);
    later(40_000);
    expect((await limiter.check('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(true);
  });

  it('release gives back one attempt', async () => {
    const limiter = createMemoryRateLimiter('t', { limit: 2, windowMs: 60_000 });
    await limiter.hit('a');
    await limiter.hit('a');
    await limiter.release('a');
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
  });

  it('check tells what the window holds without counting', async () => {
    const limiter = createMemoryRateLimiter('t', { limit: 3, windowMs: 60_000 });
    expect(await limiter.check('a')).toEqual({ allowed: true, retryAfterMs: 0, attempts: 0, windowLeftMs: 0 });
    await limiter.hit('a');
    later(15_000);
    expect(await limiter.check('a')).toEqual({ allowed: true, retryAfterMs: 0, attempts: 1, windowLeftMs: 45_000 });
    await limiter.hit('a');
    await limiter.hit('a');
    expect(await limiter.check('a')).toEqual({
      allowed: false,
      retryAfterMs: 45_000,
      attempts: 3,
      windowLeftMs: 45_000,
    });
  });

  it('block refuses a key for the time given, in whole seconds, then lets it go', async () => {
    const limiter = createMemoryRateLimiter('t', { limit: 1, windowMs: 60_000 });
    await limiter.block('a', 4_500);
    expect(await limiter.check('a')).toMatchObject({ allowed: false, retryAfterMs: 5_000 });
    expect((await limiter.check('b')).allowed).toBe(true);
    later(5_000);
    expect((await limiter.check('a')).allowed).toBe(true);
  });

  it('reset forgets a key', async () => {
    const limiter = createMemoryRateLimiter('t', { limit: 1, windowMs: 60_000 });
    await limiter.hit('a');
    await limiter.hit('a');
    await limiter.reset('a');
    expect((await limiter.check('a')).allowed).toBe(true);
  });

  it('keeps at most its number of live keys, dropping the oldest', async () => {
    const limiter = createMemoryRateLimiter('t', { limit: 1, windowMs: 60_000 }, 2);
    for (const key of ['a', 'b', 'c']) await limiter.hit(key);
    // 'a' was dropped for room, so it starts afresh; 'b' and 'c' are still counted.
    expect((await limiter.check('a')).allowed).toBe(true);
    expect((await limiter.check('c')).allowed).toBe(false);
  });

  it('describes the wait in seconds under a minute, then in minutes', () => {
    expect(describeWait(1)).toBe('in a second');
    expect(describeWait(1_500)).toBe('in 2 seconds');
    expect(describeWait(59_000)).toBe('in 59 seconds');
    expect(describeWait(59_001)).toBe('in a minute');
    expect(describeWait(60_000)).toBe('in a minute');
    expect(describeWait(61_000)).toBe('in 2 minutes');
  });
});

describe('passwords', () => {
  it('asks for a rehash when parameters differ or the hash is not argon2id', () => {
    expect(needsRehash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA')).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdA$aGFzaA')).toBe(true);
    expect(needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA')).toBe(true);
    expect(needsRehash('$scrypt$whatever')).toBe(true);
  });
});

describe('discountedPrice', () => {
  it('takes the percentage off and rounds to the nearest whole credit or cent', () => {
    expect(discountedPrice(1500, 20)).toBe(1200);
    expect(discountedPrice(9000, 10)).toBe(8100);
    expect(discountedPrice(1999, 25)).toBe(1499);
    expect(discountedPrice(999, 0)).toBe(999);
    expect(discountedPrice(999, 100)).toBe(0);
  });

  it('never goes below zero or above the price, whatever the discount says', () => {
    expect(discountedPrice(500, 150)).toBe(0);
    expect(discountedPrice(500, -20)).toBe(500);
  });
});

describe('effectivePrice (issue 22)', () => {
  it('takes the better of the item’s own discount and the running sale, never both', () => {
    expect(effectiveDiscount({ discount: 10, sale: { percent: 30 } })).toBe(30);
    expect(effectiveDiscount({ discount: 50, sale: { percent: 30 } })).toBe(50);
    expect(effectiveDiscount({ discount: 20, sale: null })).toBe(20);
    expect(effectiveDiscount({ discount: 20 })).toBe(20);
    expect(effectivePrice(1000, { discount: 10, sale: { percent: 30 } })).toBe(700);
    expect(effectivePrice(1000, { discount: 50, sale: { percent: 30 } })).toBe(500);
    expect(effectivePrice(1999, { discount: 0, sale: { percent: 25 } })).toBe(1499);
  });
});

describe('credit codes (issue 22)', () => {
  it('are 20 characters of the readable alphabet, 100 random bits, shown in groups of four', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newCreditCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${CREDIT_CODE_ALPHABET}]{20}$`));
    expect(CREDIT_CODE_ALPHABET).toHaveLength(32);
    // Every character of the alphabet turns up (the low 5 bits of a byte pick them evenly).
    expect(new Set([...codes].join('')).size).toBe(32);
    expect(formatCreditCode('ABCD2345EFGH6789JKMN')).toBe('ABCD-2345-EFGH-6789-JKMN');
  });

  it('are read as players type them: any case, spaces and dashes, O for 0 and I or L for 1', () => {
    expect(normalizeCreditCode(' abcd-2345 efgh-6789-jkmn ')).toBe('ABCD2345EFGH6789JKMN');
    expect(normalizeCreditCode('o0il-1')).toBe('00111');
  });
});

describe('isUniqueViolation', () => {
  it('knows a repeated primary key and a repeated unique column on SQLite', () => {
    const db = new Database(':memory:');
    db.exec('create table t (id text primary key, name text unique)');
    db.prepare('insert into t values (?, ?)').run('a', 'x');
    const errorOf = (sql: string) => {
      try {
        db.prepare(sql).run();
      } catch (error) {
        return error;
      }
      return null;
    };
    expect(isUniqueViolation(errorOf("insert into t values ('a', 'y')"))).toBe(true);
    expect(isUniqueViolation(errorOf("insert into t values ('b', 'x')"))).toBe(true);
    expect(isUniqueViolation(errorOf("insert into t values (null, null, 'too many')"))).toBe(false);
    db.close();
  });
});
