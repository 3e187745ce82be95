// ASVS V2 Validation and Business Logic (2.3 business logic limits, 2.3.3 transactions): SECURITY.md "One active paid subscription per player, held by a unique index; a second completed anyway is cancelled and refunded automatically".
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { countActiveSubscriptions, insertPayment } from '../../src/db/repositories/payments.ts';
import { insertSubscription } from '../../src/db/repositories/subscriptions.ts';
import { updateUserTier } from '../../src/db/repositories/users.ts';
import { newId } from '../../src/lib/ids.ts';
import { settleSubscriptionHolds } from '../../src/services/payments/subscription-holds.ts';
import { addTier } from '../helpers/catalogue-factories.ts';
import type { FakeStripe } from '../helpers/fake-stripe.ts';
import { call, registerPlayer } from '../helpers/http.ts';
import { createStripeHarness, deliver, meOf, paymentsOf } from '../helpers/payments.ts';
import { createHarness, dialects, type TestHarness } from '../helpers/test-context.ts';

const ALREADY_SUBSCRIBED = 'You already have an active subscription. Change your tier on the Support page instead.';

describe.each(dialects)('one paid subscription per player with Stripe on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let cadet: Awaited<ReturnType<typeof addTier>>;
  let captain: Awaited<ReturnType<typeof addTier>>;

  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    cadet = await addTier(h, { name: 'Cadet', price_cents: 499 });
    captain = await addTier(h, { name: 'Captain', price_cents: 999 });
  });
  afterEach(async () => {
    await close();
  });

  const tierOf = async (token: string) => (await meOf(h, token)).currentTier?.name ?? null;

  /** Two tabs: a Checkout Session for each tier opened before either is paid, then both paid at Stripe. */
  async function payTwoCheckouts(token: string) {
    const sessions = [];
    for (const tier of [cadet, captain]) {
      const opened = await call(h, 'POST', '/api/stripe/subscribe', { token, body: { tierId: tier.id } });
      expect(opened.status, opened.text).toBe(200);
      sessions.push(fake.completeCheckout((opened.json.url as string).split('/').pop() as string));
    }
    expect(new Set(sessions.map((s) => s.session.id)).size).toBe(2);
    return sessions.map((s) => ({
      ...s,
      subscriptionId: s.subscriptionId as string,
      completed: fake.event('checkout.session.completed', s.session),
    }));
  }

  const chargeOfSubscription = (subscriptionId: string) => {
    const invoice = [...fake.invoices.values()].find(
      (i) => i.parent.subscription_details.subscription === subscriptionId,
    );
    const paymentIntent = invoice?._payments[0]?.payment.payment_intent;
    return [...fake.charges.values()].find((c) => c.payment_intent === paymentIntent) as Record<string, any>;
  };

  it('keeps the first of two paid checkouts, cancels and refunds the second through Stripe, and audits it', async () => {
    const player = await registerPlayer(h);
    const [first, second] = await payTwoCheckouts(player.token);
    if (!first || !second) throw new Error('two checkouts expected');

    expect((await deliver(h, first.completed)).status).toBe(200);
    expect((await deliver(h, second.completed)).status).toBe(200);

    // The player holds the first tier, once.
    expect(await tierOf(player.token)).toBe('Cadet');
    expect((await call(h, 'GET', '/api/stripe/subscription', { token: player.token })).json.subscription.tier).toEqual({
      _id: cadet.id,
      name: 'Cadet',
      price: 4.99,
    });
    expect(await countActiveSubscriptions(h.ctx.db)).toBe(1);

    // At Stripe: the second's charge refunded in full with an idempotency key, the second cancelled.
    const secondCharge = chargeOfSubscription(second.subscriptionId);
    const refunds = fake.requestsTo('POST', '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.body).toMatchObject({ payment_intent: secondCharge.payment_intent, reason: 'duplicate' });
    expect(refunds[0]?.idempotencyKey).toMatch(/^duplicate-refund-/);
    expect(secondCharge).toMatchObject({ refunded: true, amount_refunded: 999 });
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${second.subscriptionId}`)).toHaveLength(1);
    expect(fake.subscriptions.get(second.subscriptionId)?.status).toBe('canceled');
    expect(fake.subscriptions.get(first.subscriptionId)?.status).toBe('active');
    expect(chargeOfSubscription(first.subscriptionId).refunded).toBe(false);

    // Our records: the first month paid, the second refunded.
    const payments = await paymentsOf(h, player.user._id);
    expect(payments.map((p) => [p.subscription_id, p.status])).toEqual(
      expect.arrayContaining([
        [first.subscriptionId, 'paid'],
        [second.subscriptionId, 'refunded'],
      ]),
    );
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', player.user._id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['payments.duplicate_subscription', 'payments.duplicate_refunded']);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({
      kept: first.subscriptionId,
      cancelled: second.subscriptionId,
    });
    expect(h.logs.some((l) => l.msg === 'payments.duplicate_subscription' && l.userId === player.user._id)).toBe(true);

    // Stripe's later events about either change nothing, and nothing is refunded twice.
    for (const id of [second.subscriptionId, first.subscriptionId]) {
      await deliver(h, fake.event('customer.subscription.created', fake.subscriptions.get(id) as object));
    }
    await deliver(h, second.completed);
    await deliver(
      h,
      fake.event('customer.subscription.deleted', fake.subscriptions.get(second.subscriptionId) as object),
    );
    expect(await tierOf(player.token)).toBe('Cadet');
    expect(fake.requestsTo('POST', '/v1/refunds')).toHaveLength(1);
    expect(await countActiveSubscriptions(h.ctx.db)).toBe(1);
  });

  it('ends with exactly one subscription when both completions arrive at once', async () => {
    const player = await registerPlayer(h);
    const sessions = await payTwoCheckouts(player.token);

    const answers = await Promise.all(sessions.map((s) => deliver(h, s.completed)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);

    const payments = await paymentsOf(h, player.user._id);
    const kept = payments.filter((p) => p.status === 'paid');
    const refunded = payments.filter((p) => p.status === 'refunded');
    expect([kept.length, refunded.length]).toEqual([1, 1]);
    const keptTier = JSON.parse(kept[0]?.purchase ?? '{}').tier.name;
    expect(await tierOf(player.token)).toBe(keptTier);
    expect(await countActiveSubscriptions(h.ctx.db)).toBe(1);
    // One refund made at Stripe (a retried request carries the same key), of the other one.
    const keys = new Set(fake.requestsTo('POST', '/v1/refunds').map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
    expect(chargeOfSubscription(refunded[0]?.subscription_id ?? '').refunded).toBe(true);
    expect(chargeOfSubscription(kept[0]?.subscription_id ?? '').refunded).toBe(false);
    expect(fake.subscriptions.get(refunded[0]?.subscription_id ?? '')?.status).toBe('canceled');
    expect(fake.subscriptions.get(kept[0]?.subscription_id ?? '')?.status).toBe('active');
  });

  it('refuses a checkout for a second subscription with a clear 409 and makes no session', async () => {
    const player = await registerPlayer(h);
    const opened = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: cadet.id } });
    const done = fake.completeCheckout((opened.json.url as string).split('/').pop() as string);
    await deliver(h, fake.event('checkout.session.completed', done.session));
    const sessionsBefore = fake.requestsTo('POST', '/v1/checkout/sessions').length;

    const again = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: captain.id } });

    expect([again.status, again.json.error]).toEqual([
      409,
      { message: ALREADY_SUBSCRIBED, code: 'conflict', requestId: expect.any(String) },
    ]);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(sessionsBefore);
  });
});

describe.each(dialects)('one paid subscription per player in the sandbox and the database on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
  });
  afterEach(async () => {
    await h.close();
  });

  it('pays exactly one of several subscription orders paid at once, refusing the others with a clear message', async () => {
    const player = await registerPlayer(h);
    const orders: string[] = [];
    for (let i = 0; i < 5; i++) {
      const tier = await addTier(h, { name: `Tier ${i}`, price_cents: 500 + i });
      const opened = await call(h, 'POST', '/api/stripe/subscribe', { token: player.token, body: { tierId: tier.id } });
      orders.push((opened.json.url as string).split('/').pop() as string);
    }

    const answers = await Promise.all(
      orders.map((id) => call(h, 'POST', `/api/stripe/orders/${id}/pay`, { token: player.token })),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.json.error).toEqual({
        message: ALREADY_SUBSCRIBED,
        code: 'conflict',
        requestId: expect.any(String),
      });
    }
    const payments = await paymentsOf(h, player.user._id);
    expect(payments.filter((p) => p.status === 'paid')).toHaveLength(1);
    expect(payments.filter((p) => p.status === 'cancelled')).toHaveLength(4);
    expect(await countActiveSubscriptions(h.ctx.db)).toBe(1);
    const paidTier = JSON.parse(payments.find((p) => p.status === 'paid')?.purchase ?? '{}').tier.name;
    expect((await meOf(h, player.token)).currentTier?.name).toBe(paidTier);
  });

  it('upgrades a player who already held two: the oldest stays, the other is cancelled and refunded', async () => {
    const cadet = await addTier(h, { name: 'Cadet', price_cents: 499 });
    const captain = await addTier(h, { name: 'Captain', price_cents: 999 });
    const player = await registerPlayer(h);
    // The schema as the build before had it, with what it let happen: two paid subscriptions, the
    // newer one's tier shown.
    const schema =
      h.ctx.dialect === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(h.ctx.db)).rows[0]?.s
        : undefined;
    const migrator = new Migrator({
      db: h.ctx.db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: schema,
      allowUnorderedMigrations: true,
    });
    // Back to before migration 014 (and the later ones, which it comes back with).
    expect((await migrator.migrateTo('2026-11-23-013-rate-limits')).error).toBeUndefined();
    for (const [n, tier] of [cadet, captain].entries()) {
      const at = new Date(Date.UTC(2026, 10, 1 + n)).toISOString();
      const subscriptionId = `sub_sandbox_old${n}`;
      await h.ctx.db
        .insertInto('subscriptions')
        .values({
          id: newId(),
          user_id: player.user._id,
          provider: 'sandbox',
          provider_subscription_id: subscriptionId,
          tier_id: tier.id,
          price_cents: tier.price_cents,
          status: 'active',
          current_period_end: '2026-12-20T00:00:00.000Z',
          cancel_at_period_end: 0,
          synced_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await insertPayment(h.ctx.db, {
        id: newId(),
        user_id: player.user._id,
        provider: 'sandbox',
        kind: 'subscription',
        status: 'paid',
        amount_cents: tier.price_cents,
        currency: 'usd',
        purchase: JSON.stringify({
          kind: 'subscription',
          tier: { tierId: tier.id, name: tier.name, priceCents: tier.price_cents },
        }),
        payment_intent_id: `pi_sandbox_old${n}`,
        subscription_id: subscriptionId,
        created_at: at,
        updated_at: at,
        paid_at: at,
      });
    }
    await updateUserTier(h.ctx.db, player.user._id, captain.id, h.clock().toISOString());

    expect(await migrateToLatest(h.ctx.db, h.ctx.dialect)).toEqual(
      expect.arrayContaining(['2026-11-24-014-one-subscription-per-player']),
    );
    expect(await countActiveSubscriptions(h.ctx.db)).toBe(1);
    expect(await settleSubscriptionHolds(h.ctx)).toBe(1);

    expect((await meOf(h, player.token)).currentTier?.name).toBe('Cadet');
    const payments = await paymentsOf(h, player.user._id);
    expect(payments.map((p) => [p.subscription_id, p.status]).sort()).toEqual([
      ['sub_sandbox_old0', 'paid'],
      ['sub_sandbox_old1', 'refunded'],
    ]);
    const ended = await h.ctx.db
      .selectFrom('subscriptions')
      .select(['provider_subscription_id', 'status', 'hold'])
      .orderBy('created_at')
      .execute();
    expect(ended).toEqual([
      { provider_subscription_id: 'sub_sandbox_old0', status: 'active', hold: null },
      { provider_subscription_id: 'sub_sandbox_old1', status: 'canceled', hold: 'duplicate' },
    ]);
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', player.user._id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['payments.duplicate_refunded']);
    expect(await settleSubscriptionHolds(h.ctx)).toBe(0);
  });

  it('holds one active subscription per player in the schema itself', async () => {
    const player = await registerPlayer(h);
    const now = h.clock().toISOString();
    const row = (status: string) => ({
      id: newId(),
      user_id: player.user._id,
      provider: 'stripe' as const,
      provider_subscription_id: `sub_${newId()}`,
      provider_customer_id: null,
      provider_item_id: null,
      tier_id: null,
      price_cents: 499,
      status,
      current_period_end: null,
      cancel_at_period_end: 0 as const,
      synced_at: now,
      created_at: now,
      updated_at: now,
      ended_at: null,
    });
    await insertSubscription(h.ctx.db, row('active'));
    // Ended ones may be many.
    await insertSubscription(h.ctx.db, row('canceled'));
    await insertSubscription(h.ctx.db, row('canceled'));

    for (const status of ['active', 'trialing', 'past_due']) {
      await expect(insertSubscription(h.ctx.db, row(status))).rejects.toThrow(/unique/i);
    }
  });
});
