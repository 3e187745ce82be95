// Numbers past 32 bits (issue 15): a display order, a price, a credit grant and a balance past 2^31
// work on both databases; every numeric input has an upper bound, refused with a 400 that says it
// and changes nothing; and no balance passes MAX_BALANCE, a credit pack that would is refused
// before any checkout session is made.
import {
  adminMessages,
  adminUserMessages,
  MAX_BALANCE,
  MAX_DISPLAY_ORDER,
  MAX_GAME_ITEM_QUANTITY,
  MAX_PRICE_CREDITS,
  MAX_PRICE_USD,
  paymentMessages,
} from '@starport/api-client/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sumLedger } from '../src/db/repositories/credits.ts';
import { toIso } from '../src/lib/clock.ts';
import { fulfilCheckout } from '../src/services/payments/checkout-completion.ts';
import { creditUpToMaximum, creditWithLedger } from '../src/services/purchases/credit-ledger.ts';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { addCategory, addItem, grantCredits } from './helpers/catalogue-factories.ts';
import type { FakeStripe } from './helpers/fake-stripe.ts';
import { call } from './helpers/http.ts';
import { createStripeHarness, creditsOf, deliver, paymentsOf } from './helpers/payments.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const PAST_32_BITS = 2 ** 31;

describe.each(dialects)('numbers past 32 bits on %s', (dialect) => {
  let h: TestHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let admin: Account;
  let player: Account;

  beforeEach(async () => {
    ({ h, fake, close } = await createStripeHarness(dialect));
    ({ admin, player } = await adminAndPlayer(h));
    await addCategory(h, { slug: 'ships' });
    await addCategory(h, { slug: 'credits' });
  });
  afterEach(async () => {
    await close();
  });

  const as = (method: string, path: string, body?: unknown) => call(h, method, path, { token: admin.token, body });
  const tier = { name: 'Admiral', price: 9.99, discordRole: 'Admiral' };
  const item = { name: 'Dreadnought', description: 'Big.', category: 'ships' };
  const creditPack = (credits: number) =>
    addItem(h, { name: 'Pack', category: 'credits', price_credits: 0, price_usd_cents: 499, credit_amount: credits });
  const checkout = (itemId: string, quantity = 1) =>
    call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: player.token,
      body: { items: [{ itemId, quantity }] },
    });

  it('stores and shows a display order, an order, prices, a credit pack and a balance past 2^31', async () => {
    const created = await as('POST', '/api/tiers', { ...tier, displayOrder: PAST_32_BITS, price: MAX_PRICE_USD });
    expect(created.status, created.text).toBe(201);
    expect(created.json.tier).toMatchObject({ displayOrder: PAST_32_BITS, price: MAX_PRICE_USD });
    const lowest = await as('PATCH', `/api/tiers/${created.json.tier._id}`, { displayOrder: -MAX_DISPLAY_ORDER });
    expect(lowest.json.tier.displayOrder).toBe(-MAX_DISPLAY_ORDER);

    const category = await as('POST', '/api/admin/categories', {
      name: 'Big',
      displayName: 'Big',
      order: PAST_32_BITS,
    });
    expect(category.status, category.text).toBe(201);
    expect(category.json.category.order).toBe(PAST_32_BITS);

    const ship = await as('POST', '/api/shop/admin/items', { ...item, priceCredits: MAX_PRICE_CREDITS });
    expect(ship.status, ship.text).toBe(201);
    expect(ship.json.item.priceCredits).toBe(MAX_PRICE_CREDITS);
    const pack = await as('POST', '/api/shop/admin/items', {
      name: 'Hoard',
      description: 'Many.',
      category: 'credits',
      priceUSD: 4.99,
      creditAmount: PAST_32_BITS,
    });
    expect(pack.json.item.creditAmount).toBe(PAST_32_BITS);

    const granted = await as('PATCH', `/api/admin/users/${player.user._id}/credits`, { credits: MAX_BALANCE });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.json.user.credits).toBe(MAX_BALANCE);
    expect(await creditsOf(h, player.token, player.user._id)).toBe(MAX_BALANCE);
    // The bigint columns read back as numbers, not node-postgres's strings.
    const row = await h.ctx.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', player.user._id)
      .executeTakeFirst();
    expect(row?.credits).toBe(MAX_BALANCE);

    // A credit purchase at the highest price takes the whole balance.
    const bought = await call(h, 'POST', '/api/shop/purchase', {
      token: player.token,
      body: { itemId: ship.json.item._id },
    });
    expect(bought.status, bought.text).toBe(200);
    expect(bought.json.credits).toBe(0);
    expect(await sumLedger(h.ctx.db, player.user._id)).toBe(0);
  });

  it('buys a credit pack that lifts a balance past 2^31, and the paid order does not stay pending', async () => {
    const pack = await creditPack(PAST_32_BITS);
    await grantCredits(h, player.user._id, 5);
    const res = await checkout(pack.id, 2);
    expect(res.status, res.text).toBe(200);
    const sessionId = (res.json.url as string).split('/').pop() as string;
    const completed = fake.completeCheckout(sessionId);
    const webhook = await deliver(h, fake.event('checkout.session.completed', completed.session));
    expect(webhook.status).toBe(200);
    expect(await creditsOf(h, player.token, player.user._id)).toBe(2 * PAST_32_BITS + 5);
    expect((await paymentsOf(h, player.user._id))[0]).toMatchObject({
      status: 'paid',
      credits_granted: 2 * PAST_32_BITS,
    });
  });

  it('refuses every number past its bound with a 400 that says the bound, and changes nothing', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/tiers', { ...tier, displayOrder: MAX_DISPLAY_ORDER + 1 }, adminMessages.displayOrderOutOfRange],
      ['POST', '/api/tiers', { ...tier, displayOrder: -MAX_DISPLAY_ORDER - 1 }, adminMessages.displayOrderOutOfRange],
      ['POST', '/api/tiers', { ...tier, price: MAX_PRICE_USD + 0.01 }, adminMessages.priceTooHigh],
      ['POST', '/api/tiers', { ...tier, displayOrder: 1e300 }, adminMessages.displayOrderOutOfRange],
      [
        'POST',
        '/api/admin/categories',
        { name: 'X', displayName: 'X', order: MAX_DISPLAY_ORDER + 1 },
        adminMessages.orderOutOfRange,
      ],
      ['POST', '/api/admin/categories', { name: 'X', displayName: 'X', order: -1 }, adminMessages.orderOutOfRange],
      [
        'POST',
        '/api/shop/admin/items',
        { ...item, priceCredits: MAX_PRICE_CREDITS + 1 },
        adminMessages.priceCreditsTooHigh,
      ],
      ['POST', '/api/shop/admin/items', { ...item, priceUSD: MAX_PRICE_USD + 1 }, adminMessages.priceTooHigh],
      [
        'POST',
        '/api/shop/admin/items',
        { ...item, category: 'credits', creditAmount: MAX_BALANCE + 1 },
        adminMessages.creditAmountTooHigh,
      ],
      [
        'POST',
        '/api/shop/admin/items',
        { ...item, gameItems: [{ item_name: 'Hull', item_quantity: MAX_GAME_ITEM_QUANTITY + 1 }] },
        adminMessages.gameItemQuantityTooHigh,
      ],
      [
        'PATCH',
        `/api/admin/users/${player.user._id}/credits`,
        { credits: MAX_BALANCE + 1 },
        adminUserMessages.creditsTooHigh,
      ],
      ['PATCH', `/api/admin/users/${player.user._id}/credits`, { credits: -1 }, 'Invalid credits amount'],
      [
        'POST',
        '/api/admin/send-mail',
        {
          userId: player.user._id,
          subject: 'Hi',
          message: 'Gift',
          customItems: [{ itemName: 'Ore', quantity: MAX_GAME_ITEM_QUANTITY + 1 }],
        },
        adminMessages.mailQuantityTooHigh,
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await as(method, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json.error.message).toBe(message);
    }
    expect(adminMessages.displayOrderOutOfRange).toBe(
      'Display order must be from -1,000,000,000,000 to 1,000,000,000,000',
    );
    expect(adminUserMessages.creditsTooHigh).toBe('Credits must be at most 1,000,000,000,000');
    expect(await h.ctx.db.selectFrom('tiers').selectAll().execute()).toEqual([]);
    expect(await h.ctx.db.selectFrom('shop_items').selectAll().execute()).toEqual([]);
    expect(await h.ctx.db.selectFrom('shop_categories').select('slug').orderBy('slug').execute()).toEqual([
      { slug: 'credits' },
      { slug: 'ships' },
    ]);
    expect(await h.ctx.db.selectFrom('mails').selectAll().execute()).toEqual([]);
    expect(await creditsOf(h, player.token, player.user._id)).toBe(0);
  });

  it('refuses a credit pack that would pass the maximum balance before any checkout session is made', async () => {
    const pack = await creditPack(1000);
    await grantCredits(h, player.user._id, MAX_BALANCE - 1500);

    const refused = await checkout(pack.id, 2);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(paymentMessages.balanceLimit);
    expect(paymentMessages.balanceLimit).toBe(
      'A balance can hold at most 1,000,000,000,000 credits; this order would take yours past that',
    );
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toEqual([]);
    expect(await paymentsOf(h, player.user._id)).toEqual([]);

    // One pack still fits.
    const fits = await checkout(pack.id, 1);
    expect(fits.status, fits.text).toBe(200);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(1);
  });

  it('credits a pack paid while the balance grew only up to the maximum, and notes the rest for a refund', async () => {
    const pack = await creditPack(1000);
    await grantCredits(h, player.user._id, MAX_BALANCE - 1500);
    const res = await checkout(pack.id, 1);
    expect(res.status, res.text).toBe(200);
    // Before the payment lands, an admin raises the balance.
    await grantCredits(h, player.user._id, 1000);
    const [payment] = await paymentsOf(h, player.user._id);
    if (!payment) throw new Error('no order was opened');

    const outcome = await fulfilCheckout(
      h.ctx,
      {
        paymentId: payment.id,
        checkoutSessionId: payment.checkout_session_id,
        amountTotalCents: null,
        lineQuantities: null,
        currency: null,
        paymentIntentId: 'pi_test',
        invoiceId: null,
        subscription: null,
        readAt: toIso(h.clock()),
      },
      null,
    );

    expect(outcome).toBe('applied');
    expect(await creditsOf(h, player.token, player.user._id)).toBe(MAX_BALANCE);
    expect((await paymentsOf(h, player.user._id))[0]).toMatchObject({
      status: 'paid',
      credits_granted: 500,
      note: '500 credits not added: the balance would have passed 1000000000000; refund them',
    });
    expect(h.logs.some((l) => l.msg === 'payments.credits_over_maximum' && l.withheld === 500)).toBe(true);
  });

  it.runIf(dialect === 'postgres')('keeps money and growing counts in bigint columns', async () => {
    const { rows } = await sql<{ name: string; data_type: string }>`
      select table_name || '.' || column_name as name, data_type from information_schema.columns
      where table_schema = current_schema()
        and column_name in ('credits', 'balance_after', 'price_credits', 'credit_amount', 'display_order', 'amount_cents', 'quantity')`.execute(
      h.ctx.db,
    );
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.filter((row) => row.data_type !== 'bigint')).toEqual([]);
  });

  it('never adds past the maximum through the ledger', async () => {
    await grantCredits(h, player.user._id, MAX_BALANCE - 10);
    const now = toIso(h.clock());
    const change = { userId: player.user._id, reason: 'test_grant', now };
    await h.ctx.db.transaction().execute(async (trx) => {
      expect(await creditWithLedger(trx, { ...change, amount: 11 })).toBeNull();
      expect(await creditUpToMaximum(trx, { ...change, amount: 25 })).toEqual({
        added: 10,
        balance: MAX_BALANCE,
      });
      expect(await creditUpToMaximum(trx, { ...change, amount: 5 })).toEqual({
        added: 0,
        balance: MAX_BALANCE,
      });
    });
    expect(await creditsOf(h, player.token, player.user._id)).toBe(MAX_BALANCE);
  });
});

describe.each(dialects)('the maximum balance at the sandbox checkout on %s', (dialect) => {
  let h: TestHarness;
  beforeEach(async () => {
    h = await createHarness(dialect);
    await addCategory(h, { slug: 'credits' });
  });
  afterEach(async () => {
    await h.close();
  });

  it("refuses Pay while the balance could not hold the pack's credits, and the order stays open", async () => {
    const { player } = await adminAndPlayer(h);
    const pack = await addItem(h, { category: 'credits', price_credits: 0, price_usd_cents: 499, credit_amount: 1000 });
    await grantCredits(h, player.user._id, MAX_BALANCE - 1000);
    const opened = await call(h, 'POST', '/api/stripe/create-checkout-session', {
      token: player.token,
      body: { items: [{ itemId: pack.id, quantity: 1 }] },
    });
    expect(opened.status, opened.text).toBe(200);
    await grantCredits(h, player.user._id, 1);

    const refused = await call(h, 'POST', `/api/stripe/orders/${(opened.json.url as string).split('/').pop()}/pay`, {
      token: player.token,
    });
    expect([refused.status, refused.json.error.message]).toEqual([409, paymentMessages.balanceLimit]);
    expect((await paymentsOf(h, player.user._id))[0]?.status).toBe('pending');
    expect(await creditsOf(h, player.token, player.user._id)).toBe(MAX_BALANCE - 999);
  });
});
