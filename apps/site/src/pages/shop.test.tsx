// The shop of SPEC.md §2/§5/§8: balance, category tabs, item cards, credit purchases and the payment
// banners.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeRoute } from '../test/render-app.tsx';
import { json, makeCategory, makeItem, makeTier, makeUser, renderApp } from '../test/render-app.tsx';

const categories = [
  makeCategory({ _id: 'c-credits', slug: 'credits', name: 'Credits', displayName: 'Credit Packs', order: 0 }),
  makeCategory({ _id: 'c-ships', slug: 'ships', name: 'Ships', displayName: 'Ships', order: 1 }),
  makeCategory({ _id: 'c-weapons', slug: 'weapons', name: 'Weapons', displayName: 'Weapons', order: 2 }),
  makeCategory({
    _id: 'c-armor',
    slug: 'armor',
    name: 'Armor',
    displayName: 'Armor & Shields',
    order: 3,
    isActive: false,
  }),
  makeCategory({ _id: 'c-bundles', slug: 'bundles', name: 'Bundles', displayName: 'Bundles', order: 4 }),
];

const scout = makeItem({ _id: 'scout', name: 'Nova Scout', category: 'ships', priceCredits: 500 });
const frigate = makeItem({
  _id: 'frigate',
  name: 'Aegis Frigate',
  category: 'ships',
  rarity: 'epic',
  description: 'A heavy frigate with layered shields and a long, detailed service record.',
  priceCredits: 2000,
  priceUSD: 19.99,
  discount: 20,
  gameItems: [
    { item_name: 'Aegis Frigate Hull', item_quantity: 1 },
    { item_name: 'Shield Booster', item_quantity: 2 },
  ],
});
const laser = makeItem({ _id: 'laser', name: 'Pulse Laser', category: 'weapons', rarity: 'rare', priceCredits: 300 });
const plating = makeItem({ _id: 'plating', name: 'Titan Plating', category: 'armor', priceCredits: 400 });
const pack = makeItem({
  _id: 'pack',
  name: 'Credit Pack',
  category: 'credits',
  rarity: 'uncommon',
  priceCredits: 0,
  priceUSD: 19.99,
  creditAmount: 2500,
  gameItems: [],
});
const items = [pack, scout, frigate, laser, plating];

function shopApi(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /api/shop/items': () => json(200, { items }),
    'GET /api/shop/categories': () => json(200, { categories }),
    ...overrides,
  };
}

/** The tabs' names as a screen reader says them: the decorative category icons left out. */
function tabNames() {
  const group = screen.getByRole('group', { name: 'Categories' });
  return within(group)
    .getAllByRole('button')
    .map((button) =>
      Array.from(button.childNodes)
        .filter((node) => !(node instanceof Element && node.getAttribute('aria-hidden') === 'true'))
        .map((node) => node.textContent)
        .join(''),
    );
}

function itemCard(name: string) {
  return within(screen.getByRole('article', { name }));
}

function cardNames() {
  return screen.getAllByRole('article').map((card) => card.querySelector('.shop-card-name')?.textContent);
}

/**
 * The item's card once the signed-in player's view of it is drawn (its buy button): the session's
 * answer is drawn as a transition, which may come after the catalogue.
 */
async function signedInCard(name: string) {
  await waitFor(() => buyButton(name));
  return itemCard(name);
}

function buyButton(name: string) {
  return itemCard(name).getByRole('button', { name: /Buy with Credits|Insufficient Credits|Purchasing|Requires/ });
}

describe('shop page', () => {
  it('shows All Items and only the active categories that hold items, in order', async () => {
    renderApp('/shop', { api: shopApi() });

    await screen.findByRole('article', { name: 'Nova Scout' });
    expect(tabNames()).toEqual(['All Items', 'Credit Packs', 'Ships', 'Weapons']);
    expect(cardNames()).toEqual(['Credit Pack', 'Nova Scout', 'Aegis Frigate', 'Pulse Laser', 'Titan Plating']);
  });

  it('draws a long catalogue a few rows at a time, ending with every card in order', async () => {
    const fleet = Array.from({ length: 40 }, (_, i) =>
      makeItem({ _id: `ship-${i}`, name: `Ship ${i}`, category: 'ships', priceCredits: 100 }),
    );
    renderApp('/shop', { api: shopApi({ 'GET /api/shop/items': () => json(200, { items: fleet }) }) });

    await screen.findByRole('article', { name: 'Ship 0' });
    await waitFor(() => expect(cardNames()).toHaveLength(40));
    expect(cardNames()).toEqual(fleet.map((item) => item.name));
  });

  it('filters the cards by category', async () => {
    renderApp('/shop', { api: shopApi() });
    await screen.findByRole('article', { name: 'Nova Scout' });

    fireEvent.click(screen.getByRole('button', { name: 'Ships' }));

    expect(cardNames()).toEqual(['Nova Scout', 'Aegis Frigate']);
    expect(screen.getByRole('button', { name: 'Ships' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'All Items' }).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'All Items' }));
    expect(cardNames()).toHaveLength(5);
  });

  it('fades the side of the tab row that has more tabs, following the scroll', async () => {
    renderApp('/shop', { api: shopApi() });
    await screen.findByRole('article', { name: 'Nova Scout' });
    const row = screen.getByRole('group', { name: 'Categories' });
    expect(row.hasAttribute('data-more-before')).toBe(false);
    expect(row.hasAttribute('data-more-after')).toBe(false);

    // jsdom lays nothing out: the row is given a phone's width, 600 px of tabs in 390 px.
    Object.defineProperty(row, 'clientWidth', { configurable: true, value: 390 });
    Object.defineProperty(row, 'scrollWidth', { configurable: true, value: 600 });
    const scrollTo = (left: number) => {
      row.scrollLeft = left;
      fireEvent.scroll(row);
    };

    scrollTo(0);
    expect(row.hasAttribute('data-more-before')).toBe(false);
    expect(row.getAttribute('data-more-after')).toBe('true');
    scrollTo(100);
    expect(row.getAttribute('data-more-before')).toBe('true');
    expect(row.getAttribute('data-more-after')).toBe('true');
    scrollTo(210);
    expect(row.getAttribute('data-more-before')).toBe('true');
    expect(row.hasAttribute('data-more-after')).toBe(false);
  });

  it('leaves only All Items when the categories cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/shop', {
      api: shopApi({ 'GET /api/shop/categories': () => json(500, { error: { message: 'Internal error' } }) }),
    });

    await screen.findByRole('article', { name: 'Nova Scout' });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load shop categories', expect.anything()));
    expect(tabNames()).toEqual(['All Items']);
    expect(cardNames()).toHaveLength(5);
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });

  it("says 'No items found in this category' when there is nothing to show", async () => {
    renderApp('/shop');

    expect(await screen.findByText('No items found in this category')).toBeTruthy();
    expect(tabNames()).toEqual(['All Items']);
  });

  it('shows rarity, prices after discount, the discount badge and a credit pack amount', async () => {
    renderApp('/shop', { api: shopApi() });
    await screen.findByRole('article', { name: 'Aegis Frigate' });

    const frigateCard = itemCard('Aegis Frigate');
    expect(frigateCard.getByText('Epic').className).toContain('rarity-epic');
    expect(frigateCard.getByText('-20%')).toBeTruthy();
    expect(frigateCard.getByText('1,600 credits')).toBeTruthy();
    expect(frigateCard.getByText('$15.99')).toBeTruthy();
    const originals = Array.from(screen.getByRole('article', { name: 'Aegis Frigate' }).querySelectorAll('s'));
    expect(originals.map((original) => original.textContent)).toEqual(['Was 2,000', 'Was $19.99']);

    const scoutCard = itemCard('Nova Scout');
    expect(scoutCard.getByText('Common').className).toContain('rarity-common');
    expect(scoutCard.getByText('500 credits')).toBeTruthy();
    expect(scoutCard.queryByText(/%$/)).toBeNull();
    expect(scoutCard.queryByText(/^\$/)).toBeNull();

    const packCard = itemCard('Credit Pack');
    expect(packCard.getByText('2,500 credits')).toBeTruthy();
    expect(packCard.getByText('$19.99')).toBeTruthy();
    expect(packCard.queryByRole('button', { name: /Buy with Credits/ })).toBeNull();
  });

  it('shows a running sale: its badge, the old price struck through, the countdown, and the better of the two discounts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-22T12:00:00.000Z') });
    try {
      const endsAt = '2026-11-24T16:30:00.000Z';
      renderApp('/shop', {
        api: shopApi({
          'GET /api/shop/items': () =>
            json(200, {
              items: [
                { ...scout, sale: { percent: 30, endsAt } },
                // Its own 20 % is beaten by the sale's 30 %; the frigate's 50 % beats it, never stacked.
                { ...frigate, discount: 50, sale: { percent: 30, endsAt } },
              ],
            }),
        }),
      });
      await screen.findByRole('article', { name: 'Nova Scout' });
      const scoutCard = itemCard('Nova Scout');
      expect(scoutCard.getByText('Sale -30%')).toBeTruthy();
      expect(scoutCard.getByText('350 credits')).toBeTruthy();
      expect(screen.getByRole('article', { name: 'Nova Scout' }).querySelector('s')?.textContent).toBe('Was 500');
      expect(scoutCard.getByText('2d 4h').closest('p')?.textContent).toBe('Sale ends in 2d 4h');

      const frigateCard = itemCard('Aegis Frigate');
      expect(frigateCard.queryByText(/^Sale/)).toBeNull();
      expect(frigateCard.getByText('-50%')).toBeTruthy();
      expect(frigateCard.getByText('1,000 credits')).toBeTruthy();

      // Past its end the card goes back to the list price without a reload.
      await act(async () => {
        vi.setSystemTime(new Date('2026-11-24T16:30:01.000Z'));
        vi.advanceTimersByTime(1000);
      });
      expect(scoutCard.queryByText('Sale -30%')).toBeNull();
      expect(scoutCard.getByText('500 credits')).toBeTruthy();
      expect(scoutCard.queryByText(/Sale ends in/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the placeholder when an item has no image or its image fails to load', async () => {
    renderApp('/shop', {
      api: shopApi({
        'GET /api/shop/items': () =>
          json(200, { items: [scout, makeItem({ _id: 'laser', name: 'Pulse Laser', imageUrl: '/images/laser.png' })] }),
      }),
    });
    await screen.findByRole('article', { name: 'Pulse Laser' });

    expect(itemCard('Nova Scout').getByRole('img', { name: 'Nova Scout' }).tagName).toBe('DIV');
    const picture = itemCard('Pulse Laser').getByRole('img', { name: 'Pulse Laser' });
    expect(picture.tagName).toBe('IMG');
    // The first card has no picture, so it holds nobody up: the queue opens (in a transition).
    await waitFor(() => expect(picture.getAttribute('src')).toBe('/images/laser.png'));

    fireEvent.error(picture);

    expect(itemCard('Pulse Laser').getByRole('img', { name: 'Pulse Laser' }).tagName).toBe('DIV');
  });

  it('fetches the first row’s pictures at once (the first before the others), the rest lazily, each the narrowest copy that fills its card', async () => {
    const pictured = Array.from({ length: 6 }, (_, index) => {
      const url = `/images/seed/p${index}.webp`;
      return makeItem({
        _id: `p${index}`,
        name: `Pictured ${index}`,
        imageUrl: url,
        image: {
          url: `${url}?v=h${index}`,
          width: 512,
          height: 384,
          variants: [
            { url: `${url}?v=h${index}&w=192`, width: 192 },
            { url: `${url}?v=h${index}&w=384`, width: 384 },
            { url: `${url}?v=h${index}`, width: 512 },
          ],
        },
      });
    });
    renderApp('/shop', { api: shopApi({ 'GET /api/shop/items': () => json(200, { items: pictured }) }) });
    await screen.findByRole('article', { name: 'Pictured 5' });

    const pictures = pictured.map((item) => itemCard(item.name).getByRole('img', { name: item.name }));
    expect(pictures.map((picture) => [picture.getAttribute('loading'), picture.getAttribute('fetchpriority')])).toEqual(
      [
        ['eager', 'high'],
        ['eager', null],
        ['eager', null],
        ['eager', null],
        ['lazy', null],
        ['lazy', null],
      ],
    );
    const first = pictures[0] as HTMLElement;
    expect(first.getAttribute('src')).toBe('/images/seed/p0.webp?v=h0');
    expect(first.getAttribute('srcset')).toBe(
      '/images/seed/p0.webp?v=h0&w=192 192w, /images/seed/p0.webp?v=h0&w=384 384w, /images/seed/p0.webp?v=h0 512w',
    );
    expect(first.getAttribute('sizes')).toMatch(/^\(max-width: 639px\) calc\(50vw - 24px\), .*, 255px$/);
    expect([first.getAttribute('width'), first.getAttribute('height'), first.getAttribute('decoding')]).toEqual([
      '512',
      '384',
      'async',
    ]);
    // Issue 23, item 9: a lazy picture waits transparent over its frame's placeholder until it has
    // loaded, then is marked and fades in; the first row's show at once.
    const lazy = pictures[4] as HTMLImageElement;
    expect(lazy.classList.contains('fade-in')).toBe(true);
    expect(lazy.hasAttribute('data-loaded')).toBe(false);
    fireEvent.load(lazy);
    expect(lazy.hasAttribute('data-loaded')).toBe(true);
    expect(first.classList.contains('fade-in')).toBe(false);
  });

  it('expands one card at a time on click, showing its game items, and collapses it again', async () => {
    renderApp('/shop', { api: shopApi() });
    await screen.findByRole('article', { name: 'Aegis Frigate' });
    const frigateToggle = itemCard('Aegis Frigate').getByRole('button', { name: 'Aegis Frigate' });
    const scoutToggle = itemCard('Nova Scout').getByRole('button', { name: 'Nova Scout' });
    expect(screen.queryByText('Shield Booster × 2')).toBeNull();

    fireEvent.click(itemCard('Aegis Frigate').getByText(/layered shields/));

    expect(frigateToggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Aegis Frigate Hull × 1')).toBeTruthy();
    expect(screen.getByText('Shield Booster × 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('article', { name: 'Nova Scout' }));

    expect(scoutToggle.getAttribute('aria-expanded')).toBe('true');
    expect(frigateToggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Shield Booster × 2')).toBeNull();

    fireEvent.click(scoutToggle);
    expect(scoutToggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('does not expand a card when its buy button is clicked', async () => {
    renderApp('/shop', { user: makeUser({ credits: 0 }), api: shopApi() });
    await signedInCard('Nova Scout');

    fireEvent.click(buyButton('Nova Scout'));

    expect(itemCard('Nova Scout').getByRole('button', { name: 'Nova Scout' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it("shows guests a log in link instead of a buy button, and a player's balance otherwise", async () => {
    const guest = renderApp('/shop', { api: shopApi() });
    await screen.findByRole('article', { name: 'Nova Scout' });

    expect(itemCard('Nova Scout').getByRole('link', { name: 'Log in to buy' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Buy with Credits' })).toBeNull();
    expect(screen.getByText(/to buy items with your credits/)).toBeTruthy();
    guest.unmount();

    renderApp('/shop', { user: makeUser({ credits: 1250 }), api: shopApi() });
    await signedInCard('Nova Scout');
    expect(screen.getByText('Your balance').nextElementSibling?.textContent).toBe('1,250 credits');
  });

  it('compares the balance with the discounted price, not the list price', async () => {
    renderApp('/shop', { user: makeUser({ credits: 1600 }), api: shopApi() });
    await signedInCard('Aegis Frigate');

    // 1,600 buys the frigate at 20% off (1,600), not at its 2,000 list price.
    expect(buyButton('Aegis Frigate').textContent).toBe('Buy with Credits');
    expect((buyButton('Aegis Frigate') as HTMLButtonElement).disabled).toBe(false);
    expect(buyButton('Nova Scout').textContent).toBe('Buy with Credits');
  });

  it("disables the button as 'Insufficient Credits' when the balance is short", async () => {
    renderApp('/shop', { user: makeUser({ credits: 499 }), api: shopApi() });
    await signedInCard('Nova Scout');

    expect(buyButton('Nova Scout').textContent).toBe('Insufficient Credits');
    expect((buyButton('Nova Scout') as HTMLButtonElement).disabled).toBe(true);
    expect(buyButton('Pulse Laser').textContent).toBe('Buy with Credits');
  });

  it('names the tier an exclusive item needs and lets only its holders buy it', async () => {
    const captain = makeTier({ _id: 'tier-captain', name: 'Captain' });
    const exclusive = makeItem({
      _id: 'paint',
      name: 'Captain Paint',
      category: 'bundles',
      tierExclusive: captain._id,
    });
    const api = shopApi({
      'GET /api/shop/items': () => json(200, { items: [exclusive] }),
      'GET /api/tiers': () => json(200, { tiers: [captain] }),
    });
    const first = renderApp('/shop', { user: makeUser({ credits: 5000 }), api });

    await signedInCard('Captain Paint');
    expect(await itemCard('Captain Paint').findByText('Captain tier exclusive')).toBeTruthy();
    expect(buyButton('Captain Paint').textContent).toBe('Requires Captain tier');
    expect((buyButton('Captain Paint') as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    renderApp('/shop', {
      user: makeUser({ credits: 5000, currentTier: { _id: 'tier-captain', name: 'Captain', price: 9.99 } }),
      api,
    });
    // The buy button comes with the session's player, after the card itself.
    await signedInCard('Captain Paint');
    expect(buyButton('Captain Paint').textContent).toBe('Buy with Credits');
  });

  it('buys with credits: buttons disabled meanwhile, then the toast and the refreshed balance', async () => {
    let user = makeUser({ credits: 1250 });
    let answer: (response: Response) => void = () => {};
    const bodies: unknown[] = [];
    renderApp('/shop', {
      user,
      api: shopApi({
        'GET /api/auth/me': () => json(200, { user }),
        'POST /api/shop/purchase': ({ body }) => {
          bodies.push(body);
          return new Promise<Response>((resolve) => {
            answer = resolve;
          });
        },
      }),
    });
    await signedInCard('Nova Scout');

    fireEvent.click(buyButton('Nova Scout'));

    expect(buyButton('Nova Scout').textContent).toBe('Purchasing...');
    expect((buyButton('Nova Scout') as HTMLButtonElement).disabled).toBe(true);
    expect((buyButton('Pulse Laser') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(buyButton('Pulse Laser'));
    user = makeUser({ credits: 750 });
    await act(async () => answer(json(200, { credits: 750, inventoryEntry: {} })));

    expect(await screen.findByText('Purchase successful!')).toBeTruthy();
    expect(await screen.findByText('750 credits', { selector: '.nav-credits' })).toBeTruthy();
    expect(screen.getByText('Your balance').nextElementSibling?.textContent).toBe('750 credits');
    expect(bodies).toEqual([{ itemId: 'scout', quantity: 1 }]);
    expect((buyButton('Pulse Laser') as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's refusal in an error toast", async () => {
    renderApp('/shop', {
      user: makeUser({ credits: 1250 }),
      api: shopApi({ 'POST /api/shop/purchase': () => json(409, { error: { message: 'Insufficient credits' } }) }),
    });
    await signedInCard('Nova Scout');

    fireEvent.click(buyButton('Nova Scout'));

    expect((await screen.findByRole('alert')).textContent).toContain('Insufficient credits');
    expect(screen.queryByText('Purchase successful!')).toBeNull();
    expect(buyButton('Nova Scout').textContent).toBe('Buy with Credits');
  });

  it("falls back to 'Purchase failed' without a message", async () => {
    renderApp('/shop', {
      user: makeUser({ credits: 1250 }),
      api: shopApi({ 'POST /api/shop/purchase': () => new Response('Bad gateway', { status: 502 }) }),
    });
    await signedInCard('Nova Scout');

    fireEvent.click(buyButton('Nova Scout'));

    expect((await screen.findByRole('alert')).textContent).toContain('Purchase failed');
  });

  it('thanks a returning buyer, refreshes the user and clears the query string', async () => {
    const { router, calls } = renderApp('/shop?payment=success', { user: makeUser(), api: shopApi() });

    expect(await screen.findByText('Payment successful! Your items have been added.')).toBeTruthy();
    // One /auth/me when the session starts, one more for the refresh the payment calls for.
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/auth/me')).toHaveLength(2));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/shop');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Payment successful! Your items have been added.')).toBeNull();
  });

  it("thanks the buyer once under StrictMode's doubled effects", async () => {
    const { router } = renderApp('/shop?payment=success', { user: makeUser(), strict: true, api: shopApi() });

    expect(await screen.findByText('Payment successful! Your items have been added.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByText('Payment successful! Your items have been added.')).toHaveLength(1);
  });

  it('says a cancelled payment was cancelled', async () => {
    const { router } = renderApp('/shop?payment=cancelled', { api: shopApi() });

    expect(await screen.findByText('Payment was cancelled.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Payment successful! Your items have been added.')).toBeNull();
  });

  it('buys for a friend with credits: the recipient checked, the refusal under the field, the confirmation naming them', async () => {
    let user = makeUser({ credits: 1250 });
    const bodies: unknown[] = [];
    renderApp('/shop', {
      user,
      api: shopApi({
        'GET /api/auth/me': () => json(200, { user }),
        'POST /api/shop/purchase': ({ body }) => {
          bodies.push(body);
          if ((body as { giftTo: string }).giftTo === 'nova') {
            return json(400, { error: { message: 'You cannot send a gift to yourself' } });
          }
          user = makeUser({ credits: 750 });
          return json(200, { credits: 750, inventoryEntry: {}, gift: { recipient: 'Vega', transferId: 't-1' } });
        },
      }),
    });
    await signedInCard('Nova Scout');
    // Credit packs cannot be given; guests see no buy buttons at all (above).
    expect(itemCard('Credit Pack').queryByRole('button', { name: /for a friend/ })).toBeNull();

    fireEvent.click(itemCard('Nova Scout').getByRole('button', { name: 'Buy Nova Scout for a friend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy Nova Scout for a friend' }));
    expect(dialog.queryByRole('button', { name: /Buy with Cash/ })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Buy with Credits (500)' }));
    expect(await dialog.findByText('Choose a player to send it to')).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(dialog.getByRole('combobox', { name: 'Recipient' }), { target: { value: 'nova' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Buy with Credits (500)' }));
    expect(await dialog.findByText('You cannot send a gift to yourself')).toBeTruthy();

    fireEvent.change(dialog.getByRole('combobox', { name: 'Recipient' }), { target: { value: 'vega' } });
    expect(dialog.getByText(/vega gets Nova Scout\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Buy with Credits (500)' }));

    expect(await screen.findByText('Purchase successful! Vega received Nova Scout.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('750 credits', { selector: '.nav-credits' })).toBeTruthy();
    expect(bodies).toEqual([
      { itemId: 'scout', quantity: 1, giftTo: 'nova' },
      { itemId: 'scout', quantity: 1, giftTo: 'vega' },
    ]);
  });

  it('buys for a friend with cash: the checkout names the friend and the browser goes to the payment page', async () => {
    const bodies: unknown[] = [];
    const { navigateAway } = renderApp('/shop', {
      user: makeUser({ credits: 100 }),
      api: shopApi({
        'POST /api/stripe/create-checkout-session': ({ body }) => {
          bodies.push(body);
          return json(200, { url: '/checkout/order-9' });
        },
      }),
    });
    await signedInCard('Aegis Frigate');

    fireEvent.click(itemCard('Aegis Frigate').getByRole('button', { name: 'Buy Aegis Frigate for a friend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy Aegis Frigate for a friend' }));
    // Too few credits: only the card remains.
    expect((dialog.getByRole('button', { name: 'Insufficient Credits' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dialog.getByRole('combobox', { name: 'Recipient' }), { target: { value: 'vega' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Buy with Cash ($15.99)' }));

    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('/checkout/order-9'));
    expect(bodies).toEqual([{ items: [{ itemId: 'frigate', quantity: 1 }], giftTo: 'vega' }]);
  });

  it('buys with a coupon code: Apply shows the price after the code, a code that does not apply says why', async () => {
    const checks: unknown[] = [];
    const purchases: unknown[] = [];
    renderApp('/shop', {
      user: makeUser({ credits: 1700 }),
      api: shopApi({
        'POST /api/shop/coupons/check': ({ body }) => {
          checks.push(body);
          const { code } = body as { code: string };
          if (code === 'OLD')
            return json(400, { error: { message: 'This code has expired', code: 'invalid_request' } });
          return json(200, {
            code: 'SPRING25',
            credits: { before: 1600, after: 1200 },
            usd: { before: 15.99, after: 11.99 },
          });
        },
        'POST /api/shop/purchase': ({ body }) => {
          purchases.push(body);
          return json(200, { credits: 500, inventoryEntry: {} });
        },
      }),
    });
    await signedInCard('Aegis Frigate');
    fireEvent.click(itemCard('Aegis Frigate').getByRole('button', { name: 'Buy Aegis Frigate with a coupon code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy Aegis Frigate with a coupon' }));
    expect(dialog.getByRole('button', { name: 'Buy with Credits (1,600)' })).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('Coupon code'), { target: { value: 'OLD' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(await dialog.findByText('This code has expired')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Buy with Credits (1,600)' })).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('Coupon code'), { target: { value: 'spring25' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(await dialog.findByText('Code SPRING25 applied.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Buy with Credits (1,200)' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Buy with Cash ($11.99)' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Buy with Credits (1,200)' }));

    expect(await screen.findByText('Purchase successful!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(checks).toEqual([
      { code: 'OLD', itemId: 'frigate' },
      { code: 'spring25', itemId: 'frigate' },
    ]);
    expect(purchases).toEqual([{ itemId: 'frigate', quantity: 1, coupon: 'SPRING25' }]);
  });

  it('pays by card with a coupon code: the checkout carries the code', async () => {
    const bodies: unknown[] = [];
    const { navigateAway } = renderApp('/shop', {
      user: makeUser({ credits: 0 }),
      api: shopApi({
        'POST /api/shop/coupons/check': () =>
          json(200, { code: 'CARD5', credits: { before: 1600, after: 1100 }, usd: { before: 15.99, after: 10.99 } }),
        'POST /api/stripe/create-checkout-session': ({ body }) => {
          bodies.push(body);
          return json(200, { url: '/checkout/order-7' });
        },
      }),
    });
    await signedInCard('Aegis Frigate');
    fireEvent.click(itemCard('Aegis Frigate').getByRole('button', { name: 'Buy Aegis Frigate with a coupon code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy Aegis Frigate with a coupon' }));
    fireEvent.change(dialog.getByLabelText('Coupon code'), { target: { value: 'card5' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Buy with Cash ($10.99)' }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('/checkout/order-7'));
    expect(bodies).toEqual([{ items: [{ itemId: 'frigate', quantity: 1 }], coupon: 'CARD5' }]);
  });

  it('buys for a friend with a coupon code: the button shows the price after the code and the purchase carries it', async () => {
    const bodies: unknown[] = [];
    renderApp('/shop', {
      user: makeUser({ credits: 1000 }),
      api: shopApi({
        'POST /api/shop/coupons/check': () =>
          json(200, { code: 'HALF', credits: { before: 500, after: 250 }, usd: null }),
        'POST /api/shop/purchase': ({ body }) => {
          bodies.push(body);
          return json(200, { credits: 750, inventoryEntry: {}, gift: { recipient: 'Vega', transferId: 't-1' } });
        },
      }),
    });
    await signedInCard('Nova Scout');
    fireEvent.click(itemCard('Nova Scout').getByRole('button', { name: 'Buy Nova Scout for a friend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy Nova Scout for a friend' }));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Recipient' }), { target: { value: 'vega' } });
    fireEvent.change(dialog.getByLabelText('Coupon code'), { target: { value: 'half' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Buy with Credits (250)' }));
    expect(await screen.findByText('Purchase successful! Vega received Nova Scout.')).toBeTruthy();
    expect(bodies).toEqual([{ itemId: 'scout', quantity: 1, giftTo: 'vega', coupon: 'HALF' }]);
  });
});
