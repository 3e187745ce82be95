// ASVS V2 Validation and Business Logic (2.4 anti-automation): SECURITY.md "Checkout, order and portal creation are rate-limited per player", per address too, and shared by every instance.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { addItem, addTier } from '../helpers/catalogue-factories.ts';
import type { FakeStripe } from '../helpers/fake-stripe.ts';
import { call, registerPlayer } from '../helpers/http.ts';
import { createStripeHarness, paymentsOf } from '../helpers/payments.ts';
import { createHarness, dialects, type TestHarness } from '../helpers/test-context.ts';

const MINUTE = 60_000;
const from = (address: string) => ({ 'X-Forwarded-For': address });
const tooManyForPlayer = {
  message: 'Too many payment attempts. Please try again in a minute.',
  code: 'rate_limited',
  requestId: expect.any(String),
};

it('limits 10 payment sessions per player and 30 per address a minute unless configured', () => {
  expect(loadConfig({}).rateLimits).toMatchObject({
    checkoutPerPlayer: { limit: 10, windowMs: MINUTE },
    checkoutPerAddress: { limit: 30, windowMs: MINUTE },
  });
  expect(loadConfig({ CHECKOUT_LIMIT_PER_PLAYER: '3', CHECKOUT_LIMIT_PER_ADDRESS: '7' }).rateLimits).toMatchObject({
    checkoutPerPlayer: { limit: 3 },
    checkoutPerAddress: { limit: 7 },
  });
  expect(() => loadConfig({ CHECKOUT_LIMIT_PER_PLAYER: '0' })).toThrow(/CHECKOUT_LIMIT_PER_PLAYER/);
});

describe.each(dialects)('payment session limits on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe | null = null;
  let close: () => Promise<void>;
  // The counters live by the library's clock, Date.now(): it is faked (timers are not) and moved
  // along with the app's, as in rate-limits.test.ts.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await close();
    fake = null;
  });
  const later = (ms: number) => {
    h.clock.advance(ms);
    vi.setSystemTime(Date.now() + ms);
  };
  /** Ships with a cash price, by id (each checkout of another ship is a new session). */
  async function addShips(count: number): Promise<[string, string, string, ...string[]]> {
    const ids: string[] = [];
    for (let n = 1; n <= count; n++) ids.push((await addItem(h, { name: `Ship ${n}`, price_usd_cents: 999 })).id);
    return ids as [string, string, string, ...string[]];
  }
  const sessionsMade = () => fake?.requestsTo('POST', '/v1/checkout/sessions').length;

  async function withStripe(env: Record<string, string>) {
    const opened = await createStripeHarness(dialect, { TRUST_PROXY: 'true', ...env });
    ({ h, fake } = opened);
    close = opened.close;
  }

  it('stops one player past the limit with 429 and Retry-After, makes no Stripe session past it, and lets another player and the next minute through', async () => {
    await withStripe({ CHECKOUT_LIMIT_PER_PLAYER: '3' });
    const ships = await addShips(3);
    const tier = await addTier(h, { price_cents: 499 });
    const [a, b] = [await registerPlayer(h), await registerPlayer(h)];
    const checkout = (token: string, itemId: string, address: string) =>
      call(h, 'POST', '/api/stripe/create-checkout-session', {
        token,
        body: { items: [{ itemId, quantity: 1 }] },
        headers: from(address),
      });

    // Items checkout, subscribe and change tier count against one limit.
    expect((await checkout(a.token, ships[0], '203.0.113.1')).status).toBe(200);
    expect((await checkout(a.token, ships[1], '203.0.113.2')).status).toBe(200);
    const subscribed = await call(h, 'POST', '/api/stripe/subscribe', {
      token: a.token,
      body: { tierId: tier.id },
      headers: from('203.0.113.3'),
    });
    expect(subscribed.status).toBe(200);
    expect(sessionsMade()).toBe(3);

    // A fourth from yet another address: the limit is the player's.
    const refused = await checkout(a.token, ships[2], '203.0.113.4');
    expect([refused.status, refused.json.error]).toEqual([429, tooManyForPlayer]);
    expect(Number(refused.headers.get('retry-after'))).toBe(60);
    for (const path of ['/api/stripe/change-tier', '/api/stripe/portal']) {
      const res = await call(h, 'POST', path, {
        token: a.token,
        body: path.endsWith('tier') ? { tierId: tier.id } : undefined,
        headers: from('203.0.113.4'),
      });
      expect([path, res.status, res.json.error]).toEqual([path, 429, tooManyForPlayer]);
    }
    expect(sessionsMade()).toBe(3);
    expect(fake?.requestsTo('POST', '/v1/billing_portal/sessions')).toEqual([]);
    expect(await paymentsOf(h, a.user._id)).toHaveLength(3);
    expect(h.logs.some((l) => l.msg === 'payments.rate_limited' && l.userId === a.user._id)).toBe(true);

    // Someone else is not held up by it.
    expect((await checkout(b.token, ships[2], '198.51.100.9')).status).toBe(200);
    expect(sessionsMade()).toBe(4);

    // A minute on, the player may again.
    later(MINUTE);
    expect((await checkout(a.token, ships[2], '203.0.113.4')).status).toBe(200);
    expect(sessionsMade()).toBe(5);
  });

  it('stops one address making sessions for many players', async () => {
    await withStripe({ CHECKOUT_LIMIT_PER_ADDRESS: '3' });
    const ship = await addItem(h, { price_usd_cents: 999 });
    const players = [];
    for (let i = 0; i < 5; i++) players.push(await registerPlayer(h));
    const checkout = (token: string, address: string) =>
      call(h, 'POST', '/api/stripe/create-checkout-session', {
        token,
        body: { items: [{ itemId: ship.id, quantity: 1 }] },
        headers: from(address),
      });
    for (const player of players.slice(0, 3)) expect((await checkout(player.token, '203.0.113.50')).status).toBe(200);

    const refused = await checkout(players[3]?.token ?? '', '203.0.113.50');
    expect([refused.status, refused.json.error]).toEqual([
      429,
      {
        message: 'Too many payment attempts from this address. Please try again in a minute.',
        code: 'rate_limited',
        requestId: expect.any(String),
      },
    ]);
    expect(Number(refused.headers.get('retry-after'))).toBe(60);
    expect(sessionsMade()).toBe(3);
    expect((await checkout(players[4]?.token ?? '', '198.51.100.50')).status).toBe(200);
    later(MINUTE);
    expect((await checkout(players[3]?.token ?? '', '203.0.113.50')).status).toBe(200);
  });

  it('limits sandbox order creation the same way, and records no order past it', async () => {
    h = await createHarness(dialect, { env: { TRUST_PROXY: 'true', CHECKOUT_LIMIT_PER_PLAYER: '2' } });
    close = () => h.close();
    const ships = await addShips(3);
    const player = await registerPlayer(h);
    const statuses = [];
    for (const ship of ships) {
      const res = await call(h, 'POST', '/api/stripe/create-checkout-session', {
        token: player.token,
        body: { items: [{ itemId: ship, quantity: 1 }] },
        headers: from('203.0.113.77'),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(await paymentsOf(h, player.user._id)).toHaveLength(2);
  });
});
