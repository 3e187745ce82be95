// Shared steps of the payment tests: a harness wired to a fresh fake Stripe, webhook deliveries
// signed like Stripe's, and reads of what a player owns.
import { sumLedger } from '../../src/db/repositories/credits.ts';
import { FakeStripe, signPayload } from './fake-stripe.ts';
import { call } from './http.ts';
import { createHarness, type TestHarness } from './test-context.ts';

export async function createStripeHarness(dialect: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const fake = new FakeStripe();
  await fake.start();
  const h = await createHarness(dialect, { env: { ...fake.env(), PUBLIC_URL: 'https://play.starport.test', ...env } });
  return {
    h,
    fake,
    async close() {
      await h.close();
      await fake.stop();
    },
  };
}

/** POSTs an event to the webhook with a valid signature (or the headers given). */
export async function deliver(h: TestHarness, event: object, headers?: Record<string, string>) {
  const payload = JSON.stringify(event);
  return call(h, 'POST', '/api/stripe/webhook', {
    rawBody: payload,
    headers: headers ?? { 'Content-Type': 'application/json', 'Stripe-Signature': signPayload(payload) },
  });
}

/** Buys by card all the way: checkout, Stripe's page paid, the completed event delivered. */
export async function payByCard(h: TestHarness, fake: FakeStripe, token: string, items: unknown) {
  const res = await call(h, 'POST', '/api/stripe/create-checkout-session', { token, body: { items } });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${res.text}`);
  const sessionId = (res.json.url as string).split('/').pop() as string;
  const completed = fake.completeCheckout(sessionId);
  const event = fake.event('checkout.session.completed', completed.session);
  const delivered = await deliver(h, event);
  if (delivered.status !== 200) throw new Error(`webhook failed: ${delivered.status} ${delivered.text}`);
  return { sessionId, event, ...completed };
}

export async function inventoryOf(h: TestHarness, token: string): Promise<any[]> {
  return (await call(h, 'GET', '/api/shop/user/inventory', { token })).json.inventory;
}

export async function meOf(h: TestHarness, token: string): Promise<any> {
  return (await call(h, 'GET', '/api/auth/me', { token })).json.user;
}

/** The balance, after checking it is what the ledger says and never below zero. */
export async function creditsOf(h: TestHarness, token: string, userId: string): Promise<number> {
  const credits = (await meOf(h, token)).credits as number;
  if (credits < 0) throw new Error(`negative balance ${credits}`);
  const ledger = await sumLedger(h.ctx.db, userId);
  if (ledger !== credits) throw new Error(`balance ${credits} but the ledger sums to ${ledger}`);
  return credits;
}

export async function paymentsOf(h: TestHarness, userId: string) {
  return h.ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('kind')
    .execute();
}
