// V6 Authentication (6.1.1, 6.3.1): "failed logins limited per address and per account and address together, counting only attempts that reached the password check; one address retrying forever never locks the owner out, and the owner signs in from another address with the right password"; "rate limits hold across instances" (SECURITY.md).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, registerPlayer } from '../helpers/http.ts';
import { createHarness, dialects, type TestHarness, type TestInstance } from '../helpers/test-context.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const ATTACKER = '198.51.100.66';
const OWNER = '192.0.2.1';
const from = (address: string) => ({ 'X-Forwarded-For': address });
const tooManyFailures = (wait: string) =>
  `Too many failed login attempts for this account. Please try again in ${wait}.`;

/** Moves the app's clock and Date.now() (the limiter's) together; only Date is faked. */
function useMovableTime(harness: () => TestHarness) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return (ms: number) => {
    harness().clock.advance(ms);
    vi.setSystemTime(Date.now() + ms);
  };
}

type App = Pick<TestHarness, 'app'>;

async function signIn(app: App, email: string, password: string, address: string) {
  return call(app, 'POST', '/api/auth/login', { body: { email, password }, headers: from(address) });
}

describe.each(dialects)('failed sign-ins on %s', (dialect) => {
  let h: TestHarness;
  afterEach(async () => {
    await h.close();
  });
  const later = useMovableTime(() => h);

  async function open(env: Record<string, string>) {
    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true', ...env } });
    const player = await registerPlayer(h);
    const guess = (i: number, address = ATTACKER) => signIn(h, player.user.email, `guess-${i}-x`, address);
    const right = (address: string) => signIn(h, player.user.email, player.password, address);
    return { player, guess, right };
  }

  it('one address retrying 260 times against a ceiling of 5 never locks the owner out, and is refused only until the window ends', async () => {
    const { guess, right } = await open({ FAILED_LOGIN_LIMIT_PER_ACCOUNT: '5' });
    const windowEnds = Date.now() + 60 * MINUTE;
    for (let i = 0; i < 5; i++) expect((await guess(i)).status).toBe(401);
    for (let i = 5; i < 260; i++) {
      later(10 * SECOND);
      const refused = await guess(i);
      expect(refused.status).toBe(429);
      expect(refused.json.error.code).toBe('rate_limited');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      // Refused attempts never push the end of the window further away.
      expect(Date.now() + retryAfter * SECOND).toBeLessThanOrEqual(windowEnds + SECOND);
    }
    // The owner, from their own address, with the right password.
    const owner = await right(OWNER);
    expect(owner.status).toBe(200);
    expect(owner.json.token).toEqual(expect.any(String));
    // Once the window has ended the attacker's address has its password checked again.
    later(windowEnds - Date.now());
    expect((await guess(260)).status).toBe(401);
    expect((await right(ATTACKER)).status).toBe(200);
  });

  it('makes one address wait longer after each failure beyond the first few, whatever the password, never past the window', async () => {
    const { guess, right } = await open({
      FAILED_LOGIN_LIMIT_PER_ACCOUNT_ADDRESS: '6',
      FAILED_LOGIN_DELAY_AFTER: '3',
      FAILED_LOGIN_FIRST_DELAY_SECONDS: '2',
      FAILED_LOGIN_DELAY_GROWTH: '2',
    });
    for (let i = 0; i < 3; i++) expect((await guess(i)).status).toBe(401);
    const waiting = await right(ATTACKER);
    expect(waiting.status).toBe(429);
    expect(waiting.json.error.message).toBe(tooManyFailures('2 seconds'));
    expect(waiting.headers.get('retry-after')).toBe('2');
    later(SECOND);
    // Asking again during the wait does not make it longer.
    expect((await guess(3)).headers.get('retry-after')).toBe('1');
    later(SECOND);
    expect((await guess(4)).status).toBe(401);
    later(3 * SECOND);
    expect((await guess(5)).headers.get('retry-after')).toBe('1');
    later(SECOND);
    expect((await guess(6)).status).toBe(401);
    later(7 * SECOND);
    expect((await guess(7)).status).toBe(429);
    later(SECOND);
    // The sixth failure is the limit: that address waits for the end of the 15-minute window.
    expect((await guess(8)).status).toBe(401);
    const locked = await right(ATTACKER);
    expect(locked.status).toBe(429);
    expect(locked.json.error.message).toBe(tooManyFailures('15 minutes'));
    expect(Number(locked.headers.get('retry-after'))).toBe(15 * 60 - 14);
    // The owner elsewhere is not slowed at all.
    expect((await right(OWNER)).status).toBe(200);
    later(15 * MINUTE - 14 * SECOND);
    expect((await right(ATTACKER)).status).toBe(200);
  });

  it('forgets the failures of an address when the right password is given there', async () => {
    const { guess, right } = await open({ FAILED_LOGIN_DELAY_AFTER: '2', FAILED_LOGIN_FIRST_DELAY_SECONDS: '30' });
    expect((await guess(0)).status).toBe(401);
    expect((await guess(1)).status).toBe(401);
    expect((await right(ATTACKER)).status).toBe(429);
    later(30 * SECOND);
    expect((await right(ATTACKER)).status).toBe(200);
    expect((await guess(2)).status).toBe(401);
    expect((await guess(3)).status).toBe(401);
  });

  it('lets no more guesses sent at once from one address be checked than its limit, and counts the refused ones nowhere', async () => {
    const { guess } = await open({ FAILED_LOGIN_LIMIT_PER_ACCOUNT_ADDRESS: '5', FAILED_LOGIN_LIMIT_PER_ACCOUNT: '7' });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => guess(i)));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(25);
    // Five failures counted for the account, not thirty: a second address still has two checked
    // guesses before the account's ceiling of seven is reached.
    expect((await guess(30, '203.0.113.5')).status).toBe(401);
    expect((await guess(31, '203.0.113.5')).status).toBe(401);
    expect((await guess(32, '203.0.113.5')).status).toBe(429);
  });
});

// N instances behind a load balancer share one count (ARCHITECTURE.md, "One process, or many").
describe.runIf(dialects.includes('postgres'))('failed sign-ins shared by two instances on PostgreSQL', () => {
  let h: TestHarness;
  let other: TestInstance;
  afterEach(async () => {
    await other.close();
    await h.close();
  });
  const later = useMovableTime(() => h);

  it('delays, refuses and lets the owner in the same whichever instance answers', async () => {
    h = await createHarness('postgres', {
      env: {
        TRUST_PROXY: 'true',
        FAILED_LOGIN_LIMIT_PER_ACCOUNT: '5',
        FAILED_LOGIN_DELAY_AFTER: '3',
        FAILED_LOGIN_FIRST_DELAY_SECONDS: '2',
      },
    });
    other = await h.openInstance();
    const instance = (i: number) => (i % 2 === 0 ? h : other);
    const player = await registerPlayer(h);
    const guess = (i: number) => signIn(instance(i), player.user.email, `guess-${i}-x`, ATTACKER);
    for (let i = 0; i < 3; i++) expect((await guess(i)).status).toBe(401);
    expect((await guess(3)).headers.get('retry-after')).toBe('2');
    expect((await guess(4)).headers.get('retry-after')).toBe('2');
    later(2 * SECOND);
    expect((await guess(5)).status).toBe(401);
    later(4 * SECOND);
    // The fifth failure reaches the account's ceiling: this address waits for the hour to end.
    expect((await guess(6)).status).toBe(401);
    for (let i = 7; i < 40; i++) {
      later(MINUTE);
      expect((await guess(i)).status).toBe(429);
    }
    for (const app of [h, other]) {
      expect((await signIn(app, player.user.email, player.password, OWNER)).status).toBe(200);
    }
  });
});
