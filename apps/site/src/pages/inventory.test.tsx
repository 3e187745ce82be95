// The inventory of SPEC.md §2/§4: owned items, delivery status, acquisition, trade lock, the empty state.

import { MAX_PAGE_SIZE } from '@starport/api-client/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { controlledStream } from '../test/event-stream.ts';
import { json, makeInventoryEntry, makeItem, makeUser, renderApp } from '../test/render-app.tsx';
import { INVENTORY_REREAD_PAGE } from './use-inventory.ts';

const delivered = makeInventoryEntry({
  _id: 'e1',
  shopItem: makeItem({ _id: 'scout', name: 'Nova Scout', rarity: 'rare' }),
  quantity: 1,
  deliveredToGame: true,
  location: 'in_game',
  giftRefusal: 'This item is already in the game',
  tradeRefusal: 'This item is already in the game',
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
  giftRefusal: 'Trade locked until Nov 29, 2026',
  tradeRefusal: 'Trade locked until Nov 29, 2026',
});
const bound = makeInventoryEntry({
  _id: 'e4',
  shopItem: makeItem({ _id: 'badge', name: 'Founder Badge', isTradeable: false, isGiftable: true }),
  tradeRefusal: 'This item cannot be traded',
});
const gift = makeInventoryEntry({
  _id: 'e5',
  shopItem: makeItem({ _id: 'probe', name: 'Deep Probe' }),
  acquiredMethod: 'gift',
  acquiredAs: 'gift',
  acquiredFrom: 'orbit_friend',
  location: 'on_site',
  keptOnSite: true,
});

/**
 * The inventory call as the server answers it: all of `entries` without a page asked for, else
 * `limit` of them from the cursor on (the cursor here is the index to go on from), and the next cursor.
 */
function inventoryApi(entries: unknown[], failAt?: { cursor: string; times: number }) {
  let failures = failAt?.times ?? 0;
  return {
    'GET /api/shop/user/inventory?*': ({ url }: { url: string }) => {
      const query = new URL(url, 'http://site').searchParams;
      const limit = query.get('limit');
      if (!limit) return json(200, { inventory: entries, nextCursor: null });
      const cursor = query.get('cursor');
      if (cursor && cursor === failAt?.cursor && failures > 0) {
        failures -= 1;
        return json(500, { error: { message: 'Internal error' } });
      }
      const from = Number(cursor ?? 0);
      const to = from + Number(limit);
      return json(200, { inventory: entries.slice(from, to), nextCursor: to < entries.length ? String(to) : null });
    },
  };
}

/** The names of the cards drawn, in order. */
const cardNames = () =>
  screen
    .getAllByRole('article')
    .map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent);

function entryCard(name: string) {
  return within(screen.getByRole('article', { name }));
}

function action(card: ReturnType<typeof entryCard>, label: 'Trade' | 'Gift') {
  return card.queryByRole('link', { name: label }) ?? card.getByRole('button', { name: label });
}

/** A blocked action: focusable (aria-disabled, not disabled), described by its reason. */
function expectBlocked(element: HTMLElement, reason: string) {
  expect(element.tagName).toBe('BUTTON');
  expect(element.getAttribute('aria-disabled')).toBe('true');
  expect((element as HTMLButtonElement).disabled).toBe(false);
  const described = document.getElementById(element.getAttribute('aria-describedby') ?? '');
  expect(described?.textContent).toBe(reason);
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

  it('goes from its skeleton straight to the entries, never through the empty inventory', async () => {
    // Every text the page ever put on the screen while it loaded, however briefly.
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([delivered, pending]) });

    await screen.findByRole('article', { name: 'Nova Scout' });
    observer.disconnect();
    expect(seen.some((text) => text.includes('Your inventory is empty'))).toBe(false);
  });

  it('draws a long inventory a few dozen entries at a time, ending with every entry in order', async () => {
    const hangar = Array.from({ length: 70 }, (_, i) =>
      makeInventoryEntry({ _id: `e-${i}`, shopItem: makeItem({ _id: `ship-${i}`, name: `Ship ${i}` }) }),
    );
    renderApp('/inventory', { user: makeUser(), api: inventoryApi(hangar) });

    await screen.findByRole('article', { name: 'Ship 0' });
    await waitFor(() => expect(cardNames()).toHaveLength(70), { timeout: 10_000 });
    expect(cardNames()).toEqual(hangar.map((entry) => entry.shopItem.name));
    // 24 with the first page, then 46 more from the second, drawn a step at a time. Drawn in jsdom on a
    // busy machine it takes seconds.
  }, 20_000);

  it('asks for a small first page, then the next pages as the cards drawn reach the end of what came', async () => {
    const hangar = Array.from({ length: 100 }, (_, i) =>
      makeInventoryEntry({ _id: `e-${i}`, shopItem: makeItem({ _id: `ship-${i}`, name: `Ship ${i}` }) }),
    );
    const { calls } = renderApp('/inventory', { user: makeUser(), api: inventoryApi(hangar) });

    await screen.findByRole('article', { name: 'Ship 0' });
    await waitFor(() => expect(cardNames()).toHaveLength(100), { timeout: 10_000 });
    expect(cardNames()).toEqual(hangar.map((entry) => entry.shopItem.name));
    expect(calls.filter((call) => call.startsWith('GET /api/shop/user/inventory'))).toEqual([
      'GET /api/shop/user/inventory?limit=24',
      'GET /api/shop/user/inventory?limit=60&cursor=24',
      'GET /api/shop/user/inventory?limit=60&cursor=84',
    ]);
    expect(screen.queryByText('Loading more...')).toBeNull();
  }, 20_000);

  it('asks for the first held entry’s picture as soon as the first page comes, at high priority', async () => {
    const picture = (name: string) => ({
      imageUrl: `/images/library/${name}.webp`,
      image: {
        url: `/images/library/${name}.webp?v=h`,
        width: 512,
        height: 512,
        variants: [{ url: `/images/library/${name}.webp?v=h`, width: 512 }],
      },
    });
    const refunded = makeInventoryEntry({
      _id: 'gone',
      shopItem: makeItem({ _id: 'gone', name: 'Refunded Hauler', ...picture('hauler') }),
      revokedAt: '2026-11-23T12:00:00.000Z',
    });
    const held = makeInventoryEntry({
      _id: 'held',
      shopItem: makeItem({ _id: 'lance', name: 'Ion Lance', ...picture('lance') }),
    });
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([refunded, held]) });

    await screen.findByRole('article', { name: 'Ion Lance' });
    const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(preloads.map((link) => [link.getAttribute('imagesrcset'), link.getAttribute('fetchpriority')])).toEqual([
      ['/images/library/lance.webp?v=h 512w', 'high'],
    ]);
    for (const link of preloads) link.remove();
  });

  it('shows its skeleton, not the empty inventory, while a first page of refunded entries is followed by the next', async () => {
    const refunded = Array.from({ length: 24 }, (_, i) =>
      makeInventoryEntry({
        _id: `r-${i}`,
        shopItem: makeItem({ _id: `gone-${i}`, name: `Refunded ${i}` }),
        revokedAt: '2026-11-23T12:00:00.000Z',
      }),
    );
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([...refunded, delivered]) });

    expect(await screen.findByRole('article', { name: 'Nova Scout' }, { timeout: 10_000 })).toBeTruthy();
    observer.disconnect();
    expect(seen.some((text) => text.includes('Your inventory is empty'))).toBe(false);
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('reads again as many entries as had come when a notice says the inventory changed', async () => {
    const stream = controlledStream();
    const hangar = Array.from({ length: 30 }, (_, i) =>
      makeInventoryEntry({ _id: `e-${i}`, shopItem: makeItem({ _id: `ship-${i}`, name: `Ship ${i}` }) }),
    );
    const { calls } = renderApp('/inventory', {
      user: makeUser(),
      api: { ...inventoryApi(hangar), 'GET /api/notifications/stream': () => stream.response() },
    });
    await waitFor(() => expect(cardNames()).toHaveLength(30), { timeout: 10_000 });

    // A gift arrives: newest, so first.
    hangar.unshift(
      makeInventoryEntry({ _id: 'gift', shopItem: makeItem({ _id: 'probe', name: 'Deep Probe' }), acquiredAs: 'gift' }),
    );
    stream.send('notification', {
      _id: 'n-1',
      kind: 'gift_received',
      data: {},
      createdAt: new Date().toISOString(),
      readAt: null,
    });
    await waitFor(() => expect(cardNames()).toHaveLength(31), { timeout: 10_000 });
    expect(cardNames()).toEqual(hangar.map((entry) => entry.shopItem.name));
    const reads = calls.filter((call) => call.startsWith('GET /api/shop/user/inventory'));
    // The first page, the rest of the 30, then the 30 read again in one page, then the one left over.
    expect(reads).toEqual([
      'GET /api/shop/user/inventory?limit=24',
      'GET /api/shop/user/inventory?limit=60&cursor=24',
      'GET /api/shop/user/inventory?limit=30',
      'GET /api/shop/user/inventory?limit=60&cursor=30',
    ]);
  }, 20_000);

  it('reads again in pages as long as the server gives', () => {
    expect(INVENTORY_REREAD_PAGE).toBe(MAX_PAGE_SIZE);
  });

  it('offers Load more when a later page did not come, and goes on from there when asked', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hangar = Array.from({ length: 40 }, (_, i) =>
      makeInventoryEntry({ _id: `e-${i}`, shopItem: makeItem({ _id: `ship-${i}`, name: `Ship ${i}` }) }),
    );
    renderApp('/inventory', { user: makeUser(), api: inventoryApi(hangar, { cursor: '24', times: 1 }) });

    const more = await screen.findByRole('button', { name: 'Load more' }, { timeout: 10_000 });
    expect(screen.getByRole('alert').textContent).toBe('Could not load the rest of your inventory.');
    // What came is all drawn meanwhile.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    expect(logged).toHaveBeenCalledWith('Failed to load more of the inventory', expect.anything());

    act(() => more.click());
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40), { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  }, 20_000);

  it('leads Trade to the trade page for this entry and opens the Gift dialog when the item may be passed on', async () => {
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([pending]) });

    await screen.findByRole('article', { name: 'Repair Drones' });
    const drones = entryCard('Repair Drones');
    expect(action(drones, 'Trade').getAttribute('href')).toBe('/trade?entry=e2');
    act(() => action(drones, 'Gift').click());
    const dialog = await screen.findByRole('dialog', { name: 'Gift Repair Drones' });
    expect(within(dialog).getByRole('combobox', { name: 'Recipient' })).toBeTruthy();
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity' })).toBeTruthy();
    expect(drones.queryByText(/Trade locked/)).toBeNull();
  });

  it('shows the trade lock with its date and blocks Trade and Gift meanwhile, saying why', async () => {
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([locked]) });

    await screen.findByRole('article', { name: 'Aegis Frigate' });
    const frigate = entryCard('Aegis Frigate');
    expect(frigate.getByText('Trade locked until Nov 29, 2026', { selector: '.trade-lock span' })).toBeTruthy();
    for (const label of ['Trade', 'Gift'] as const)
      expectBlocked(action(frigate, label), 'Trade locked until Nov 29, 2026');
  });

  it('blocks only what the item does not allow, and says why', async () => {
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([bound]) });

    await screen.findByRole('article', { name: 'Founder Badge' });
    const badge = entryCard('Founder Badge');
    expectBlocked(action(badge, 'Trade'), 'This item cannot be traded');
    expect(action(badge, 'Gift').getAttribute('aria-disabled')).toBeNull();
    expect(badge.getByText('This item cannot be traded.')).toBeTruthy();
  });

  it('blocks Trade while the trade tab is switched off, and leaves Gift', async () => {
    renderApp('/inventory', { user: makeUser(), visibleTabs: { trade: false }, api: inventoryApi([pending]) });

    await screen.findByRole('article', { name: 'Repair Drones' });
    await vi.waitFor(() =>
      expect(action(entryCard('Repair Drones'), 'Trade').getAttribute('aria-disabled')).toBe('true'),
    );
    expect(action(entryCard('Repair Drones'), 'Gift').getAttribute('aria-disabled')).toBeNull();
  });

  it('shows where an entry is, who gave it, and Send to game for a kept one', async () => {
    renderApp('/inventory', { user: makeUser(), api: inventoryApi([gift, delivered]) });

    await screen.findByRole('article', { name: 'Deep Probe' });
    const probe = entryCard('Deep Probe');
    expect(probe.getByText('On site')).toBeTruthy();
    expect(probe.getByText('orbit_friend')).toBeTruthy();
    expect(probe.getByRole('button', { name: 'Send to game' })).toBeTruthy();
    const scout = entryCard('Nova Scout');
    expect(scout.queryByRole('button', { name: /Keep on site|Send to game/ })).toBeNull();
    expectBlocked(action(scout, 'Gift'), 'This item is already in the game');
  });

  it('shows Loading until the inventory arrives', async () => {
    let answer: ((response: Response) => void) | null = null;
    renderApp('/inventory', {
      user: makeUser(),
      api: {
        'GET /api/shop/user/inventory?*': () =>
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
      api: { 'GET /api/shop/user/inventory?*': () => json(500, { error: { message: 'Internal error' } }) },
    });

    expect(await screen.findByText('Your inventory is empty')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to load inventory', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });
});
