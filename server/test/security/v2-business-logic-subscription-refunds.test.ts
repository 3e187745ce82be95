// ASVS V2 Validation and Business Logic (2.3 business logic): SECURITY.md "Refunds revoke; disputes hold what was bought until the dispute closes, for one-off payments and subscription renewals alike" — whatever order Stripe's events arrive in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addTier } from '../helpers/catalogue-factories.ts';
import type { FakeStripe } from '../helpers/fake-stripe.ts';
import { call, registerPlayer } from '../helpers/http.ts';
import { createStripeHarness, deliver, meOf, paymentsOf } from '../helpers/payments.ts';
import { dialects, type TestHarness } from '../helpers/test-context.ts';

describe.each(dialects)('refunds and disputes of a subscription on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let captain: Awaited<ReturnType<typeof addTier>>;
  let player: Awaited<ReturnType<typeof registerPlayer>>;

  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    captain = await addTier(h, { name: 'Captain', price_cents: 999, discord_role_id: 'role-captain' });
    player = await registerPlayer(h);
  });
  afterEach(async () => {
    await close();
  });

  const tier = async () => (await meOf(h, player.token)).currentTier?.name ?? null;

  /** Subscribes through Checkout: the first month paid, the tier held. */
  async function subscribe() {
    const opened = await call(h, 'POST', '/api/stripe/subscribe', {
      token: player.token,
      body: { tierId: captain.id },
    });
    const completed = fake.completeCheckout((opened.json.url as string).split('/').pop() as string);
    expect((await deliver(h, fake.event('checkout.session.completed', completed.session))).status).toBe(200);
    expect(await tier()).toBe('Captain');
    return { subscriptionId: completed.subscriptionId as string, firstCharge: completed.chargeId as string };
  }

  /** A month on: Stripe bills the renewal (the invoice.paid event is the caller's to deliver, or not yet). */
  const renew = (subscriptionId: string) => {
    const renewal = fake.renewSubscription(subscriptionId);
    return { ...renewal, chargeId: renewal.chargeId as string, paid: () => invoicePaid(renewal.invoiceId) };
  };
  const invoicePaid = (invoiceId: string) =>
    deliver(h, fake.event('invoice.paid', fake.invoices.get(invoiceId) as object));
  const refunded = (chargeId: string) => deliver(h, fake.event('charge.refunded', fake.refundCharge(chargeId)));
  const disputeOpened = (dispute: object) => deliver(h, fake.event('charge.dispute.created', dispute));
  const disputeClosed = (id: string, outcome: 'won' | 'lost') =>
    deliver(h, fake.event('charge.dispute.closed', fake.closeDispute(id, outcome)));

  /** The role-sync jobs waiting for this player: the Discord role follows the tier through them. */
  const waitingRoleSyncs = async () =>
    (await h.ctx.db.selectFrom('jobs').selectAll().where('status', '=', 'pending').execute()).filter(
      (job) => job.kind === 'discord.sync_roles' && job.payload.includes(player.user._id),
    ).length;
  /** As if the role-sync worker had run: nothing waits. */
  const runRoleSyncs = () => h.ctx.db.updateTable('jobs').set({ status: 'done' }).execute();

  const cancelledAtStripe = (subscriptionId: string) =>
    fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`).length > 0 &&
    fake.subscriptions.get(subscriptionId)?.status === 'canceled';
  const statusOfCharge = async (paymentIntentOf: string) => {
    const intent = fake.charges.get(paymentIntentOf)?.payment_intent;
    return (await paymentsOf(h, player.user._id)).find((p) => p.payment_intent_id === intent)?.status;
  };

  it('ends the tier, queues the role removal and cancels at Stripe when a renewal is refunded after invoice.paid', async () => {
    const { subscriptionId } = await subscribe();
    const renewal = renew(subscriptionId);
    await renewal.paid();
    await runRoleSyncs();

    expect((await refunded(renewal.chargeId)).status).toBe(200);

    expect(await tier()).toBeNull();
    expect(await waitingRoleSyncs()).toBe(1);
    expect(await statusOfCharge(renewal.chargeId)).toBe('refunded');
    expect(cancelledAtStripe(subscriptionId)).toBe(true);
    const audit = await h.ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', player.user._id).execute();
    expect(audit.map((a) => a.action)).toEqual(['payments.subscription_cancelled']);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({ subscription: subscriptionId, reason: 'refunded' });
    // Stripe's own events afterwards change nothing, nor does a replay.
    await deliver(h, fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId) as object));
    await renewal.paid();
    expect(await tier()).toBeNull();
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });

  it('ends the tier when the refund of a renewal arrives before its invoice.paid', async () => {
    const { subscriptionId } = await subscribe();
    const renewal = renew(subscriptionId);
    fake.refundCharge(renewal.chargeId);
    await runRoleSyncs();

    expect((await deliver(h, fake.event('charge.refunded', fake.charges.get(renewal.chargeId) as object))).status).toBe(
      200,
    );
    expect((await renewal.paid()).status).toBe(200);

    expect(await tier()).toBeNull();
    expect(await waitingRoleSyncs()).toBe(1);
    expect(await statusOfCharge(renewal.chargeId)).toBe('refunded');
    expect(cancelledAtStripe(subscriptionId)).toBe(true);
  });

  it('ends the tier when the first month is refunded', async () => {
    const { subscriptionId, firstCharge } = await subscribe();
    await refunded(firstCharge);
    expect(await tier()).toBeNull();
    expect(await statusOfCharge(firstCharge)).toBe('refunded');
    expect(cancelledAtStripe(subscriptionId)).toBe(true);
  });

  it('keeps the tier on a partial refund, a goodwill gesture', async () => {
    const { subscriptionId } = await subscribe();
    const renewal = renew(subscriptionId);
    await renewal.paid();
    await deliver(h, fake.event('charge.refunded', fake.refundCharge(renewal.chargeId, 300)));
    expect(await tier()).toBe('Captain');
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
  });

  it('holds the tier while a dispute of a renewal is open (after invoice.paid), and gives it back when won', async () => {
    const { subscriptionId } = await subscribe();
    const renewal = renew(subscriptionId);
    await renewal.paid();
    await runRoleSyncs();

    const dispute = fake.openDispute(renewal.chargeId);
    expect((await disputeOpened(dispute)).status).toBe(200);
    expect(await tier()).toBeNull();
    expect(await waitingRoleSyncs()).toBe(1);
    expect(await statusOfCharge(renewal.chargeId)).toBe('disputed');
    // Held, not ended: the subscription stays with Stripe while the dispute runs.
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
    expect((await call(h, 'GET', '/api/stripe/subscription', { token: player.token })).json.subscription).toBeNull();

    await runRoleSyncs();
    await disputeClosed(dispute.id, 'won');
    expect(await tier()).toBe('Captain');
    expect(await waitingRoleSyncs()).toBe(1);
    expect(await statusOfCharge(renewal.chargeId)).toBe('paid');
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('active');
  });

  it('ends the tier and cancels at Stripe when a dispute of a renewal is lost', async () => {
    const { subscriptionId } = await subscribe();
    const renewal = renew(subscriptionId);
    await renewal.paid();
    const dispute = fake.openDispute(renewal.chargeId);
    await disputeOpened(dispute);

    await disputeClosed(dispute.id, 'lost');

    expect(await tier()).toBeNull();
    expect(await statusOfCharge(renewal.chargeId)).toBe('dispute_lost');
    expect(cancelledAtStripe(subscriptionId)).toBe(true);
  });

  it('holds the tier when the dispute was opened before invoice.paid arrived, and gives it back when won', async () => {
    const { subscriptionId } = await subscribe();
    const renewal = renew(subscriptionId);
    const dispute = fake.openDispute(renewal.chargeId);
    expect((await disputeOpened(dispute)).status).toBe(200);
    expect(await tier()).toBe('Captain');

    await renewal.paid();
    expect(await tier()).toBeNull();
    expect(await statusOfCharge(renewal.chargeId)).toBe('disputed');

    await disputeClosed(dispute.id, 'won');
    expect(await tier()).toBe('Captain');
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('active');
  });
});
