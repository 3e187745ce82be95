// Resilience of the Stripe webhook (issue 9): the first delivery of a paid session arriving ten
// times at once fulfils once, and a failure in the middle of applying it (the database refusing
// the inventory row) leaves nothing applied and answers non-2xx, so Stripe retries.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sumLedger } from '../src/db/repositories/credits.ts';
import { addCategory, addItem } from './helpers/catalogue-factories.ts';
import type { FakeStripe } from './helpers/fake-stripe.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createStripeHarness, creditsOf, deliver, inventoryOf, paymentsOf } from './helpers/payments.ts';
import { dialects, type TestHarness } from './helpers/test-context.ts';

describe.each(dialects)('the Stripe webhook under stress on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    await addCategory(h, { slug: 'ships' });
    await addCategory(h, { slug: 'credits' });
  });
  afterEach(async () => {
    await close();
  });

  /** A frigate and two credit packs, checked out and paid on Stripe's page; the event not yet sent. */
  async function paidSession() {
    const frigate = await addItem(h, { name: 'Aegis Frigate', price_credits: 2000, price_usd_cents: 1999 });
    const pack = await addItem(h, {
      name: '500 Credits',
      category: 'credits',
      price_credits: 0,
      price_usd_cents: 499,
      credit_amount: 500,
      game_items: '[]',
    });
    const player = await registerPlayer(h);
    const res = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: player.token,
      body: {
        items: [
          { itemId: frigate.id, quantity: 1 },
          { itemId: pack.id, quantity: 2 },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    const sessionId = (res.json.url as string).split('/').pop() as string;
    const { session } = fake.completeCheckout(sessionId);
    return { player, event: fake.event('checkout.session.completed', session) };
  }

  it('fulfils once when the first delivery arrives ten times at once', async () => {
    const { player, event } = await paidSession();
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(h, event)));
    expect(responses.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(await inventoryOf(h, player.token)).toHaveLength(1);
    expect(await creditsOf(h, player.token, player.user._id)).toBe(1000);
    expect(await paymentsOf(h, player.user._id)).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(h.logs.filter((line) => line.msg === 'payments.fulfilled')).toHaveLength(1);
  });

  it('applies nothing and answers non-2xx when the database fails half way, then applies the retry once', async () => {
    const { player, event } = await paidSession();
    // The inventory insert fails inside the fulfilment transaction, after whatever came before it.
    if (dialect === 'sqlite') {
      await sql`create trigger fail_inventory before insert on inventory_entries
        begin select raise(abort, 'injected failure'); end`.execute(h.ctx.db);
    } else {
      await sql`create function fail_inventory() returns trigger language plpgsql as
        $$ begin raise exception 'injected failure'; end $$`.execute(h.ctx.db);
      await sql`create trigger fail_inventory before insert on inventory_entries
        for each row execute function fail_inventory()`.execute(h.ctx.db);
    }
    const failed = await deliver(h, event);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.json).toEqual({
      error: { message: expect.any(String), code: expect.any(String), requestId: expect.any(String) },
    });
    expect(await h.ctx.db.selectFrom('processed_events').selectAll().execute()).toEqual([]);
    expect(await h.ctx.db.selectFrom('inventory_entries').selectAll().execute()).toEqual([]);
    expect(await sumLedger(h.ctx.db, player.user._id)).toBe(0);
    expect(await creditsOf(h, player.token, player.user._id)).toBe(0);
    expect((await paymentsOf(h, player.user._id)).filter((p) => p.status === 'paid')).toEqual([]);

    await sql`drop trigger fail_inventory ${sql.raw(dialect === 'postgres' ? 'on inventory_entries' : '')}`.execute(
      h.ctx.db,
    );
    const retries = await Promise.all(Array.from({ length: 3 }, () => deliver(h, event)));
    expect(retries.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(await inventoryOf(h, player.token)).toHaveLength(1);
    expect(await creditsOf(h, player.token, player.user._id)).toBe(1000);
  });
});
