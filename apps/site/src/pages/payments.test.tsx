// Card payments on the player site (issue 5): Buy with Cash in the shop, the thank-you modal after a
// subscription, Manage Subscription on the dashboard, the site's own checkout page and sandbox
// portal, and revoked items in the inventory.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeRoute } from '../test/render-app.tsx';
import { json, makeInventoryEntry, makeItem, makeTier, makeUser, renderApp } from '../test/render-app.tsx';

const frigate = makeItem({ _id: 'frigate', name: 'Aegis Frigate', priceCredits: 2000, priceUSD: 19.99, discount: 20 });
const pack = makeItem({
  _id: 'pack',
  name: '500 Credits',
  category: 'credits',
  priceCredits: 0,
  priceUSD: 4.99,
  creditAmount: 500,
  gameItems: [],
});
const scout = makeItem({ _id: 'scout', name: 'Nova Scout', priceCredits: 500, priceUSD: 0 });

function shopApi(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return { 'GET /api/shop/items': () => json(200, { items: [pack, scout, frigate] }), ...overrides };
}

const card = (name: string) => within(screen.getByRole('article', { name }));
/** The card once the signed-in player's view of it is drawn: the session's answer comes as a transition. */
const signedInCard = (name: string) => waitFor(() => card(name).getAllByRole('button', { name: /Buy with/ }));

describe('Buy with Cash in the shop', () => {
  it('offers cash for items with a USD price, credit packs among them, and not for the rest', async () => {
    renderApp('/shop', { user: makeUser({ credits: 5000 }), api: shopApi() });
    await signedInCard('Aegis Frigate');

    expect(card('Aegis Frigate').getByRole('button', { name: 'Buy with Credits' })).toBeTruthy();
    expect(card('Aegis Frigate').getByRole('button', { name: 'Buy with Cash' })).toBeTruthy();
    expect(card('500 Credits').getByRole('button', { name: 'Buy with Cash' })).toBeTruthy();
    expect(card('500 Credits').queryByRole('button', { name: 'Buy with Credits' })).toBeNull();
    expect(card('Nova Scout').queryByRole('button', { name: 'Buy with Cash' })).toBeNull();
    // Prices in USD with two decimals, after the discount.
    expect(card('Aegis Frigate').getByText('$15.99')).toBeTruthy();
    expect(card('500 Credits').getByText('$4.99')).toBeTruthy();
  });

  it('asks a guest to log in, also for a credit pack', async () => {
    renderApp('/shop', { api: shopApi() });
    await screen.findByRole('article', { name: '500 Credits' });

    expect(card('500 Credits').getByRole('link', { name: 'Log in to buy' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Buy with Cash' })).toBeNull();
  });

  it('sends the item to checkout, keeps every button disabled meanwhile, and goes to the payment page', async () => {
    const bodies: unknown[] = [];
    let answer: (response: Response) => void = () => {};
    const { navigateAway } = renderApp('/shop', {
      user: makeUser({ credits: 5000 }),
      api: shopApi({
        'POST /api/stripe/create-checkout-session': ({ body }) => {
          bodies.push(body);
          return new Promise<Response>((resolve) => {
            answer = resolve;
          });
        },
      }),
    });
    await signedInCard('500 Credits');

    fireEvent.click(card('500 Credits').getByRole('button', { name: 'Buy with Cash' }));

    const busy = card('500 Credits').getByRole('button', { name: 'Redirecting...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect((card('Aegis Frigate').getByRole('button', { name: 'Buy with Cash' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (card('Aegis Frigate').getByRole('button', { name: 'Buy with Credits' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(card('Aegis Frigate').getByRole('button', { name: 'Buy with Cash' }));
    await act(async () => answer(json(200, { url: 'https://checkout.stripe.test/c/pay/cs_1' })));

    expect(navigateAway).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1');
    expect(bodies).toEqual([{ items: [{ itemId: 'pack', quantity: 1 }] }]);
  });

  it("shows the server's refusal, or 'Checkout failed' without a message, and frees the buttons", async () => {
    let status = 400;
    const { navigateAway } = renderApp('/shop', {
      user: makeUser(),
      api: shopApi({
        'POST /api/stripe/create-checkout-session': () =>
          status === 400
            ? json(400, { error: { message: 'This item cannot be bought with cash', code: 'invalid_request' } })
            : new Response('Bad gateway', { status: 502 }),
      }),
    });
    await signedInCard('500 Credits');

    fireEvent.click(card('500 Credits').getByRole('button', { name: 'Buy with Cash' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This item cannot be bought with cash');

    status = 502;
    fireEvent.click(card('500 Credits').getByRole('button', { name: 'Buy with Cash' }));
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)?.textContent).toContain('Checkout failed'));
    expect(navigateAway).not.toHaveBeenCalled();
    expect((card('500 Credits').getByRole('button', { name: 'Buy with Cash' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

const captain = makeTier({ _id: 'tier-captain', name: 'Captain', price: 9.99 });
const captainUser = (overrides = {}) =>
  makeUser({ currentTier: { _id: 'tier-captain', name: 'Captain', price: 9.99 }, ...overrides });

describe('the thank-you modal after a subscription', () => {
  function tiersApi(message: string | null, user = captainUser()): Record<string, FakeRoute> {
    return {
      'GET /api/tiers': () => json(200, { tiers: [captain] }),
      'GET /api/auth/me': () => json(200, { user }),
      'GET /api/shop/site-settings': () =>
        message === null
          ? json(500, { error: { message: 'Internal server error' } })
          : json(200, { settings: { visibleTabs: {}, thankYouMessage: message } }),
    };
  }

  it("refreshes the user, shows the admin's message, and continues to the dashboard", async () => {
    const { calls, router } = renderApp('/tiers?subscription=success', {
      user: makeUser(),
      api: tiersApi('Thanks, commander!\nSee you in the Outer Rim.'),
    });

    const dialog = await screen.findByRole('dialog', { name: 'Thank you for your support!' });
    expect(within(dialog).getByText(/Thanks, commander!/).textContent).toBe(
      'Thanks, commander!\nSee you in the Outer Rim.',
    );
    expect(within(dialog).getByText('Captain')).toBeTruthy();
    // One /auth/me when the session starts, one for the refresh; the settings read afresh.
    expect(calls.filter((call) => call === 'GET /api/auth/me')).toHaveLength(2);
    expect(calls.filter((call) => call === 'GET /api/shop/site-settings').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(router.state.location.search).toBe(''));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the default text when the admin wrote none, and when the settings cannot be loaded', async () => {
    const first = renderApp('/tiers?subscription=success', { user: makeUser(), api: tiersApi('') });
    expect(await screen.findByText(/Your supporter tier is active/)).toBeTruthy();
    first.unmount();

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/tiers?subscription=success', { user: makeUser(), api: tiersApi(null) });
    expect(await screen.findByText(/Your supporter tier is active/)).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to load site settings', expect.anything());
    logged.mockRestore();
  });

  it('offers Link Discord Account without a linked Discord, navigating to /api/discord/auth', async () => {
    const { navigateAway } = renderApp('/tiers?subscription=success', { user: makeUser(), api: tiersApi('') });
    const dialog = await screen.findByRole('dialog');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Link Discord Account' }));

    expect(navigateAway).toHaveBeenCalledWith('/api/discord/auth');
  });

  it('disables Link Discord Account on a server without Discord, and says why', async () => {
    const { navigateAway } = renderApp('/tiers?subscription=success', {
      user: makeUser(),
      api: {
        ...tiersApi(''),
        'GET /api/shop/site-settings': () =>
          json(200, { settings: { visibleTabs: {}, thankYouMessage: '' }, discord: { linking: false, roles: false } }),
      },
    });
    const dialog = within(await screen.findByRole('dialog'));
    const button = dialog.getByRole('button', { name: 'Link Discord Account' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    const hint = dialog.getByText('Discord linking is not available on this server.');
    expect(button.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.click(button);
    expect(navigateAway).not.toHaveBeenCalled();
  });

  it('leaves Link Discord Account out when Discord is linked, and shows nothing without the parameter', async () => {
    const linked = captainUser({ discordId: '42', discordUsername: 'nova#0001' });
    const first = renderApp('/tiers?subscription=success', { user: linked, api: tiersApi('', linked) });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Link Discord Account' })).toBeNull();
    first.unmount();

    renderApp('/tiers', { user: linked, api: tiersApi('', linked) });
    await screen.findByRole('article', { name: 'Captain' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the modal once under StrictMode', async () => {
    renderApp('/tiers?subscription=success', { user: makeUser(), strict: true, api: tiersApi('Thanks!') });
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

describe('Manage Subscription on the dashboard', () => {
  const subscription = {
    tier: { _id: 'tier-captain', name: 'Captain', price: 9.99 },
    status: 'active',
    currentPeriodEnd: '2026-12-22T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    sandbox: true,
  };

  function tierRegion() {
    return within(screen.getByRole('region', { name: 'Supporter Tier' }));
  }

  it('opens the portal for a supporter and says when the tier renews', async () => {
    const { navigateAway } = renderApp('/dashboard', {
      user: captainUser(),
      api: {
        'GET /api/stripe/subscription': () => json(200, { subscription }),
        'POST /api/stripe/portal': () => json(200, { url: '/billing' }),
      },
    });

    await screen.findByRole('region', { name: 'Supporter Tier' });
    const manage = await tierRegion().findByRole('button', { name: 'Manage Subscription' });
    expect(tierRegion().getByText('Renews on Dec 22, 2026')).toBeTruthy();
    fireEvent.click(manage);

    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('/billing'));
  });

  it('says when a cancelled subscription ends, and warns about a failed payment', async () => {
    const first = renderApp('/dashboard', {
      user: captainUser(),
      api: {
        'GET /api/stripe/subscription': () => json(200, { subscription: { ...subscription, cancelAtPeriodEnd: true } }),
      },
    });
    expect(await screen.findByText('Ends on Dec 22, 2026')).toBeTruthy();
    first.unmount();

    renderApp('/dashboard', {
      user: captainUser(),
      api: {
        'GET /api/stripe/subscription': () => json(200, { subscription: { ...subscription, status: 'past_due' } }),
      },
    });
    expect(await screen.findByText(/Your last payment failed/)).toBeTruthy();
  });

  it('offers no Manage Subscription without a subscription (none, or a tier an admin granted)', async () => {
    const { calls } = renderApp('/dashboard', { user: captainUser() });
    await waitFor(() => expect(calls).toContain('GET /api/stripe/subscription'));
    expect(tierRegion().getByText('Captain')).toBeTruthy();
    expect(tierRegion().queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
    expect(tierRegion().getByRole('link', { name: 'View Tiers' })).toBeTruthy();
  });

  it('shows why the portal did not open', async () => {
    renderApp('/dashboard', {
      user: captainUser(),
      api: {
        'GET /api/stripe/subscription': () => json(200, { subscription }),
        'POST /api/stripe/portal': () =>
          json(502, { error: { message: 'The payment provider could not be reached. Please try again.' } }),
      },
    });
    await screen.findByRole('region', { name: 'Supporter Tier' });
    fireEvent.click(await tierRegion().findByRole('button', { name: 'Manage Subscription' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The payment provider could not be reached');
    expect((tierRegion().getByRole('button', { name: 'Manage Subscription' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

describe("the site's own checkout page", () => {
  const itemsOrder = {
    _id: 'order-1',
    kind: 'items',
    status: 'pending',
    sandbox: true,
    currency: 'usd',
    amount: 25.97,
    lines: [
      { name: 'Aegis Frigate', quantity: 1, unitAmount: 15.99, amount: 15.99, credits: 0 },
      { name: '500 Credits', quantity: 2, unitAmount: 4.99, amount: 9.98, credits: 1000 },
    ],
    tier: null,
    fromTier: null,
    createdAt: '2026-11-22T12:00:00.000Z',
    successUrl: '/shop?payment=success',
    cancelUrl: '/shop?payment=cancelled',
  };

  it('shows the order, its amount and the test-mode banner; Pay pays and returns to the shop', async () => {
    const paid: string[] = [];
    const { router, calls } = renderApp('/checkout/order-1', {
      user: makeUser(),
      api: {
        'GET /api/stripe/orders/order-1': () => json(200, { order: itemsOrder }),
        'POST /api/stripe/orders/order-1/pay': () => {
          paid.push('order-1');
          return json(200, { url: '/shop?payment=success' });
        },
      },
    });

    expect(await screen.findByText('Test mode: no money moves')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeTruthy();
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['ItemQtyPrice', 'Aegis Frigate×1$15.99', '500 Credits+1,000 credits×2$9.98']);
    expect(screen.getByText('$25.97')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pay $25.97' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(paid).toEqual(['order-1']);
    expect(await screen.findByText('Payment successful! Your items have been added.')).toBeTruthy();
    expect(calls.filter((call) => call === 'GET /api/auth/me').length).toBeGreaterThanOrEqual(2);
  });

  it('cancels back to the shop with the cancelled banner', async () => {
    const { router } = renderApp('/checkout/order-1', {
      user: makeUser(),
      api: {
        'GET /api/stripe/orders/order-1': () => json(200, { order: itemsOrder }),
        'POST /api/stripe/orders/order-1/cancel': () => json(200, { url: '/shop?payment=cancelled' }),
      },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('Payment was cancelled.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/shop');
  });

  it("keeps the page and says why when Pay is refused, falling back to 'Checkout failed'", async () => {
    renderApp('/checkout/order-1', {
      user: makeUser(),
      api: {
        'GET /api/stripe/orders/order-1': () => json(200, { order: itemsOrder }),
        'POST /api/stripe/orders/order-1/pay': () => new Response('', { status: 500 }),
      },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Pay $25.97' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Checkout failed');
    expect((screen.getByRole('button', { name: 'Pay $25.97' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('confirms a tier change with Stripe: from and to, the prorated amount, no test-mode banner', async () => {
    const { router } = renderApp('/checkout/order-2', {
      user: captainUser(),
      api: {
        'GET /api/stripe/orders/order-2': () =>
          json(200, {
            order: {
              ...itemsOrder,
              _id: 'order-2',
              kind: 'tier_change',
              sandbox: false,
              amount: 10.32,
              lines: [],
              tier: { _id: 'tier-admiral', name: 'Admiral', price: 24.99 },
              fromTier: { _id: 'tier-captain', name: 'Captain', price: 9.99 },
              successUrl: '/tiers?subscription=success',
              cancelUrl: '/tiers',
            },
          }),
        'POST /api/stripe/orders/order-2/pay': () => json(200, { url: '/tiers?subscription=success' }),
        'GET /api/tiers': () => json(200, { tiers: [captain] }),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Change your tier' })).toBeTruthy();
    expect(screen.queryByText('Test mode: no money moves')).toBeNull();
    expect(screen.getByText('Admiral')).toBeTruthy();
    expect(screen.getByText('$10.32')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm change' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tiers'));
    expect(await screen.findByRole('dialog', { name: 'Thank you for your support!' })).toBeTruthy();
  });

  it('says an unknown order is not found, and a paid one is paid', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = renderApp('/checkout/nope', { user: makeUser() });
    expect(await screen.findByText('Order not found')).toBeTruthy();
    first.unmount();
    logged.mockRestore();

    renderApp('/checkout/order-1', {
      user: makeUser(),
      api: { 'GET /api/stripe/orders/order-1': () => json(200, { order: { ...itemsOrder, status: 'paid' } }) },
    });
    expect(await screen.findByText('This order has been paid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('sends a guest to log in', async () => {
    const { router } = renderApp('/checkout/order-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('the sandbox portal', () => {
  const subscription = {
    tier: { _id: 'tier-captain', name: 'Captain', price: 9.99 },
    status: 'active',
    currentPeriodEnd: '2026-12-22T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    sandbox: true,
  };

  it('cancels the subscription after a confirmation, keeping the tier to the end of the month', async () => {
    let cancelled = 0;
    renderApp('/billing', {
      user: captainUser(),
      api: {
        'GET /api/stripe/subscription': () => json(200, { subscription }),
        'POST /api/stripe/sandbox/subscription/cancel': () => {
          cancelled += 1;
          return json(200, { subscription: { ...subscription, cancelAtPeriodEnd: true } });
        },
      },
    });

    expect(await screen.findByText('Test mode: no money moves')).toBeTruthy();
    expect(screen.getByText('Renews on Dec 22, 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel subscription' });
    expect(within(confirm).getByText(/You keep your tier and its perks until Dec 22, 2026/)).toBeTruthy();
    expect(cancelled).toBe(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText('Your subscription will end on Dec 22, 2026.')).toBeTruthy();
    expect(cancelled).toBe(1);
    expect(screen.getByText('Ends on Dec 22, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('says so when there is no subscription', async () => {
    renderApp('/billing', { user: makeUser() });
    expect(await screen.findByText('You have no active subscription.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Tiers' }).getAttribute('href')).toBe('/tiers');
  });
});

describe('revoked items in the inventory', () => {
  it('lists no entry whose payment was refunded or is disputed: only what the player holds', async () => {
    renderApp('/inventory', {
      user: makeUser(),
      api: {
        'GET /api/shop/user/inventory?*': () =>
          json(200, {
            inventory: [
              makeInventoryEntry({
                _id: 'e1',
                shopItem: makeItem({ _id: 'frigate', name: 'Aegis Frigate' }),
                acquiredMethod: 'cash_purchase',
                revokedAt: '2026-11-23T12:00:00.000Z',
                location: 'on_site',
                giftRefusal: 'This item was revoked',
                tradeRefusal: 'This item was revoked',
              }),
              makeInventoryEntry({ _id: 'e2', shopItem: makeItem({ _id: 'scout', name: 'Nova Scout' }) }),
            ],
          }),
      },
    });

    const held = within(await screen.findByRole('article', { name: 'Nova Scout' }));
    expect(held.getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Aegis Frigate' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says the inventory is empty when all it held was refunded', async () => {
    renderApp('/inventory', {
      user: makeUser(),
      api: {
        'GET /api/shop/user/inventory?*': () =>
          json(200, {
            inventory: [
              makeInventoryEntry({
                _id: 'e1',
                shopItem: makeItem({ _id: 'frigate', name: 'Aegis Frigate' }),
                revokedAt: '2026-11-23T12:00:00.000Z',
              }),
            ],
          }),
      },
    });

    expect(await screen.findByText('Your inventory is empty')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
