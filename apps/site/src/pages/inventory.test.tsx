// The inventory of SPEC.md §2/§4: owned items, delivery status, acquisition, trade lock, the empty state.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makeInventoryEntry, makeItem, makeUser, renderApp } from '../test/render-app.tsx';

const delivered = makeInventoryEntry({
  _id: 'e1',
  shopItem: makeItem({ _id: 'scout', name: 'Nova Scout', rarity: 'rare' }),
  quantity: 1,
  deliveredToGame: true,
  createdAt: '2026-11-22T12:00:00.000Z',
  acquiredMethod: 'credit_purchase',
});
const pending = makeInventoryEntry({
  _id: 'e2',
  shopItem: makeItem({ _id: 'drones', name: 'Repair Drones' }),
  quantity: 3,
  deliveredToGame: false,
  createdAt: '2026-03-05T12:00:00.000Z',
  acquiredMethod: 'admin_mail',
});
const locked = makeInventoryEntry({
  _id: 'e3',
  shopItem: makeItem({ _id: 'frigate', name: 'Aegis Frigate' }),
  tradeLocked: true,
  tradeLockedUntil: '2026-11-29T12:00:00.000Z',
  acquiredMethod: 'cash_purchase',
});
const bound = makeInventoryEntry({
  _id: 'e4',
  shopItem: makeItem({ _id: 'badge', name: 'Founder Badge', isTradeable: false, isGiftable: true }),
});

function inventoryApi(entries: unknown[]) {
  return { 'GET /api/shop/user/inventory': () => json(200, { inventory: entries }) };
}

function entryCard(name: string) {
  return within(screen.getByRole('article', { name }));
}

function action(card: ReturnType<typeof entryCard>, label: 'Trade' | 'Gift') {
  return card.queryByRole('link', { name: label }) ?? card.getByRole('button', { name: label });
}

describe('inventory page', () => {
  it('shows each entry with quantity, delivery status, acquired date and method', async () => {
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([delivered, pending]) });

    await screen.findByRole('article', { name: 'Nova Scout' });
    const scout = entryCard('Nova Scout');
    expect(scout.getByText('In Game')).toBeTruthy();
    expect(scout.queryByText('Pending')).toBeNull();
    expect(scout.getByText('×1')).toBeTruthy();
    expect(scout.getByText('Nov 22, 2026').getAttribute('dateTime')).toBe('2026-11-22T12:00:00.000Z');
    expect(scout.getByText('credit purchase')).toBeTruthy();
    expect(scout.getByText('Rare')).toBeTruthy();
    expect(scout.getByRole('img', { name: 'Nova Scout' })).toBeTruthy();

    const drones = entryCard('Repair Drones');
    expect(drones.getByText('Pending')).toBeTruthy();
    expect(drones.queryByText('In Game')).toBeNull();
    expect(drones.getByText('×3')).toBeTruthy();
    expect(drones.getByText('Mar 5, 2026')).toBeTruthy();
    expect(drones.getByText('admin mail')).toBeTruthy();
  });

  it('leads Trade and Gift to the trade page when the item may be passed on', async () => {
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([delivered]) });

    await screen.findByRole('article', { name: 'Nova Scout' });
    const scout = entryCard('Nova Scout');
    expect(action(scout, 'Trade').getAttribute('href')).toBe('/trade');
    expect(action(scout, 'Gift').getAttribute('href')).toBe('/trade');
    expect(scout.queryByText(/Trade locked/)).toBeNull();
  });

  it('shows the trade lock with its date and disables Trade and Gift meanwhile', async () => {
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([locked]) });

    await screen.findByRole('article', { name: 'Aegis Frigate' });
    const frigate = entryCard('Aegis Frigate');
    expect(frigate.getByText('Trade locked until Nov 29, 2026')).toBeTruthy();
    for (const label of ['Trade', 'Gift'] as const) {
      const button = action(frigate, label) as HTMLButtonElement;
      expect(button.tagName).toBe('BUTTON');
      expect(button.disabled).toBe(true);
      expect(button.title).toBe('Trade locked until Nov 29, 2026');
    }
  });

  it('disables only what the item does not allow, and says why', async () => {
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([bound]) });

    await screen.findByRole('article', { name: 'Founder Badge' });
    const badge = entryCard('Founder Badge');
    const trade = action(badge, 'Trade') as HTMLButtonElement;
    expect(trade.disabled).toBe(true);
    expect(trade.title).toBe('This item cannot be traded');
    expect(action(badge, 'Gift').getAttribute('href')).toBe('/trade');
    expect(badge.getByText('This item cannot be traded.')).toBeTruthy();
  });

  it('disables Trade and Gift while the trade tab is switched off', async () => {
    renderApp('/inventory', { user: makeUser(), visibleTabs: { trade: false }, api: inventoryApi([delivered]) });

    await screen.findByRole('article', { name: 'Nova Scout' });
    await vi.waitFor(() => expect((action(entryCard('Nova Scout'), 'Trade') as HTMLButtonElement).disabled).toBe(true));
    expect(action(entryCard('Nova Scout'), 'Gift').tagName).toBe('BUTTON');
  });

  it('shows Loading until the inventory arrives', async () => {
    let answer: ((response: Response) => void) | null = null;
    renderApp('/inventory', {
      user: makeUser(),
      api: {
        'GET /api/shop/user/inventory': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });

    expect(await screen.findByText('Loading your inventory...')).toBeTruthy();
    // The text can show before the page's effect has asked for the inventory: wait for the call.
    await waitFor(() => expect(answer).not.toBeNull());
    await act(async () => answer?.(json(200, { inventory: [delivered] })));

    expect(await screen.findByRole('article', { name: 'Nova Scout' })).toBeTruthy();
    expect(screen.queryByText('Loading your inventory...')).toBeNull();
  });

  it('shows the empty state with a link to the shop', async () => {
    renderApp('/inventory', { user: makeUser() });

    expect(await screen.findByText('Your inventory is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Visit the Shop' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('logs a failure to load and shows no message to the player', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/inventory', {
      user: makeUser(),
      api: { 'GET /api/shop/user/inventory': () => json(500, { error: { message: 'Internal error' } }) },
    });

    expect(await screen.findByText('Your inventory is empty')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to load inventory', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });
});
