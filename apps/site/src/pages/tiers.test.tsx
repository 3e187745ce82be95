// The Support page of SPEC.md §2/§4/§5: tier cards, button labels, badges, and the payment hand-off.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makeTier, makeUser, renderApp } from '../test/render-app.tsx';

const cadet = makeTier({ _id: 'tier-cadet', name: 'Cadet', price: 4.99, icon: '⭐', displayOrder: 0 });
const captain = makeTier({
  _id: 'tier-captain',
  name: 'Captain',
  price: 9.99,
  icon: '🚀',
  popular: true,
  benefits: ['Captain role on Discord', '600 bonus credits every month'],
  discordRole: 'Captain',
  discordRoleColor: '#06B6D4',
});
const admiral = makeTier({ _id: 'tier-admiral', name: 'Admiral', price: 24.99, icon: '👑', displayOrder: 2 });
const commodore = makeTier({ _id: 'tier-commodore', name: 'Commodore', price: 9.99, displayOrder: 3 });
const tiers = [cadet, captain, admiral, commodore];

const tiersApi = { 'GET /api/tiers': () => json(200, { tiers }) };

function tierCard(name: string) {
  return within(screen.getByRole('article', { name }));
}

/** The card's own button (Subscribe, Upgrade…), not its Gift a month. */
function buttonOf(name: string) {
  return tierCard(name).getAllByRole('button')[0] as HTMLButtonElement;
}

function holding(tier: typeof captain) {
  return makeUser({ currentTier: { _id: tier._id, name: tier.name, price: tier.price } });
}

describe('tiers page', () => {
  it('shows each tier with its icon, price per month, benefits and Discord role', async () => {
    renderApp('/tiers', { api: tiersApi });

    await screen.findByRole('article', { name: 'Captain' });
    const card = tierCard('Captain');
    // The icon is the Twemoji picture, not a glyph left to the platform's fonts.
    expect(screen.getByRole('article', { name: 'Captain' }).querySelector('.tier-icon img')?.getAttribute('src')).toBe(
      '/emoji/15.0.0/1f680.svg',
    );
    expect(card.getByText('$9.99').parentElement?.textContent).toBe('$9.99/month');
    expect(card.getByText('Captain role on Discord')).toBeTruthy();
    expect(card.getByText('600 bonus credits every month')).toBeTruthy();
    const role = card.getByText('Captain', { selector: '.role-badge' });
    expect(role.style.getPropertyValue('--role-color')).toBe('#06B6D4');
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('offers guests Subscribe on every tier and asks them to log in', async () => {
    const { calls } = renderApp('/tiers', { api: tiersApi });

    await screen.findByRole('article', { name: 'Captain' });
    expect(tiers.map((tier) => buttonOf(tier.name).textContent)).toEqual([
      'Subscribe',
      'Subscribe',
      'Subscribe',
      'Subscribe',
    ]);
    expect(screen.queryByRole('button', { name: /Gift a month/ })).toBeNull();

    fireEvent.click(buttonOf('Admiral'));

    const toast = await screen.findByText('Please log in to subscribe');
    expect(toast.closest('[role="status"]')?.className).toContain('toast-info');
    expect(calls.some((call) => call.includes('/stripe/'))).toBe(false);
  });

  it('labels the buttons for a player holding the middle tier', async () => {
    renderApp('/tiers', { user: holding(captain), api: tiersApi });

    await screen.findByRole('article', { name: 'Captain' });
    // The labels follow the session's player, who may come after the tiers.
    await waitFor(() => expect(buttonOf('Captain').textContent).toBe('Current Tier'));
    expect(buttonOf('Cadet').textContent).toBe('Downgrade');
    expect(buttonOf('Captain').textContent).toBe('Current Tier');
    expect(buttonOf('Captain').disabled).toBe(true);
    expect(buttonOf('Admiral').textContent).toBe('Upgrade');
    expect(buttonOf('Commodore').textContent).toBe('Change Tier');
    expect(buttonOf('Admiral').disabled).toBe(false);
    expect(tierCard('Captain').getByText('Your Current Tier')).toBeTruthy();
    expect(tierCard('Admiral').queryByText('Your Current Tier')).toBeNull();
  });

  it('marks the popular tier Most Popular unless the player holds a pricier one', async () => {
    const first = renderApp('/tiers', { user: makeUser(), api: tiersApi });
    await screen.findByRole('article', { name: 'Captain' });
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(tierCard('Captain').getByText('Most Popular')).toBeTruthy();
    first.unmount();

    const second = renderApp('/tiers', { user: holding(cadet), api: tiersApi });
    await screen.findByRole('article', { name: 'Captain' });
    await waitFor(() => expect(buttonOf('Cadet').textContent).toBe('Current Tier'));
    expect(tierCard('Captain').getByText('Most Popular')).toBeTruthy();
    second.unmount();

    renderApp('/tiers', { user: holding(admiral), api: tiersApi });
    await screen.findByRole('article', { name: 'Captain' });
    await waitFor(() => expect(buttonOf('Admiral').textContent).toBe('Current Tier'));
    expect(screen.queryByText('Most Popular')).toBeNull();
  });

  it('subscribes a player without a tier and sends the browser to the payment page', async () => {
    const bodies: unknown[] = [];
    const { navigateAway, calls } = renderApp('/tiers', {
      user: makeUser(),
      api: {
        ...tiersApi,
        'POST /api/stripe/subscribe': ({ body }) => {
          bodies.push(body);
          return json(200, { url: 'https://pay.test/session/1' });
        },
      },
    });

    await screen.findByRole('article', { name: 'Admiral' });

    fireEvent.click(buttonOf('Admiral'));

    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('https://pay.test/session/1'));
    expect(bodies).toEqual([{ tierId: 'tier-admiral' }]);
    expect(calls).not.toContain('POST /api/stripe/change-tier');
  });

  it('changes the tier of a player who holds one, with the button disabled meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    const bodies: unknown[] = [];
    const { navigateAway, calls } = renderApp('/tiers', {
      user: holding(captain),
      api: {
        ...tiersApi,
        'POST /api/stripe/change-tier': ({ body }) => {
          bodies.push(body);
          return new Promise<Response>((resolve) => {
            answer = resolve;
          });
        },
      },
    });
    await screen.findByRole('article', { name: 'Admiral' });

    fireEvent.click(buttonOf('Admiral'));

    await waitFor(() => expect(buttonOf('Admiral').disabled).toBe(true));
    expect(buttonOf('Cadet').disabled).toBe(true);
    fireEvent.click(buttonOf('Admiral'));
    await act(async () => answer(json(200, { url: 'https://pay.test/change/2' })));

    expect(navigateAway).toHaveBeenCalledWith('https://pay.test/change/2');
    expect(bodies).toEqual([{ tierId: 'tier-admiral' }]);
    expect(calls).not.toContain('POST /api/stripe/subscribe');
  });

  it("shows the server's refusal and lets the player try again", async () => {
    const { navigateAway } = renderApp('/tiers', {
      user: makeUser(),
      api: {
        ...tiersApi,
        'POST /api/stripe/subscribe': () => json(409, { error: { message: 'You already have a subscription' } }),
      },
    });
    await screen.findByRole('article', { name: 'Cadet' });

    fireEvent.click(buttonOf('Cadet'));

    expect((await screen.findByRole('alert')).textContent).toContain('You already have a subscription');
    expect(buttonOf('Cadet').disabled).toBe(false);
    expect(navigateAway).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to process subscription' without a message", async () => {
    renderApp('/tiers', {
      user: makeUser(),
      api: { ...tiersApi, 'POST /api/stripe/subscribe': () => new Response('Bad gateway', { status: 502 }) },
    });
    await screen.findByRole('article', { name: 'Cadet' });

    fireEvent.click(buttonOf('Cadet'));

    expect((await screen.findByRole('alert')).textContent).toContain('Failed to process subscription');
  });

  it('logs a failure to load the tiers and shows no tiers', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/tiers', { api: { 'GET /api/tiers': () => json(500, { error: { message: 'Internal error' } }) } });

    expect(await screen.findByText('No supporter tiers are available right now.')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to load tiers', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });

  it('gifts a month: the recipient by username, the gift-tier call, then the payment page', async () => {
    const bodies: unknown[] = [];
    const { navigateAway } = renderApp('/tiers', {
      user: holding(captain),
      api: {
        ...tiersApi,
        'POST /api/stripe/gift-tier': ({ body }) => {
          bodies.push(body);
          return (body as { giftTo: string }).giftTo === 'vega'
            ? json(409, { error: { message: 'vega already has a supporter tier' } })
            : json(200, { url: '/checkout/order-7' });
        },
      },
    });
    await screen.findByRole('article', { name: 'Admiral' });
    // Guests are not offered it (see above); a player is, on every tier, their own included.
    expect(tierCard('Captain').getByRole('button', { name: 'Gift a month of Captain' })).toBeTruthy();

    fireEvent.click(tierCard('Admiral').getByRole('button', { name: 'Gift a month of Admiral' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Gift a month of Admiral' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Continue to payment' }));
    expect(await dialog.findByText('Choose a player to send it to')).toBeTruthy();

    fireEvent.change(dialog.getByRole('combobox', { name: 'Recipient' }), { target: { value: 'vega' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Continue to payment' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('vega already has a supporter tier');

    fireEvent.change(dialog.getByRole('combobox', { name: 'Recipient' }), { target: { value: 'nova' } });
    expect(dialog.getByText(/nova gets the Admiral tier for a month\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('/checkout/order-7'));
    expect(bodies).toEqual([
      { tierId: 'tier-admiral', giftTo: 'vega' },
      { tierId: 'tier-admiral', giftTo: 'nova' },
    ]);
  });

  it('subscribes with a coupon code: the first month after the code is shown, then sent with the tier', async () => {
    const bodies: unknown[] = [];
    const { navigateAway } = renderApp('/tiers', {
      user: makeUser(),
      api: {
        ...tiersApi,
        'POST /api/shop/coupons/check': ({ body }) =>
          (body as { code: string }).code === 'HALF'
            ? json(200, { code: 'HALF', credits: null, usd: { before: 24.99, after: 12.5 } })
            : json(400, { error: { message: 'This code has expired' } }),
        'POST /api/stripe/subscribe': ({ body }) => {
          bodies.push(body);
          return json(200, { url: 'https://pay.test/session/9' });
        },
      },
    });
    await screen.findByRole('article', { name: 'Admiral' });

    fireEvent.click(tierCard('Admiral').getByRole('button', { name: 'Have a coupon code for Admiral?' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Subscribe to Admiral with a coupon' }));
    expect(dialog.getByText('Then $24.99 a month, until you cancel.')).toBeTruthy();
    const code = dialog.getByRole('textbox', { name: 'Coupon code' });
    fireEvent.change(code, { target: { value: 'OLD' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(await dialog.findByText('This code has expired')).toBeTruthy();

    fireEvent.change(code, { target: { value: 'HALF' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(await dialog.findByRole('button', { name: 'Subscribe ($12.50 today)' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Subscribe ($12.50 today)' }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('https://pay.test/session/9'));
    expect(bodies).toEqual([{ tierId: 'tier-admiral', coupon: 'HALF' }]);
  });

  it('offers a coupon code only where Subscribe is the action: not to guests, nor to a player with a tier', async () => {
    renderApp('/tiers', { user: holding(captain), api: tiersApi });
    await screen.findByRole('article', { name: 'Admiral' });
    expect(screen.queryByRole('button', { name: /Have a coupon code/ })).toBeNull();
  });
});
