// The trade page (issue 20): each offer shows what moves both ways from the player's side, the
// recipient accepts or declines and the sender cancels, a refusal (an offer no longer valid) shows in
// the offer in the server's words, and New trade opens with the inventory's entry picked.
import type { TradeOffer } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app.tsx';

const me = makeUser({ username: 'nova' });

function offer(overrides: Partial<TradeOffer>): TradeOffer {
  return {
    _id: 't1',
    status: 'open',
    invalidReason: null,
    from: 'orbit_friend',
    to: 'nova',
    give: { items: [{ entryId: 'e1', itemId: 'scout', name: 'Nova Scout', imageUrl: null, quantity: 2 }], credits: 0 },
    get: {
      items: [{ entryId: 'e2', itemId: 'drone', name: 'Repair Drones', imageUrl: null, quantity: 1 }],
      credits: 150,
    },
    message: 'Deal?',
    createdAt: '2026-11-22T12:00:00.000Z',
    expiresAt: '2026-11-29T12:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

function tradesApi(lists: {
  incoming?: TradeOffer[];
  outgoing?: TradeOffer[];
  history?: TradeOffer[];
  historyNextCursor?: string;
}) {
  return () =>
    json(200, { incoming: [], outgoing: [], history: [], historyNextCursor: null, creditsInTrades: true, ...lists });
}

describe('TradePage', () => {
  it('shows an incoming offer from the player’s side and accepts it', async () => {
    let accepted = false;
    const { calls } = renderApp('/trade', {
      user: me,
      api: {
        'GET /api/trades': () =>
          accepted
            ? tradesApi({ history: [offer({ status: 'accepted', decidedAt: '2026-11-23T12:00:00.000Z' })] })()
            : tradesApi({ incoming: [offer({})] })(),
        'POST /api/trades/t1/accept': () => {
          accepted = true;
          return json(200, { trade: offer({ status: 'accepted' }) });
        },
      },
    });
    const card = within(await screen.findByRole('article', { name: 'From orbit_friend' }));
    // The sender gives Nova Scout; the player gives Repair Drones and 150 credits.
    const [gives, gets] = card
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.parentElement as HTMLElement);
    expect(gives?.textContent).toBe('You giveRepair Drones×1¢150 credits');
    expect(gets?.textContent).toBe('You getNova Scout×2');
    expect(card.getByText('“Deal?”')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Trade with orbit_friend done')).toBeTruthy();
    expect(calls).toContain('POST /api/trades/t1/accept');
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(
      within(await screen.findByRole('article', { name: 'From orbit_friend' })).getByText('Accepted'),
    ).toBeTruthy();
  });

  it('shows why an accept was refused, in the server’s words, and the offer as no longer valid', async () => {
    const reason = 'orbit_friend no longer has Nova Scout';
    let refused = false;
    renderApp('/trade', {
      user: me,
      api: {
        'GET /api/trades': () =>
          refused
            ? tradesApi({ history: [offer({ status: 'invalid', invalidReason: reason })] })()
            : tradesApi({ incoming: [offer({})] })(),
        'POST /api/trades/t1/accept': () => {
          refused = true;
          return json(409, { error: { message: reason, code: 'conflict' } });
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const card = within(await screen.findByRole('article', { name: 'From orbit_friend' }));
    expect(card.getByText('No longer valid')).toBeTruthy();
    expect(card.getByText(reason)).toBeTruthy();
  });

  it('shows the reason once when the player opens History before the refusal arrives', async () => {
    const reason = 'orbit_friend no longer has Nova Scout';
    let answer!: () => void;
    const refusal = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let refused = false;
    let readAfterRefusal = 0;
    renderApp('/trade', {
      user: me,
      api: {
        'GET /api/trades': () => {
          if (refused) readAfterRefusal += 1;
          return refused
            ? tradesApi({ history: [offer({ status: 'invalid', invalidReason: reason })] })()
            : tradesApi({ incoming: [offer({})], history: [offer({ status: 'invalid', invalidReason: reason })] })();
        },
        'POST /api/trades/t1/accept': async () => {
          await refusal;
          refused = true;
          return json(409, { error: { message: reason, code: 'conflict' } });
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const card = within(await screen.findByRole('article', { name: 'From orbit_friend' }));
    answer();
    // The card asks for the trades again once the refusal is in: by then it has taken the refusal.
    await waitFor(() => expect(readAfterRefusal).toBeGreaterThan(0));
    await waitFor(() => expect(card.getAllByText(reason)).toHaveLength(1));
    expect(card.queryByRole('alert')).toBeNull();
    expect(card.getByText('No longer valid')).toBeTruthy();
  });

  it('loads older history a page at a time', async () => {
    renderApp('/trade', {
      user: me,
      api: {
        'GET /api/trades': tradesApi({
          history: [offer({ _id: 't2', status: 'declined', from: 'kestrel' })],
          historyNextCursor: 'c1',
        }),
        'GET /api/trades/history?cursor=c1': () =>
          json(200, { trades: [offer({ status: 'expired', from: 'old_friend' })], nextCursor: null }),
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('article', { name: 'From kestrel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(await screen.findByRole('article', { name: 'From old_friend' })).getByText('Expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('lets the sender cancel an outgoing offer', async () => {
    const { calls } = renderApp('/trade', {
      user: me,
      api: {
        'GET /api/trades': tradesApi({ outgoing: [offer({ from: 'nova', to: 'orbit_friend' })] }),
        'POST /api/trades/t1/cancel': () => json(200, { trade: offer({ status: 'cancelled' }) }),
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: /Outgoing/ }));
    const card = within(await screen.findByRole('article', { name: 'To orbit_friend' }));
    expect(card.queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Cancel offer' }));
    expect(await screen.findByText('Offer cancelled')).toBeTruthy();
    expect(calls).toContain('POST /api/trades/t1/cancel');
  });

  it('opens New trade with the inventory’s entry picked, and hides credits when the site turned them off', async () => {
    renderApp('/trade?entry=e9', {
      user: me,
      api: {
        'GET /api/trades': () => json(200, { incoming: [], outgoing: [], history: [], creditsInTrades: false }),
        'GET /api/players/nova/tradeable': () =>
          json(200, {
            player: 'nova',
            entries: [
              { _id: 'e9', itemId: 'frigate', name: 'Aegis Frigate', imageUrl: null, rarity: 'epic', quantity: 1 },
            ],
          }),
      },
    });
    const composer = within(await screen.findByRole('region', { name: 'New trade' }));
    expect(((await composer.findByRole('checkbox', { name: /Aegis Frigate/ })) as HTMLInputElement).checked).toBe(true);
    expect(composer.queryByLabelText('Credits you give')).toBeNull();
    fireEvent.click(composer.getByRole('button', { name: 'Send offer' }));
    expect(await composer.findByText('Choose a player to trade with')).toBeTruthy();
  });
});
